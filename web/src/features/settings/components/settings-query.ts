const SETTINGS_TABS = ['coaching', 'profile', 'security'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Back from a connected service's authorize page (Zoom, Calendly): `?{service}=connected` or `?{service}_error=…`. */
export type ServiceReturn = { connected: true } | { connected: false; error: string };

/** What a link to /settings asks for (spec section 2), read once on load. */
interface SettingsQuery {
  tab: string | null;
  /** Back from payment onboarding: poll the account's status. */
  paymentOnboardingReturn: boolean;
  zoomReturn: ServiceReturn | null;
  calendlyReturn: ServiceReturn | null;
  /** Back from a Google or Microsoft consent: `?calendar=connected` or `?calendar_error=…`. */
  calendarReturn: ServiceReturn | null;
}

function serviceReturn(params: URLSearchParams, service: 'zoom' | 'calendly' | 'calendar'): ServiceReturn | null {
  const error = params.get(`${service}_error`);
  if (error !== null) return { connected: false, error };
  return params.get(service) === 'connected' ? { connected: true } : null;
}

export const readSettingsQuery = (params: URLSearchParams): SettingsQuery => ({
  tab: params.get('tab'),
  paymentOnboardingReturn: params.get('stripe') === 'connected',
  zoomReturn: serviceReturn(params, 'zoom'),
  calendlyReturn: serviceReturn(params, 'calendly'),
  calendarReturn: serviceReturn(params, 'calendar'),
});

export const isSettingsTab = (value: string | null): value is SettingsTab =>
  SETTINGS_TABS.includes(value as SettingsTab);

/** The `tab` the link asked for when it is one this user has, else the coach's or everyone's default. */
export function initialTab(query: SettingsQuery, isMentor: boolean): SettingsTab {
  const { tab } = query;
  if (isSettingsTab(tab) && (tab !== 'coaching' || isMentor)) return tab;
  return isMentor ? 'coaching' : 'profile';
}
