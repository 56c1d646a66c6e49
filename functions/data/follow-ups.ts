import { updateIf } from './dynamo';
import { keys } from './keys';
import { followUpAttribute, type FollowUpMark, type SessionItem } from '../domain/session-item';
import { getSession, recordSessionFields, type SessionSideFields } from './sessions';

export type FollowUpClaim =
  /** This run may do the follow-up now, and records it done (or releases it) afterwards. */
  | 'claimed'
  | 'done'
  /** The session is no longer held (cancelled, completed, gone): no follow-up is due any more. */
  | 'not_held'
  /** Another run holds it and its lease has not run out: it is being done right now. */
  | 'in_progress';

const held = (session: SessionItem | null) => session?.status === 'confirmed' || session?.status === 'scheduled';

/**
 * Claims one follow-up of a held session (an e-mail, the meeting, a schedule) on the session
 * item itself, so of every run of a job (a retry, a duplicate delivery) exactly one does it. The
 * claim is a lease: when its holder dies before recording the follow-up done, a later run may take
 * it over once `until` has passed.
 */
export async function claimFollowUp(sessionId: string, name: string, until: Date, now: Date): Promise<FollowUpClaim> {
  const mark: FollowUpMark = { claimedUntil: until.toISOString() };
  const claimed = await updateIf(keys.session(sessionId), {
    UpdateExpression: 'SET #mark = :mark',
    ConditionExpression:
      '#status IN (:confirmed, :scheduled) AND (attribute_not_exists(#mark) OR (attribute_not_exists(#mark.doneAt) AND #mark.claimedUntil <= :now))',
    ExpressionAttributeNames: { '#mark': followUpAttribute(name), '#status': 'status' },
    ExpressionAttributeValues: {
      ':mark': mark,
      ':confirmed': 'confirmed',
      ':scheduled': 'scheduled',
      ':now': now.toISOString(),
    },
  });
  if (claimed !== null) return 'claimed';
  const session = await getSession(sessionId);
  const current = session?.[followUpAttribute(name)];
  if (current?.doneAt) return 'done';
  if (!held(session)) return 'not_held';
  return 'in_progress';
}

/** Records the follow-up done, with the session fields it produced (a meeting's link), in one write. */
export function markFollowUpDone(sessionId: string, name: string, fields: SessionSideFields, now: Date): Promise<void> {
  return recordSessionFields(sessionId, { ...fields, [followUpAttribute(name)]: { doneAt: now.toISOString() } }, now);
}

/** Gives a claim back after the follow-up failed, so the job's retry may do it at once. */
export async function releaseFollowUp(sessionId: string, name: string, until: Date): Promise<void> {
  // When our lease ran out and another run holds it now, the condition fails: theirs to finish.
  await updateIf(keys.session(sessionId), {
    UpdateExpression: 'REMOVE #mark',
    ConditionExpression: '#mark.claimedUntil = :until',
    ExpressionAttributeNames: { '#mark': followUpAttribute(name) },
    ExpressionAttributeValues: { ':until': until.toISOString() },
  });
}
