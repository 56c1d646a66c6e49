import { verifyZoomEvent, urlValidationAnswer, type ZoomEvent } from '../../adapters/zoom-events';
import { meetingSessionOf } from '../../data/meeting-sessions';
import { getSession, recordJoin } from '../../data/sessions';
import { DomainError } from '../../domain/errors';
import { partyOfParticipant } from '../../domain/meetings';
import { log } from '../../runtime/log';
import { zoomWebhookSecretToken } from '../../runtime/ports/meetings';

type ParticipantJoined = Extract<ZoomEvent, { kind: 'participant_joined' }>;

/**
 * A participant's join of a session's meeting is that party's join record, the evidence a no-show
 * report is checked against. A meeting of no session (another app's, or one long gone) is logged
 * and answered as received: refusing it would only make Zoom retry it.
 */
async function recordParticipantJoin(joined: ParticipantJoined): Promise<void> {
  const meeting = await meetingSessionOf(joined.meetingId);
  const session = meeting && (await getSession(meeting.sessionId));
  if (!meeting || !session || session.meetingId !== joined.meetingId) {
    log('warn', 'a Zoom join of a meeting of no session', { meetingId: joined.meetingId });
    return;
  }
  const party = partyOfParticipant(joined.participant, { id: joined.hostId, email: meeting.hostEmail });
  await recordJoin(session.id, party, joined.participant.joinedAt);
  log('info', 'zoomJoin', { sessionId: session.id, party, at: joined.participant.joinedAt.toISOString() });
}

/** What the Zoom webhook answers a delivery, once Zoom's signature on it holds. */
export async function receiveZoomEvent(
  body: Buffer,
  headers: { timestamp: string | undefined; signature: string | undefined },
  now: Date,
): Promise<object> {
  const secret = zoomWebhookSecretToken();
  if (!secret) throw new DomainError('UNAUTHORIZED', 'Zoom webhooks are not set up here.');
  const received = verifyZoomEvent(body, headers, secret, now);
  if (received.kind === 'url_validation') return urlValidationAnswer(received.plainToken, secret);
  if (received.kind === 'participant_joined') await recordParticipantJoin(received);
  return { received: true };
}
