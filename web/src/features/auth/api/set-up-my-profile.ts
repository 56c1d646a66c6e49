import type { FirstSignIn } from '@functions/schemas/profile';
import { api, isNotFound } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/use-viewer-time-zone';

/**
 * A third-party sign-in has no sign-up form, so its first return creates a mentee profile from
 * the identity's own name and e-mail, in this browser's time zone.
 */
export async function setUpMyProfile(): Promise<void> {
  try {
    await api.get('/me');
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const firstSignIn: FirstSignIn = { timezone: browserTimeZone() };
    await api.post('/me', firstSignIn);
  }
}
