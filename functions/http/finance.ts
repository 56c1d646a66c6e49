import { DomainError } from '../domain/errors';
import { callerGroups } from './caller';
import { FINANCE_GROUP } from '../domain/finance-group';
import type { HttpEvent } from './handler';

export { FINANCE_GROUP };

/** Finance routes answer 403 to every signed-in caller outside the `finance` group. */
export function requireFinance(event: HttpEvent): void {
  if (!callerGroups(event).includes(FINANCE_GROUP)) {
    throw new DomainError('FORBIDDEN', 'Only the finance team can see the ledger.');
  }
}
