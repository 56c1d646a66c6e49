import { recordAudit } from '../../data/audit';
import { messageReportsAgainst } from '../../data/conversations';
import { getNpiRecord } from '../../data/npi-verifications';
import { sessionsOfUser } from '../../data/personal-data';
import { getProfile } from '../../data/profiles';
import { mentorNoShowsSince } from '../../data/session-outcomes';
import { counterpartsAndRatings, profilesById } from '../../data/session-ratings';
import { subscriptionsOf } from '../../data/subscriptions';
import { usersWithNamePrefix } from '../../data/user-names';
import { auditEntry } from '../../domain/audit';
import { DomainError } from '../../domain/errors';
import { paymentStatus } from '../../domain/payment-account';
import type { AccountDirectory, PoolAccount } from '../../domain/ports';
import type { ProfileItem } from '../../domain/profile-item';
import type { SessionItem } from '../../domain/session-item';
import { decidedMoney, NO_SHOW_LOOKBACK_DAYS, outcomeStateOf } from '../../domain/session-outcome';
import {
  type AccountState,
  MAX_USERS_FOUND,
  type SupportSessionView,
  type SupportUserPage,
  type UserSummary,
} from '../../schemas/support';

const DELETED_NAME = 'Deleted user';
/** A user id (Cognito's `sub`, a UUID) or the start of one. */
const ID_PREFIX = /^[0-9a-f-]+$/i;
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stateOf = (account: PoolAccount | null): AccountState =>
  account ? (account.enabled ? 'active' : 'suspended') : 'deleted';

const fullName = (profile: Pick<ProfileItem, 'firstName' | 'lastName'> | null | undefined) =>
  profile ? `${profile.firstName} ${profile.lastName}`.trim() : DELETED_NAME;

/**
 * `GET /api/support/users?q=`: the users whose e-mail, full name or id starts with `q` (any case),
 * at most MAX_USERS_FOUND. Each lookup reads only what matches, whatever the number of users:
 * e-mails and ids from the user pool (ListUsers' `^=` filter, which the pool answers from its own
 * index), names from the table's sparse name index (keys.nameEntry: Cognito's names are what the
 * person signed up with, the profile's are what they show). A deleted account is found by its
 * whole id only: its sessions stay, its name and address do not.
 */
export async function searchUsers(accounts: AccountDirectory, q: string): Promise<UserSummary[]> {
  const query = q.trim();
  const [byEmail, byId, byName] = await Promise.all([
    accounts.accountsWithEmailPrefix(query.toLowerCase(), MAX_USERS_FOUND),
    ID_PREFIX.test(query) ? accounts.accountsWithIdPrefix(query.toLowerCase(), MAX_USERS_FOUND) : [],
    usersWithNamePrefix(query, MAX_USERS_FOUND),
  ]);
  const found = new Map<
    string,
    { account?: PoolAccount; profile?: Pick<ProfileItem, 'email' | 'firstName' | 'lastName' | 'userType'> }
  >();
  for (const account of [...byEmail, ...byId]) found.set(account.userId, { account });
  for (const profile of byName) found.set(profile.userId, { ...found.get(profile.userId), profile });
  if (found.size === 0 && FULL_ID.test(query) && (await sessionsOfUser(query)).length > 0) found.set(query, {});

  const userIds = [...found.keys()].slice(0, MAX_USERS_FOUND);
  const missingProfiles = userIds.filter((userId) => !found.get(userId)?.profile);
  const profiles = missingProfiles.length > 0 ? await profilesById(missingProfiles) : new Map<string, ProfileItem>();
  return Promise.all(
    userIds.map(async (userId) => {
      const entry = found.get(userId) ?? {};
      const account = entry.account ?? (entry.profile ? await accounts.accountOfUser(userId) : null);
      const profile = entry.profile ?? profiles.get(userId) ?? null;
      return {
        userId,
        email: account?.email ?? profile?.email ?? '',
        name: fullName(profile),
        userType: profile?.userType ?? null,
        state: stateOf(account),
      };
    }),
  );
}

/** What support sees of the money of one session: its price, what went back to the mentee, what went to the coach. */
function moneyOf(session: SessionItem) {
  // A refund made in Stripe's Dashboard leaves a refund id and no refund request: the whole price.
  const dashboardRefundCents = session.refundId && !session.refund ? session.priceCents : 0;
  return {
    priceCents: session.priceCents,
    refundedCents: session.refund?.status === 'succeeded' ? session.refund.amountCents : dashboardRefundCents,
    transferredCents: session.transferId ? (decidedMoney(session)?.transferCents ?? 0) : 0,
  };
}

function sessionViewOf(
  session: SessionItem,
  userId: string,
  counterparts: ReadonlyMap<string, ProfileItem>,
  now: Date,
): SupportSessionView {
  const role = session.coachId === userId ? 'coach' : 'mentee';
  const held = session.status === 'confirmed' || session.status === 'scheduled' || session.status === 'completed';
  return {
    id: session.id,
    role,
    coachId: session.coachId,
    menteeId: session.menteeId,
    otherPartyName: fullName(counterparts.get(role === 'coach' ? session.menteeId : session.coachId)),
    start: session.start,
    end: session.end,
    status: session.status,
    isFreeConsultation: session.isFreeConsultation,
    planSession: session.paidBy === 'plan',
    outcome: held && Date.parse(session.start) <= now.getTime() ? outcomeStateOf(session, now) : null,
    resolution: session.resolution
      ? {
          resolution: session.resolution.resolution,
          ...(session.resolution.refundCents === undefined ? {} : { refundCents: session.resolution.refundCents }),
        }
      : null,
    money: moneyOf(session),
  };
}

/**
 * `GET /api/support/users/{id}`: everything support needs about one user, then the read itself
 * recorded in the audit log (`read_user`). 404 for an id that never had an account, a profile or a session.
 */
export async function supportUserPage(
  accounts: AccountDirectory,
  userId: string,
  staffId: string,
  now: Date,
): Promise<SupportUserPage> {
  const since = new Date(now.getTime() - NO_SHOW_LOOKBACK_DAYS * 24 * 60 * 60_000);
  const [account, profile, sessions, subscriptions, npi, noShows, reports] = await Promise.all([
    accounts.accountOfUser(userId),
    getProfile(userId),
    sessionsOfUser(userId),
    subscriptionsOf(userId),
    getNpiRecord(userId),
    mentorNoShowsSince(userId, since),
    messageReportsAgainst(userId),
  ]);
  if (!account && !profile && sessions.length === 0) throw new DomainError('NOT_FOUND', 'No such user.');
  const { profiles: counterparts } = await counterpartsAndRatings(sessions, userId);
  const payment = profile ? paymentStatus(profile) : null;
  const page: SupportUserPage = {
    user: {
      userId,
      email: account?.email ?? profile?.email ?? '',
      name: fullName(profile),
      userType: profile?.userType ?? null,
      state: stateOf(account),
      createdAt: account?.createdAt ?? profile?.createdAt ?? null,
      suspendedReason: profile?.suspendedReason ?? null,
    },
    profile: profile
      ? {
          published: profile.published,
          specialty: profile.specialty ?? null,
          hourlyRateCents: profile.hourlyRateCents ?? null,
          timezone: profile.timezone ?? null,
        }
      : null,
    verification: npi ? { npi: npi.npi, status: npi.status } : null,
    paymentAccount: payment?.connected
      ? { status: payment.onboardingComplete ? 'complete' : 'incomplete', payoutsEnabled: payment.payoutsEnabled }
      : null,
    sessions: sessions.map((session) => sessionViewOf(session, userId, counterparts, now)),
    plans: subscriptions.map((subscription) => ({
      id: subscription.id,
      role: subscription.coachId === userId ? 'coach' : 'mentee',
      status: subscription.status,
      creditsLeft: subscription.credits ? subscription.credits.granted - subscription.credits.used : 0,
      currentPeriodEnd: subscription.currentPeriodEnd,
    })),
    noShowsIn90Days: noShows.length,
    reportsAgainst: reports.map(({ report, message }) => ({
      id: `${report.messageId}:${report.reporterId}`,
      kind: 'message',
      text: message.moderationStatus === 'rejected' ? null : message.body,
      authorId: message.from,
      reporterId: report.reporterId,
      reason: report.reason,
      reportedAt: report.at,
      status: report.status ?? 'open',
    })),
  };
  await recordAudit(
    auditEntry({ actor: staffId, action: 'read_user', subject: `user:${userId}`, reason: 'Opened the user page' }, now),
  );
  return page;
}
