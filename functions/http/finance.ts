import { DomainError } from '../domain/errors';
import { callerGroups } from './caller';
import type { HttpEvent } from './handler';

/** The Cognito group whose members read the ledger (created by lib/auth.ts; README says how to join it). */
export const FINANCE_GROUP = 'finance';

/** Finance routes answer 403 to every signed-in caller outside the `finance` group. */
export function requireFinance(event: HttpEvent): void {
  if (!callerGroups(event).includes(FINANCE_GROUP)) {
    throw new DomainError('FORBIDDEN', 'Only the finance team can see the ledger.');
  }
}
