import { randomBytes } from 'node:crypto';
import { meetingsFromEnvironment } from '../adapters/meetings';
import { rememberMeetingConsent } from '../data/meeting-connections';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { siteOrigin } from '../http/site';

export const zoomRedirectUri = () => `${siteOrigin()}/api/zoom/callback`;

/** `POST /api/me/zoom`: where the coach's browser goes to let us create Zoom meetings for them. */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const profile = await requireMentor(caller);
  const meetings = meetingsFromEnvironment();
  if (!meetings) throw new DomainError('CONFLICT', 'Zoom is not available on this site yet.');
  // The state ties Zoom's answer to this user and this request, so a forged callback is refused.
  const state = randomBytes(24).toString('base64url');
  await rememberMeetingConsent(profile.userId, state, now);
  return { status: 200, body: { url: meetings.authorizeUrl(state, zoomRedirectUri()) } };
});
