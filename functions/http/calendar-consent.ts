import type { ConsentPages } from './oauth-consent';
import type { CalendarProviderId } from '../domain/ports';

/** A mentor's calendar consent: back on the settings page's coaching tab with `calendar=connected` or `calendar_error=…`. */
export const calendarConsentPages = (provider: CalendarProviderId): ConsentPages => ({
  purpose: `calendar-${provider}`,
  resultParameter: 'calendar',
  settingsQuery: { tab: 'coaching' },
});
