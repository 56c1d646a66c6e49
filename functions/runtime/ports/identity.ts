import { cognitoAccounts, cognitoClient, cognitoIdentity } from '../../adapters/identity';
import { requiredEnvironment } from '../../adapters/required-environment';
import type { AccountDirectory, Identity } from '../../domain/ports';
import { port } from '../composition-root';

/** Locally COGNITO_ENDPOINT points at cognito-local. */
const cognito = () => cognitoClient(process.env.COGNITO_ENDPOINT || undefined);

/** The user pool's app client USER_POOL_CLIENT_ID. */
export const identity = (): Identity =>
  port('identity', () => cognitoIdentity(cognito(), requiredEnvironment('USER_POOL_CLIENT_ID')));

const directories = new Map<string, AccountDirectory>();

/** The accounts of `userPoolId` (a Cognito trigger's event names its pool), else of the function's USER_POOL_ID. */
export function accounts(userPoolId = process.env.USER_POOL_ID): AccountDirectory {
  if (!userPoolId) throw new Error('USER_POOL_ID is not set');
  let directory = directories.get(userPoolId);
  if (!directory) {
    directory = cognitoAccounts(cognito(), userPoolId);
    directories.set(userPoolId, directory);
  }
  return directory;
}
