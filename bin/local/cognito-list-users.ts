import { createRequire } from 'node:module';
import type { CognitoAnswer } from './cognito-user-existence';

type CognitoService = import('cognito-local/lib/services/cognitoService').CognitoService;
type User = import('cognito-local/lib/services/userPoolService').User;
type Context = import('cognito-local/lib/services/context').Context;

const require = createRequire(import.meta.url);
const { userToResponseObject } = require('cognito-local/lib/targets/responses') as {
  userToResponseObject: (user: User) => unknown;
};

/** The AWS JSON protocol sends a timestamp as epoch seconds (a Date would become an ISO string). */
const withEpochDates = (user: unknown) =>
  Object.fromEntries(
    Object.entries(user as Record<string, unknown>).map(([name, value]) => [
      name,
      value instanceof Date ? value.getTime() / 1000 : value,
    ]),
  );

const refusal = (message: string): CognitoAnswer => ({
  status: 400,
  body: { __type: 'InvalidParameterException', message },
});

const attribute = (name: string) => (user: User) => user.Attributes.find((each) => each.Name === name)?.Value;

/**
 * The attributes ListUsers searches, and whether case matters: Cognito's API reference marks
 * `username` and `status` case-sensitive and the developer guide says the other searches are not
 * (cognito-local compares every one case-sensitively).
 */
const SEARCHABLE: Record<string, { value: (user: User) => string | undefined; caseSensitive: boolean }> = {
  username: { value: (user) => user.Username, caseSensitive: true },
  email: { value: attribute('email'), caseSensitive: false },
  phone_number: { value: attribute('phone_number'), caseSensitive: false },
  name: { value: attribute('name'), caseSensitive: false },
  given_name: { value: attribute('given_name'), caseSensitive: false },
  family_name: { value: attribute('family_name'), caseSensitive: false },
  preferred_username: { value: attribute('preferred_username'), caseSensitive: false },
  'cognito:user_status': { value: (user) => user.UserStatus, caseSensitive: false },
  status: { value: (user) => (user.Enabled === false ? 'Disabled' : 'Enabled'), caseSensitive: true },
  sub: { value: attribute('sub'), caseSensitive: false },
};

const FILTER = /^\s*(?<name>[\w:]+)\s*(?<type>\^?=)\s*"(?<value>(?:[^"\\]|\\.)*)"\s*$/;
/** ListUsers answers at most 60 users a call (its `Limit`, 60 by default) and a token for the rest. */
const MAX_LIMIT = 60;

/**
 * ListUsers as Cognito answers it, where cognito-local ignores `Limit` and the pagination token
 * and matches e-mail and names case-sensitively: one searchable attribute, `=` or `^=`, a page
 * of at most `Limit` (1 to 60) users in a stable order, and a `PaginationToken` while more match.
 */
export function localListUsers(services: { cognito: CognitoService; ctx: Context }) {
  return async (request: unknown): Promise<CognitoAnswer> => {
    const { UserPoolId, Filter, Limit, PaginationToken } = request as {
      UserPoolId?: string;
      Filter?: string;
      Limit?: number;
      PaginationToken?: string;
    };
    if (!UserPoolId) return refusal('1 validation error detected: UserPoolId must not be null');
    const limit = Limit ?? MAX_LIMIT;
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
      return refusal(
        `1 validation error detected: Value '${Limit}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to ${MAX_LIMIT}`,
      );
    }
    let matches: (user: User) => boolean = () => true;
    if (Filter) {
      const parsed = FILTER.exec(Filter)?.groups;
      if (!parsed) return refusal('Error while parsing filter.');
      const searched = SEARCHABLE[parsed.name as string];
      if (!searched) return refusal('Invalid search attribute.');
      const fold = (text: string) => (searched.caseSensitive ? text : text.toLowerCase());
      const wanted = fold((parsed.value as string).replace(/\\(.)/g, '$1'));
      matches = (user) => {
        const value = searched.value(user);
        if (value === undefined) return false;
        return parsed.type === '=' ? fold(value) === wanted : fold(value).startsWith(wanted);
      };
    }
    const pool = await services.cognito.getUserPool(services.ctx, UserPoolId);
    const users = (await pool.listUsers(services.ctx))
      .filter(matches)
      .sort((a, b) => a.Username.localeCompare(b.Username));
    const offset = PaginationToken ? Number(Buffer.from(PaginationToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return refusal('Invalid pagination token.');
    const page = users.slice(offset, offset + limit);
    const next = offset + limit < users.length ? Buffer.from(String(offset + limit)).toString('base64url') : undefined;
    return {
      status: 200,
      body: {
        Users: page.map((user) => withEpochDates(userToResponseObject(user))),
        ...(next ? { PaginationToken: next } : {}),
      },
    };
  };
}
