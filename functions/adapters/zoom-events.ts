import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../domain/errors';

/**
 * Zoom's webhook deliveries, as developers.zoom.us/docs/api/webhooks documents them ("Verify webhook
 * events", "Validate your webhook endpoint"): `x-zm-signature` is `v0=` and the hex HMAC-SHA256,
 * keyed with the app's secret token, of `v0:{x-zm-request-timestamp}:{raw body}`; the URL
 * validation's `encryptedToken` is the hex HMAC-SHA256 of its `plainToken` under the same key.
 * The local Zoom stand-in signs with the same code (bin/local/zoom-standin.ts).
 */

/** A delivery signed longer ago than this (or as far ahead) is refused, so a captured one cannot be replayed. */
export const ZOOM_EVENT_TOLERANCE_MS = 5 * 60_000;

const hmacHex = (secret: string, message: string | Buffer) =>
  createHmac('sha256', secret).update(message).digest('hex');

const signatureOf = (body: string | Buffer, timestamp: string, secret: string) =>
  `v0=${hmacHex(secret, Buffer.concat([Buffer.from(`v0:${timestamp}:`), Buffer.from(body)]))}`;

/** The headers Zoom sends with `body`, signed at `at`. */
export function signZoomEvent(body: string, secret: string, at: Date) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return { 'x-zm-request-timestamp': timestamp, 'x-zm-signature': signatureOf(body, timestamp, secret) };
}

/** Zoom's `endpoint.url_validation` answer, which proves the endpoint holds the secret token. */
export const urlValidationAnswer = (plainToken: string, secret: string) => ({
  plainToken,
  encryptedToken: hmacHex(secret, plainToken),
});

/** What the product reads of a verified delivery. */
export type ZoomEvent =
  | { kind: 'url_validation'; plainToken: string }
  | {
      kind: 'participant_joined';
      meetingId: string;
      hostId: string;
      participant: { ids: string[]; email: string | null; joinedAt: Date };
    }
  | { kind: 'other'; event: string };

const refused = (why: string) => new DomainError('UNAUTHORIZED', `The Zoom delivery is refused: ${why}.`);

const equalText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

interface ZoomDelivery {
  event?: string;
  event_ts?: number;
  payload?: {
    plainToken?: string;
    object?: {
      id?: string | number;
      host_id?: string;
      participant?: {
        id?: string;
        user_id?: string;
        participant_user_id?: string;
        email?: string;
        join_time?: string;
      };
    };
  };
}

function toZoomEvent(delivery: ZoomDelivery): ZoomEvent {
  const event = delivery.event ?? '';
  if (event === 'endpoint.url_validation' && delivery.payload?.plainToken) {
    return { kind: 'url_validation', plainToken: delivery.payload.plainToken };
  }
  const meeting = delivery.payload?.object;
  const participant = meeting?.participant;
  if (event === 'meeting.participant_joined' && meeting?.id !== undefined && participant) {
    const joinedAt = new Date(participant.join_time ?? delivery.event_ts ?? Number.NaN);
    if (Number.isNaN(joinedAt.getTime())) throw new DomainError('VALIDATION_FAILED', 'The join has no time.');
    return {
      kind: 'participant_joined',
      meetingId: String(meeting.id),
      hostId: meeting.host_id ?? '',
      participant: {
        // `id` and `participant_user_id` name a signed-in Zoom user; `user_id` only this meeting's attendee.
        ids: [participant.id, participant.participant_user_id].filter((id): id is string => Boolean(id)),
        email: participant.email || null,
        joinedAt,
      },
    };
  }
  return { kind: 'other', event };
}

/**
 * The delivery if Zoom signed it with `secret` within the tolerance, else 401: a forged, altered or
 * replayed body is never read.
 */
export function verifyZoomEvent(
  rawBody: Buffer,
  headers: { timestamp: string | undefined; signature: string | undefined },
  secret: string,
  now: Date,
): ZoomEvent {
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d+$/.test(timestamp) || !signature) throw refused('it is not signed');
  if (!equalText(signature, signatureOf(rawBody, timestamp, secret))) throw refused('the signature does not match');
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > ZOOM_EVENT_TOLERANCE_MS) {
    throw refused('it was signed more than 5 minutes ago');
  }
  let delivery: ZoomDelivery;
  try {
    delivery = JSON.parse(rawBody.toString('utf8')) as ZoomDelivery;
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The Zoom delivery is not JSON.');
  }
  return toZoomEvent(delivery);
}
