import type { AvailabilityItem } from './availability-item';
import { keys } from './keys';
import { queryAll } from './query-all';

/** Every availability window of one coach. */
export function availabilityOfCoach(coachId: string): Promise<AvailabilityItem[]> {
  const { pk, skPrefix } = keys.availabilityPrefix(coachId);
  return queryAll<AvailabilityItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
}
