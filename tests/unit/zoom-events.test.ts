import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signZoomEvent, urlValidationAnswer, verifyZoomEvent } from '../../functions/adapters/zoom-events';
import { DomainError } from '../../functions/domain/errors';
import { partyOfParticipant } from '../../functions/domain/meetings';

const SECRET = 'zoom-secret-token';
const NOW = new Date('2026-11-28T10:00:00Z');

const joined = JSON.stringify({
  event: 'meeting.participant_joined',
  event_ts: NOW.getTime(),
  payload: {
    object: {
      id: '85075230427',
      host_id: 'host-user-id',
      participant: {
        id: 'host-user-id',
        user_id: '16778240',
        participant_user_id: 'host-user-id',
        user_name: 'Dr Host',
        email: 'host@example.com',
        join_time: '2026-11-28T09:59:30Z',
      },
    },
  },
});

const refusal = (verify: () => unknown) => {
  try {
    verify();
  } catch (error) {
    return error;
  }
  throw new Error('verification passed');
};

const verify = (body: string, headers: { timestamp?: string; signature?: string }, now = NOW) =>
  verifyZoomEvent(Buffer.from(body), { timestamp: headers.timestamp, signature: headers.signature }, SECRET, now);

const signed = (body: string, at = NOW, secret = SECRET) => {
  const headers = signZoomEvent(body, secret, at);
  return { timestamp: headers['x-zm-request-timestamp'], signature: headers['x-zm-signature'] };
};

describe("Zoom's webhook signature (the stand-in signs and production verifies with the same code)", () => {
  it('is v0= and the hex HMAC-SHA256 of v0:{timestamp}:{body} under the secret token, as Zoom documents it', () => {
    const headers = signed(joined);
    expect(headers.timestamp).toBe(String(NOW.getTime() / 1000));
    const expected = createHmac('sha256', SECRET).update(`v0:${headers.timestamp}:${joined}`).digest('hex');
    expect(headers.signature).toBe(`v0=${expected}`);
  });

  it('accepts a delivery it signed and reads the join: meeting, host, participant ids, e-mail and join time', () => {
    expect(verify(joined, signed(joined))).toEqual({
      kind: 'participant_joined',
      meetingId: '85075230427',
      hostId: 'host-user-id',
      participant: {
        ids: ['host-user-id', 'host-user-id'],
        email: 'host@example.com',
        joinedAt: new Date('2026-11-28T09:59:30Z'),
      },
    });
  });

  it('refuses another secret, an altered body, a missing header or a signature of another scheme with 401', () => {
    const altered = joined.replace('85075230427', '85075230428');
    const { timestamp, signature } = signed(joined);
    for (const headers of [
      signed(joined, NOW, 'another-secret'),
      { timestamp, signature: signature.replace('v0=', 'v1=') },
      { timestamp },
      { signature },
    ]) {
      const error = refusal(() => verify(joined, headers));
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(refusal(() => verify(altered, { timestamp, signature }))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a delivery signed more than 5 minutes before (a replay), and takes one at exactly 5 minutes', () => {
    const fiveMinutesLater = new Date(NOW.getTime() + 5 * 60_000);
    expect(verify(joined, signed(joined), fiveMinutesLater)).toMatchObject({ kind: 'participant_joined' });
    const aSecondMore = new Date(fiveMinutesLater.getTime() + 1000);
    expect(refusal(() => verify(joined, signed(joined), aSecondMore))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("answers the endpoint's URL validation with the plain token and its HMAC under the secret token", () => {
    const challenge = JSON.stringify({
      event: 'endpoint.url_validation',
      payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
    });
    expect(verify(challenge, signed(challenge))).toEqual({
      kind: 'url_validation',
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
    });
    expect(urlValidationAnswer('qgg8vlvZRS6UYooatFL8Aw', SECRET)).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', SECRET).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
    });
  });

  it('reads any other event as one the product ignores', () => {
    const left = JSON.stringify({ event: 'meeting.participant_left', payload: { object: { id: '1' } } });
    expect(verify(left, signed(left))).toEqual({ kind: 'other', event: 'meeting.participant_left' });
  });
});

describe('which party a Zoom participant is', () => {
  const host = { id: 'host-user-id', email: 'Coach@Example.com' };

  it('is the coach when the participant is the meeting’s host by Zoom user id', () => {
    expect(partyOfParticipant({ ids: ['host-user-id'], email: null }, host)).toBe('coach');
  });

  it('is the coach when the participant has no id but the e-mail of the coach’s Zoom account, in any case', () => {
    expect(partyOfParticipant({ ids: [], email: 'coach@example.com' }, host)).toBe('coach');
  });

  it('is the mentee otherwise: another Zoom user, or a guest with neither id nor e-mail', () => {
    expect(partyOfParticipant({ ids: ['another-user'], email: 'mentee@example.com' }, host)).toBe('mentee');
    expect(partyOfParticipant({ ids: [], email: null }, host)).toBe('mentee');
  });

  it('never takes a missing host id or e-mail for a match', () => {
    expect(partyOfParticipant({ ids: [], email: null }, { id: '', email: null })).toBe('mentee');
  });
});
