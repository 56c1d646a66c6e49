import type { AvailabilityItem } from '../../domain/availability-item';
import type { Availability } from '../../schemas/availability';

export const toAvailabilityView = ({ id, start, end, recurring, timezone }: AvailabilityItem): Availability => ({
  id,
  start,
  end,
  recurring,
  timezone,
});
