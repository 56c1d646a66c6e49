import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

export async function hasUsedFreeConsultation(menteeId: string, coachId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.freeConsultation(menteeId, coachId),
      ProjectionExpression: 'pk',
    }),
  );
  return Item !== undefined;
}
