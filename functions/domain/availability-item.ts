/** A coach's availability window (pk USER#coachId, sk AVAIL#id); weekly entries repeat on the weekday of `start`. */
export interface AvailabilityItem {
  id: string;
  coachId: string;
  start: string;
  end: string;
  recurring: boolean;
  timezone: string;
  createdAt: string;
}
