/** The only place that builds DynamoDB keys. Patterns are listed in functions/data/README.md. */
/**
 * The directory index is spread over this many partitions, read in parallel, so a burst of cold
 * starts does not all land on one partition and each read is a sixteenth of the index.
 */
export const DIRECTORY_SHARDS = 16;
export const directoryPartition = (shard: number) => `PUBLISHED#${shard}`;

/** FNV-1a of the user id: a stable, even spread of coaches over the directory's partitions. */
function directoryShardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % DIRECTORY_SHARDS;
}

const USER_PREFIX = 'USER#';
const namePartition = (lowercasedName: string) => `NAME#${lowercasedName.charAt(0)}`;
const VERIFIED_MENTORS_PARTITION = 'VERIFIED';
const PLAN_MENTORS_PARTITION = 'PLANS';
const coachRatingsPartition = (coachId: string) => `COACH#${coachId}#RATINGS`;
const coachSessionsPartition = (coachId: string) => `COACH#${coachId}#SESSIONS`;
const menteeSessionsPartition = (menteeId: string) => `MENTEE#${menteeId}#SESSIONS`;
const ratingsByStarsKey = (stars: number, timeKey: string) => `${stars}#${timeKey}`;
const coachLedgerPartition = (coachId: string) => `COACH#${coachId}#LEDGER`;
const conversationPartition = (conversationId: string) => `CONVERSATION#${conversationId}`;
const userConversationsPartition = (userId: string) => `USER#${userId}#CONVERSATIONS`;
const MESSAGE_PREFIX = 'MSG#';
/** Every report, open or decided, in one partition each: reports are few, and support reads them in order. */
const reportQueuePartition = (status: 'open' | 'decided') => `REPORTS#${status.toUpperCase()}`;
const MESSAGE_REPORT_PREFIX = 'REPORT#';
/** Zero-padded, so a conversation's messages sort by their sequence number. */
const messageSortKey = (seq: number) => `${MESSAGE_PREFIX}${String(seq).padStart(10, '0')}`;
/** `month` is `YYYY-MM` (UTC). */
const ledgerMonthPartition = (month: string) => `LEDGER#${month}`;

/** The audit log's entries of one month (`YYYY-MM`): the partition a range of entries is read from. */
const auditMonthPartition = (month: string) => `AUDIT#${month}`;
const OWED_TRANSFERS_PARTITION = 'TRANSFERS#OWED';
/** The sparse settlement index's one partition: every session whose money the daily sweep has not yet seen settled. */
const OPEN_SETTLEMENTS_PARTITION = 'SETTLEMENTS#OPEN';
/**
 * A session in the sparse settlement index, by its end (ISO, whole seconds), from its booking until
 * the daily sweep finds its money settled and removes it (data/settlements.ts).
 */
const openSettlement = (session: { id: string; end: string }) => ({
  settlepk: OPEN_SETTLEMENTS_PARTITION,
  settlesk: `${session.end}#${session.id}`,
});
/** The sparse disputes index's one partition: every disputed session support has not yet resolved. */
const OPEN_DISPUTES_PARTITION = 'DISPUTES#OPEN';
const DEAD_LETTERS_PARTITION = 'DEADLETTERS';
const DEAD_LETTER_PREFIX = 'DEADLETTER#';
const MENTOR_NO_SHOW_PREFIX = 'NOSHOW#';
export const PLAN_PAYOUT_SORT_KEY = 'PLANPAYOUT';
const coachPlansPartition = (coachId: string) => `COACH#${coachId}#PLANS`;
const menteePlansPartition = (menteeId: string) => `MENTEE#${menteeId}#PLANS`;

export const keys = {
  profile: (userId: string) => ({ pk: `${USER_PREFIX}${userId}`, sk: 'PROFILE' }),
  userIdOf: (pk: string) => pk.slice(USER_PREFIX.length),
  /** Every item of one user's own partition (profile, availability, tokens, quotas…): what deleting the account removes. */
  userPartition: (userId: string) => `${USER_PREFIX}${userId}`,
  /** Sparse directory index entry in the coach's shard, sorted by name so pages come out in a stable order. */
  directoryEntry: (coach: { userId: string; firstName: string; lastName: string }) => ({
    dirpk: directoryPartition(directoryShardOf(coach.userId)),
    dirsk: `${coach.lastName.toLowerCase()}#${coach.firstName.toLowerCase()}#${coach.userId}`,
  }),
  /**
   * Every profile in the sparse support index (support's name search): the lowercased full name, in the
   * partition of its first character, so a prefix reads one partition.
   */
  nameEntry: (profile: { userId: string; firstName: string; lastName: string }) => {
    const name = `${profile.firstName} ${profile.lastName}`.trim().toLowerCase();
    return { supportpk: namePartition(name), supportsk: `${name}#${profile.userId}` };
  },
  namePartition,
  availability: (coachId: string, availabilityId: string) => ({ pk: `USER#${coachId}`, sk: `AVAIL#${availabilityId}` }),
  /** Bumped by every add, so concurrent adds of one coach serialise (see data/availability.ts). */
  availabilityVersion: (coachId: string) => ({ pk: `USER#${coachId}`, sk: 'AVAILVERSION' }),
  availabilityPrefix: (coachId: string) => ({ pk: `USER#${coachId}`, skPrefix: 'AVAIL#' }),
  /** Claimed once per (mentee, coach) with a conditional put when a free consultation is booked. */
  freeConsultation: (menteeId: string, coachId: string) => ({ pk: `USER#${menteeId}`, sk: `FREECONSULT#${coachId}` }),
  /** The mentee's unpaid holds on coaches' time (data/unpaid-holds.ts). */
  unpaidHolds: (menteeId: string) => ({ pk: `USER#${menteeId}`, sk: 'UNPAIDHOLDS' }),
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  coachSessionsPartition,
  menteeSessionsPartition,
  /** Sessions of one coach by start time (gsi1) and of one mentee (gsi2). */
  sessionIndexes: (session: { id: string; coachId: string; menteeId: string; start: string; end: string }) => ({
    gsi1pk: coachSessionsPartition(session.coachId),
    gsi1sk: `${session.start}#${session.id}`,
    gsi2pk: menteeSessionsPartition(session.menteeId),
    gsi2sk: `${session.start}#${session.id}`,
    ...openSettlement(session),
  }),
  openSettlementsPartition: OPEN_SETTLEMENTS_PARTITION,
  /** The session an entry of the settlement index names (its sort key is `<end>#<id>`; an instant has no `#`). */
  sessionOfOpenSettlement: (settlesk: string) => settlesk.slice(settlesk.indexOf('#') + 1),
  /**
   * A session in the sparse support index's disputes, by when it was disputed, from the outcome's dispute until
   * support resolves it (data/session-outcomes.ts).
   */
  openDispute: (sessionId: string, disputedAt: string) => ({
    supportpk: OPEN_DISPUTES_PARTITION,
    supportsk: `${disputedAt}#${sessionId}`,
  }),
  openDisputesPartition: OPEN_DISPUTES_PARTITION,
  /** The session an entry of the disputes index names (its sort key is `<disputedAt>#<id>`). */
  sessionOfOpenDispute: (supportsk: string) => supportsk.slice(supportsk.indexOf('#') + 1),
  /** A job given up on (data/dead-letters.ts), in one partition: its id sorts by when it landed. */
  deadLetter: (id: string) => ({ pk: DEAD_LETTERS_PARTITION, sk: `${DEAD_LETTER_PREFIX}${id}` }),
  deadLetters: { pk: DEAD_LETTERS_PARTITION, skPrefix: DEAD_LETTER_PREFIX },
  /** One 15-minute block of a coach's time, held by the session that booked it (see data/time-claims.ts). */
  timeClaim: (coachId: string, blockStart: string) => ({ pk: `USER#${coachId}`, sk: `BUSY#${blockStart}` }),
  /** A coach's Zoom tokens: their own item, so no profile read ever carries them. */
  meetingConnection: (userId: string) => ({ pk: `USER#${userId}`, sk: 'ZOOM' }),
  /** Which session a Zoom meeting is for, and its host's e-mail: what Zoom's participant events are matched by. */
  meetingSession: (meetingId: string) => ({ pk: `ZOOMMEETING#${meetingId}`, sk: 'MEETING' }),
  /** The OAuth `state` of one Zoom consent in flight, naming the user who started it; expires by TTL. */
  meetingConsent: (state: string) => ({ pk: `ZOOMSTATE#${state}`, sk: 'STATE' }),
  /** A coach's Calendly tokens: their own item, so no profile read ever carries them. */
  calendarConnection: (userId: string) => ({ pk: `USER#${userId}`, sk: 'CALENDLY' }),
  /** The OAuth `state` of one Calendly consent in flight, naming the user who started it; expires by TTL. */
  calendarConsent: (state: string) => ({ pk: `CALENDLYSTATE#${state}`, sk: 'STATE' }),
  /** A mentor's own Google or Microsoft calendar connection: encrypted tokens and the chosen calendars. */
  mentorCalendar: (userId: string, provider: string) => ({ pk: `USER#${userId}`, sk: `CALENDAR#${provider}` }),
  mentorCalendarsPrefix: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'CALENDAR#' }),
  /** Every mentor calendar connection (gsi1), for the job that refreshes busy times each minute. */
  mentorCalendarsPartition: 'CALENDARS',
  mentorCalendarIndex: (userId: string, provider: string) => ({ gsi1pk: 'CALENDARS', gsi1sk: `${userId}#${provider}` }),
  /** One calendar consent in flight: its user, PKCE verifier and browser binding; expires by TTL. */
  mentorCalendarConsent: (state: string) => ({ pk: `CALSTATE#${state}`, sk: 'STATE' }),
  /** A mentor's busy times from their calendars, as last read (the slots read only this). */
  mentorCalendarBusy: (userId: string) => ({ pk: `USER#${userId}`, sk: 'CALBUSY' }),
  /** A mentor's NPI and what the registry last said about it: its own item, so no profile read carries the NPI. */
  npiVerification: (userId: string) => ({ pk: `USER#${userId}`, sk: 'NPI' }),
  /** The NPI checks a mentor asked for on one UTC day (`YYYY-MM-DD`), counted to the daily limit; expires by TTL. */
  npiChecksOnDay: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `NPICHECKS#${day}` }),
  /** Verified mentors' profiles in one sparse partition of gsi1: the monthly re-check and the directory read it. */
  verifiedMentorsPartition: VERIFIED_MENTORS_PARTITION,
  verifiedMentor: (userId: string) => ({ gsi1pk: VERIFIED_MENTORS_PARTITION, gsi1sk: userId }),
  /** Mentors whose monthly plan is on, in one sparse partition of gsi2: the directory reads their plans from it. */
  planMentorsPartition: PLAN_MENTORS_PARTITION,
  planMentor: (userId: string) => ({ gsi2pk: PLAN_MENTORS_PARTITION, gsi2sk: userId }),
  rating: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'RATING' }),
  /** A user's uses of one daily quota (domain/quotas.ts) on one UTC day; expires by TTL. */
  dailyQuota: (userId: string, kind: string, day: string) => ({ pk: `USER#${userId}`, sk: `QUOTA#${kind}#${day}` }),
  /** Ratings of one coach in time order (gsi1) and by stars, then time (gsi2). */
  coachRatingsPartition,
  coachRating: (rating: { coachId: string; createdAt: string; sessionId: string; rating: number }) => ({
    gsi1pk: coachRatingsPartition(rating.coachId),
    gsi1sk: `${rating.createdAt}#${rating.sessionId}`,
    gsi2pk: coachRatingsPartition(rating.coachId),
    gsi2sk: ratingsByStarsKey(rating.rating, `${rating.createdAt}#${rating.sessionId}`),
  }),
  /** The gsi2 sort-key range of one star value: `<stars>#<createdAt>#<sessionId>`. */
  ratingsWithStars: (stars: number) => ({ from: `${stars}#`, to: `${stars}$` }),
  /** Which user a connected payment account belongs to, for the provider's events that name only the account. */
  paymentAccountOwner: (accountId: string) => ({ pk: `STRIPEACCOUNT#${accountId}`, sk: 'OWNER' }),
  /**
   * The partition of Powertools' idempotency records (data/webhook-events.ts): the library writes
   * them with this pk and its own idempotency key as the sk; they expire by TTL.
   */
  idempotencyPartition: 'IDEMPOTENCY',
  /** One immutable ledger entry; its id names the money fact, so a second put of it is refused. */
  ledgerEntry: (entryId: string) => ({ pk: `LEDGER#${entryId}`, sk: 'ENTRY' }),
  /** Ledger entries of one coach (gsi1) and of one calendar month (gsi2), both in time order. */
  ledgerIndexes: (entry: { id: string; at: string; coachId: string }) => ({
    gsi1pk: coachLedgerPartition(entry.coachId),
    gsi1sk: `${entry.at}#${entry.id}`,
    gsi2pk: ledgerMonthPartition(entry.at.slice(0, 7)),
    gsi2sk: `${entry.at}#${entry.id}`,
  }),
  coachLedgerPartition,
  ledgerMonthPartition,
  /** The reconciliation of one UTC day (`YYYY-MM-DD`) with the provider, in its month's partition. */
  reconciliation: (day: string) => ({ pk: `RECONCILIATION#${day.slice(0, 7)}`, sk: day }),
  reconciliationMonth: (month: string) => `RECONCILIATION#${month}`,
  /** A coach's share the platform owes but could not transfer yet (data/transfers.ts); one partition, read whole. */
  owedTransfer: (sessionId: string) => ({ pk: OWED_TRANSFERS_PARTITION, sk: `SESSION#${sessionId}` }),
  owedTransfersPartition: OWED_TRANSFERS_PARTITION,
  /** A mentor no-show of a coach (data/session-outcomes.ts), by when it was decided: the 90 days' count reads a range. */
  mentorNoShow: (coachId: string, at: string, sessionId: string) => ({
    pk: `${USER_PREFIX}${coachId}`,
    sk: `${MENTOR_NO_SHOW_PREFIX}${at}#${sessionId}`,
  }),
  mentorNoShowPrefix: MENTOR_NO_SHOW_PREFIX,
  /** One entry of the audit log (data/audit.ts): by month, then by instant. */
  audit: (at: string, id: string) => ({ pk: auditMonthPartition(at.slice(0, 7)), sk: `${at}#${id}` }),
  auditMonthPartition,
  /** One conversation of a pair: its parties and the last sequence number given to a message. */
  conversation: (conversationId: string) => ({ pk: conversationPartition(conversationId), sk: 'CONVERSATION' }),
  /** A mentee's subscription to a coach's plan: status, period, credits (data/subscriptions.ts). */
  subscription: (subscriptionId: string) => ({ pk: `SUBSCRIPTION#${subscriptionId}`, sk: 'SUBSCRIPTION' }),
  /** Subscriptions of one coach (gsi1) and of one mentee (gsi2), oldest first. */
  subscriptionIndexes: (subscription: { id: string; coachId: string; menteeId: string; createdAt: string }) => ({
    gsi1pk: coachPlansPartition(subscription.coachId),
    gsi1sk: `${subscription.createdAt}#${subscription.id}`,
    gsi2pk: menteePlansPartition(subscription.menteeId),
    gsi2sk: `${subscription.createdAt}#${subscription.id}`,
  }),
  coachPlansPartition,
  menteePlansPartition,
  /**
   * A paid plan invoice's payout (data/plan-payouts.ts), written with the invoice's grant; its
   * sort key is the stream filter's (workflows/booking/session-work.ts), which schedules the payout.
   */
  planPayout: (invoiceId: string) => ({ pk: `PLANPAYOUT#${invoiceId}`, sk: PLAN_PAYOUT_SORT_KEY }),
  /** The one live subscription of a (mentee, coach) pair, claimed with a conditional put. */
  planOfPair: (menteeId: string, coachId: string) => ({ pk: `USER#${menteeId}`, sk: `PLAN#${coachId}` }),
  /** A message under its conversation, in the order the conversation numbered them. */
  message: (conversationId: string, seq: number) => ({
    pk: conversationPartition(conversationId),
    sk: messageSortKey(seq),
  }),
  /** The message sort keys of a conversation strictly between two sequence numbers. */
  messagesBetween: (conversationId: string, afterSeq: number, beforeSeq: number) => ({
    pk: conversationPartition(conversationId),
    from: messageSortKey(afterSeq + 1),
    to: messageSortKey(beforeSeq - 1),
  }),
  /** A report of one message by one party, kept for the moderators. */
  messageReport: (conversationId: string, seq: number, reporterId: string) => ({
    pk: conversationPartition(conversationId),
    sk: `${MESSAGE_REPORT_PREFIX}${messageSortKey(seq)}#${reporterId}`,
  }),
  /** A report as support decides it (data/reports.ts): what was reported, by whom, and its decision. */
  report: (reportId: string) => ({ pk: `REPORT#${reportId}`, sk: 'REPORT' }),
  /** A report's entry in support's queue of open or decided reports, oldest first: written with the report. */
  reportQueueEntry: (status: 'open' | 'decided', reportedAt: string, reportId: string) => ({
    pk: reportQueuePartition(status),
    sk: `${reportedAt}#${reportId}`,
  }),
  reportQueuePartition,
  messageReportPrefix: MESSAGE_REPORT_PREFIX,
  conversationPartition,
  /** One user's side of a conversation (unread count, last message), listed by last activity (gsi1). */
  conversationEntry: (userId: string, conversationId: string) => ({
    pk: `${USER_PREFIX}${userId}`,
    sk: `CONV#${conversationId}`,
  }),
  conversationEntryIndex: (userId: string, lastAt: string, conversationId: string) => ({
    gsi1pk: userConversationsPartition(userId),
    gsi1sk: `${lastAt}#${conversationId}`,
  }),
  userConversationsPartition,
  /** The sum of a user's unread counts over all conversations, written with each of them. */
  unreadMessages: (userId: string) => ({ pk: `${USER_PREFIX}${userId}`, sk: 'UNREAD' }),
  /** When a user sent their recent messages, for the sending rate limit. */
  messageRate: (userId: string) => ({ pk: `${USER_PREFIX}${userId}`, sk: 'MSGRATE' }),
};
