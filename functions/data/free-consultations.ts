import { getItem } from './dynamo';
import { keys } from './keys';

export async function hasUsedFreeConsultation(menteeId: string, coachId: string): Promise<boolean> {
  return (await getItem(keys.freeConsultation(menteeId, coachId), { ProjectionExpression: 'pk' })) !== null;
}
