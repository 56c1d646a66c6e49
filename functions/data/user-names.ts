import type { ProfileItem } from '../domain/profile-item';
import { queryPage } from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';

export type NamedUser = Pick<ProfileItem, 'userId' | 'email' | 'firstName' | 'lastName' | 'userType'>;

/**
 * The users whose full name ("first last", any case) starts with `prefix`, at most `limit`, from
 * the sparse support index (keys.nameEntry): one Query of one partition, whatever the table holds.
 */
export async function usersWithNamePrefix(prefix: string, limit: number): Promise<NamedUser[]> {
  const name = prefix.trim().toLowerCase();
  const { support } = tableSchema.indexes;
  const page = await queryPage({
    IndexName: support.name,
    KeyConditionExpression: '#pk = :partition AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': support.partitionKey, '#sk': support.sortKey },
    ExpressionAttributeValues: { ':partition': keys.namePartition(name), ':prefix': name },
    Limit: limit,
  });
  return (page.Items ?? []).map((item) => ({
    userId: keys.userIdOf(item.pk as string),
    email: item.email as string,
    firstName: item.firstName as string,
    lastName: item.lastName as string,
    userType: item.userType as NamedUser['userType'],
  }));
}
