import { randomUUID } from 'node:crypto';
import type { AvailabilityItem } from '../../../functions/domain/availability-item';
import { keys } from '../../../functions/data/keys';
import type { ProfileItem } from '../../../functions/domain/profile-item';
import { profileRow } from '../../../functions/data/profiles';

/** A profile with only the required fields besides `fields` (unpublished unless they say so). */
export function sampleProfileItem(
  userId: string,
  userType: 'mentor' | 'mentee',
  fields: Partial<ProfileItem> = {},
): ProfileItem {
  return {
    userId,
    email: `${userId}@example.test`,
    userType,
    published: false,
    firstName: 'Test',
    lastName: userId,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

/** {@link sampleProfileItem} as the profile operations store it, directory keys included. */
export const sampleProfile = (userId: string, userType: 'mentor' | 'mentee', fields: Partial<ProfileItem> = {}) =>
  profileRow(sampleProfileItem(userId, userType, fields));

/** One availability window of a coach, in UTC unless `timezone` says otherwise; weekly when `recurring`. */
export function sampleAvailability(
  coachId: string,
  window: { start: string; end: string; recurring?: boolean; timezone?: string },
) {
  const item: AvailabilityItem = {
    id: randomUUID(),
    coachId,
    start: window.start,
    end: window.end,
    recurring: window.recurring ?? false,
    timezone: window.timezone ?? 'UTC',
    createdAt: '2026-01-01T00:00:00Z',
  };
  return { ...item, ...keys.availability(coachId, item.id) };
}
