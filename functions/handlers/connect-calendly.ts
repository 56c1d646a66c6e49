import { randomBytes } from 'node:crypto';
import { externalCalendarFromEnvironment } from '../adapters/external-calendar';
import { rememberConsent } from '../data/meeting-connections';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { siteOrigin } from '../http/site';

export const calendlyRedirectUri = () => `${siteOrigin()}/api/calendly/callback`;

/** `POST /api/me/calendly`: where the coach's browser goes to let us read the events booked in their Calendly. */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const profile = await requireMentor(caller);
  const calendar = externalCalendarFromEnvironment();
  if (!calendar) throw new DomainError('CONFLICT', 'Calendly is not available on this site yet.');
  // The state ties Calendly's answer to this user and this request, so a forged callback is refused.
  const state = randomBytes(24).toString('base64url');
  await rememberConsent('calendly', profile.userId, state, now);
  return { status: 200, body: { url: calendar.authorizeUrl(state, calendlyRedirectUri()) } };
});
