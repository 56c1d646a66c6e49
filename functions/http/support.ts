import { DomainError } from '../domain/errors';
import { SUPPORT_GROUP } from '../domain/support-group';
import { accounts } from '../runtime/ports/identity';
import { callerGroups, callerSignIn } from './caller';
import type { HttpEvent } from './handler';

/**
 * Support routes move money between mentees and coaches: 403 to every caller outside the `support`
 * group, and to a member without two-step verification on or whose sign-in skipped it (Google).
 */
export async function requireSupport(event: HttpEvent): Promise<void> {
  if (!callerGroups(event).includes(SUPPORT_GROUP)) {
    throw new DomainError('FORBIDDEN', 'Only the support team can do this.');
  }
  const signIn = callerSignIn(event);
  if (!(await accounts().hasAuthenticatorMfa(signIn.username))) {
    throw new DomainError(
      'MFA_REQUIRED',
      'Turn on two-step verification in Security settings before acting as support.',
    );
  }
  if (signIn.throughHostedUi) {
    throw new DomainError(
      'MFA_SIGN_IN_REQUIRED',
      'Signing in with Google skips your authenticator code. Sign in with your email, password and code to act as support.',
    );
  }
}
