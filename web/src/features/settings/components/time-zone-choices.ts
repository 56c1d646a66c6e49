import { SETTINGS_TIME_ZONES, timeZoneDisplayName } from '@functions/domain/fixed-lists';

/** The settings' twelve zones, plus the user's own when it is another (say, the browser's at sign-up). */
export const timeZoneChoices = (current: string) =>
  (SETTINGS_TIME_ZONES.includes(current as never) ? SETTINGS_TIME_ZONES : [...SETTINGS_TIME_ZONES, current]).map(
    (zone) => ({
      value: zone,
      label: timeZoneDisplayName(zone) === zone ? zone : `${timeZoneDisplayName(zone)} (${zone})`,
    }),
  );
