import { DateTime } from 'luxon';
import { addToCalendarLinks, calendarInvite } from './calendar-invite';
import { DEFAULT_PROFILE_TIME_ZONE } from './constants';
import { MENTEE_RESCHEDULE_LEAD_HOURS } from './rescheduling';
import { COACH_NO_MEETING_NOTE, sessionJoinPath } from './session-display';
import { escapeHtml } from './html';
import { isTimeZone } from './time-zone';
import { formatPrice } from './money';
import { nameWithCredentials } from './display-name';

export interface EmailParty {
  email: string;
  firstName: string;
  lastName: string;
  credentials?: string | null;
  timezone?: string | null;
}

export interface SessionFacts {
  id: string;
  start: string;
  end: string;
  durationMinutes: number;
  priceCents: number;
  isFreeConsultation: boolean;
  meetingUrl?: string | null;
  /** Why the session has no meeting (no Zoom, or Zoom gave up); neither this nor a link: it is being created. */
  meetingNote?: string | null;
  /** The mentor's own calendar did not answer the live check at booking (workflows/calendars/check-at-booking.ts). */
  calendarUnchecked?: boolean | null;
  /** How often it was moved: the invitation's SEQUENCE (domain/rescheduling.ts). */
  rescheduleCount?: number;
  /** How it ended, once held (domain/session-outcome.ts): its refund is then not a cancellation's. */
  outcome?: string | null;
  /** `plan`: a session of a monthly plan, paid by one of its credits (domain/plans.ts). */
  paidBy?: string | null;
}

export interface SessionEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

interface Letter {
  recipient: EmailParty;
  /** The recipient's part in the session. */
  role: 'coach' | 'mentee';
  other: EmailParty;
  session: SessionFacts;
  siteOrigin: string;
  now: Date;
}

const zoneOf = (party: EmailParty) =>
  party.timezone && isTimeZone(party.timezone) ? party.timezone : DEFAULT_PROFILE_TIME_ZONE;

/** "Tuesday, December 1, 2026 at 10:00 AM EST", in the recipient's own zone (spec section 6). */
export const sessionTimeFor = (party: EmailParty, iso: string) =>
  DateTime.fromISO(iso, { zone: zoneOf(party) }).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");

/** Without a meeting (its note says why), each reader is told what happens next from where they sit. */
const NO_MEETING_LINK: Record<Letter['role'], string> = {
  mentee: 'Your mentor will share the meeting link before the session.',
  coach: COACH_NO_MEETING_NOTE,
};

/** A meeting Zoom is still being asked for (workflows/booking/session-meeting.ts): its link comes to the dashboard. */
const MEETING_LINK_PENDING: Record<Letter['role'], string> = {
  mentee:
    'Your meeting link is being created: it will be on your dashboard, or your mentor will send it before the session.',
  coach:
    'Your Zoom meeting is being created: its link will be on your dashboard. If it is not there before the session, send your mentee a meeting link.',
};

const sessionKind = (session: SessionFacts) => (session.isFreeConsultation ? 'free consultation' : 'mentoring session');

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The meeting as e-mails and invitations link it: through our join page, which records the mentee's
 * join (a free consultation is rateable only then, domain/ratings.ts) and then opens the meeting.
 */
const joinLinkOf = (letter: Letter) =>
  letter.session.meetingUrl ? `${letter.siteOrigin}${sessionJoinPath(letter.session.id)}` : null;

const priceOf = (session: SessionFacts) => {
  if (session.paidBy === 'plan') return 'Included in your plan';
  return session.isFreeConsultation ? 'FREE' : formatPrice(session.priceCents);
};

function details(letter: Letter, method: 'REQUEST' | 'CANCEL'): [string, string][] {
  const { session, recipient, other, role } = letter;
  return [
    [role === 'mentee' ? 'Mentor' : 'Mentee', nameWithCredentials(other)],
    ['When', sessionTimeFor(recipient, session.start)],
    ['Duration', `${session.durationMinutes} minutes`],
    ['Price', priceOf(session)],
    // A session that will not take place has no meeting to point to (nor one "being created").
    ...(method === 'CANCEL'
      ? []
      : ([
          ['Meeting link', joinLinkOf(letter) ?? (session.meetingNote ? NO_MEETING_LINK : MEETING_LINK_PENDING)[role]],
        ] as [string, string][])),
  ];
}

/** The mentor organizes the session's event (the platform sends it for them); the mentee attends. */
function invitationParties(letter: Letter) {
  const [coach, mentee] = letter.role === 'coach' ? [letter.recipient, letter.other] : [letter.other, letter.recipient];
  return {
    organizer: { name: nameWithCredentials(coach), email: coach.email },
    attendee: { name: nameWithCredentials(mentee), email: mentee.email },
  };
}

function compose(
  letter: Letter,
  subject: string,
  lead: string,
  closing: string,
  method: 'REQUEST' | 'CANCEL',
): SessionEmail {
  const rows = details(letter, method);
  const dashboard = `${letter.siteOrigin}/dashboard`;
  // A session that will not take place (cancelled, refunded) is not to be joined: its invitation carries no link.
  const joinLink = method === 'CANCEL' ? null : joinLinkOf(letter);
  const event = {
    start: letter.session.start,
    end: letter.session.end,
    summary: `Mentoring: ${nameWithCredentials(letter.other)}`,
    description: `${capitalized(sessionKind(letter.session))} on Physician Mentors. ${joinLink ?? ''}`.trim(),
    url: joinLink,
  };
  // Beside the .ics: the mentee's own calendar may be Google's or Outlook's on the web (not after a cancellation).
  const links = method === 'REQUEST' && letter.role === 'mentee' ? addToCalendarLinks(event) : null;
  const text = [
    `Hello ${letter.recipient.firstName},`,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    closing,
    ...(links ? [`Add to Google Calendar: ${links.google}`, `Add to Outlook: ${links.outlook}`] : []),
    `Your sessions: ${dashboard}`,
    '',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(letter.recipient.firstName)},</p>
<p>${escapeHtml(lead)}</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p>${escapeHtml(closing)}</p>${
    links
      ? `\n<p><a href="${escapeHtml(links.google)}">Add to Google Calendar</a> · <a href="${escapeHtml(links.outlook)}">Add to Outlook</a> · or open the attached session.ics</p>`
      : ''
  }
<p><a href="${escapeHtml(dashboard)}">View your sessions</a></p>`;
  const invite = calendarInvite({
    ...event,
    uid: `${letter.session.id}@physicianmentors`,
    method,
    sequence: (letter.session.rescheduleCount ?? 0) + (method === 'CANCEL' ? 1 : 0),
    stampedAt: letter.now,
    ...invitationParties(letter),
  });
  return {
    to: letter.recipient.email,
    subject,
    text,
    html,
    attachments: [
      { filename: 'session.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: invite },
    ],
  };
}

export const CALENDAR_UNCHECKED_NOTE =
  'Your calendar could not be checked when this session was booked, so please make sure you are free at this time.';

/** Sent to each party once the session is confirmed (free) or paid (spec section 7, 'send-booking-confirmation'). */
export function sessionConfirmationEmail(letter: Letter): SessionEmail {
  const lead =
    letter.role === 'mentee'
      ? `Your ${sessionKind(letter.session)} with ${nameWithCredentials(letter.other)} is booked.`
      : `${nameWithCredentials(letter.other)} booked a ${sessionKind(letter.session)} with you.${
          letter.session.calendarUnchecked ? ` ${CALENDAR_UNCHECKED_NOTE}` : ''
        }`;
  return compose(
    letter,
    `Session confirmed: ${sessionTimeFor(letter.recipient, letter.session.start)}`,
    lead,
    `Need to move it? Either of you can reschedule it from your dashboard (the mentee up to ${MENTEE_RESCHEDULE_LEAD_HOURS} hours ahead).`,
    'REQUEST',
  );
}

/** Web addresses, with or without a scheme (`https://…`, `www.…`, `evil.example/path`). */
const LINK = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/\S*)?/gi;

/** A reason is the other party's free text: mailed without links, so our mail never carries their phishing. */
export const withoutLinks = (text: string) => text.replace(LINK, '[link removed]');

/**
 * Sent to both parties when one cancels (spec section 8, 'Session Cancelled'), the one who cancelled
 * included. A paid session's refund is only requested at this point: a second e-mail confirms it
 * (sessionRefundEmail) once the provider has made it.
 */
export function sessionCancellationEmail(
  letter: Letter & {
    reason: string;
    cancelledBy: 'coach' | 'mentee' | 'support';
    refundRequestedCents: number | null;
  },
): SessionEmail {
  const kind = sessionKind(letter.session);
  const reason = withoutLinks(letter.reason);
  const lead =
    letter.cancelledBy === 'support'
      ? `Our support team cancelled your ${kind} with ${nameWithCredentials(letter.other)}. Reason: ${reason}`
      : letter.cancelledBy === letter.role
        ? `You cancelled your ${kind} with ${nameWithCredentials(letter.other)}. Reason: ${reason}`
        : `${nameWithCredentials(letter.other)} cancelled your ${kind}. Reason: ${reason}`;
  const closing =
    letter.role === 'mentee' && letter.refundRequestedCents !== null
      ? `A refund of ${formatPrice(letter.refundRequestedCents)} to your card has been requested; we will e-mail you again when the payment provider confirms it.`
      : 'The time is free again.';
  return compose(
    letter,
    `Session cancelled: ${sessionTimeFor(letter.recipient, letter.session.start)}`,
    lead,
    closing,
    'CANCEL',
  );
}

/**
 * Sent to both parties when one moves the session (domain/rescheduling.ts): who moved it, from when
 * to when, and why. Its invitation has the booking's UID and a higher SEQUENCE, so calendars move
 * the event they hold instead of adding a second one.
 */
export function sessionRescheduledEmail(
  letter: Letter & { movedBy: 'coach' | 'mentee'; reason: string; previousStart: string },
): SessionEmail {
  const kind = sessionKind(letter.session);
  const from = sessionTimeFor(letter.recipient, letter.previousStart);
  const to = sessionTimeFor(letter.recipient, letter.session.start);
  const reason = withoutLinks(letter.reason);
  const lead =
    letter.movedBy === letter.role
      ? `You moved your ${kind} with ${nameWithCredentials(letter.other)} from ${from} to ${to}. Reason: ${reason}`
      : `${nameWithCredentials(letter.other)} moved your ${kind} from ${from} to ${to}. Reason: ${reason}`;
  return compose(
    letter,
    `Session rescheduled: ${to}`,
    lead,
    'The attached invitation moves the event in your calendar.',
    'REQUEST',
  );
}

/** A refund is a cancelled session's, or one whose outcome refunded it (a mentor's no-show, support's decision). */
const refundedSession = (session: SessionFacts) => `${session.outcome ? '' : 'cancelled '}${sessionKind(session)}`;

/** Sent to the mentee once the payment provider confirms the refund of a cancelled session, or of one whose outcome refunds them. */
export function sessionRefundEmail(letter: Letter & { amountCents: number }): SessionEmail {
  const amount = formatPrice(letter.amountCents);
  return compose(
    letter,
    `Refund confirmed: ${amount}`,
    `Your refund of ${amount} for the ${refundedSession(letter.session)} with ${nameWithCredentials(letter.other)} is confirmed.`,
    'Banks usually show a refund on the card statement within 5 to 10 business days.',
    'CANCEL',
  );
}

/**
 * Sent to the mentee once their refund is given up (every try refused, or the bank returned it):
 * it says plainly that no money came back yet, and that support will contact them.
 */
export function sessionRefundFailedEmail(letter: Letter & { amountCents: number }): SessionEmail {
  const amount = formatPrice(letter.amountCents);
  return compose(
    letter,
    `Your refund of ${amount} is delayed`,
    `We could not complete the refund of ${amount} for the ${refundedSession(letter.session)} with ${nameWithCredentials(letter.other)}: the payment provider did not accept it, and no money has been returned to your card yet.`,
    'We are on it, and our support team will contact you by e-mail to get the refund to you. You do not need to do anything in the meantime.',
    'CANCEL',
  );
}

/**
 * Sent to the mentee when their payment reached us but the session could not be held (its time was
 * taken meanwhile, or the payment came after its start): it was not booked, and the payment is
 * refunded in full; a second e-mail confirms the refund (sessionRefundEmail).
 */
export function sessionNotBookedEmail(letter: Letter & { reason: string; refundRequestedCents: number }): SessionEmail {
  return compose(
    letter,
    `Session not booked: ${sessionTimeFor(letter.recipient, letter.session.start)}`,
    `Your ${sessionKind(letter.session)} with ${nameWithCredentials(letter.other)} could not be booked. ${letter.reason}`,
    `A refund of ${formatPrice(letter.refundRequestedCents)} to your card has been requested; we will e-mail you again when the payment provider confirms it.`,
    'CANCEL',
  );
}

/** Sent 24 hours and 1 hour before a session to parties who keep e-mail notifications on. */
export function sessionReminderEmail(letter: Letter & { hoursBefore: 24 | 1 }): SessionEmail {
  const when = letter.hoursBefore === 24 ? 'tomorrow' : 'in one hour';
  return compose(
    letter,
    `Reminder: your session ${when}`,
    `Your ${sessionKind(letter.session)} with ${nameWithCredentials(letter.other)} starts ${when}.`,
    'See you there.',
    'REQUEST',
  );
}
