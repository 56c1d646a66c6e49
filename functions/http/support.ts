import { DomainError } from '../domain/errors';
import type { FINANCE_GROUP } from '../domain/finance-group';
import type { SUPPORT_GROUP } from '../domain/support-group';
import { accounts } from '../runtime/ports/identity';
import { callerGroups, callerSignIn } from './caller';
import type { APIGatewayProxyEventV2WithJWTAuthorizer as HttpEvent } from 'aws-lambda';

export type StaffGroup = typeof SUPPORT_GROUP | typeof FINANCE_GROUP;

/**
 * Staff routes move money and read people's accounts: 403 to every caller outside `groups`, and to
 * a member without two-step verification on or whose sign-in skipped it (Google).
 */
export async function requireStaff(event: HttpEvent, groups: readonly StaffGroup[]): Promise<void> {
  const callerIn = callerGroups(event);
  if (!groups.some((group) => callerIn.includes(group))) {
    throw new DomainError('FORBIDDEN', 'Only the support team can do this.');
  }
  const signIn = callerSignIn(event);
  if (!(await accounts().hasAuthenticatorMfa(signIn.username))) {
    throw new DomainError('MFA_REQUIRED', 'Turn on two-step verification in Security settings before acting as staff.');
  }
  if (signIn.throughHostedUi) {
    throw new DomainError(
      'MFA_SIGN_IN_REQUIRED',
      'Signing in with Google skips your authenticator code. Sign in with your email, password and code to act as staff.',
    );
  }
}
