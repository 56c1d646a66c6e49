import { countCheckAsked, startCheck } from '../../data/npi-verifications';
import { DomainError } from '../../domain/errors';
import { type NpiRecord, TOO_MANY_NPI_CHECKS_MESSAGE } from '../../domain/npi';
import { type NpiCheckDependencies, runNpiCheck } from './npi-checks';

/**
 * The mentor's new NPI, checked against the registry at once (within its 3-second timeout), a few
 * times a day at most. A registry that cannot be reached leaves the check pending and retried later.
 */
export async function checkNpiNow(
  deps: NpiCheckDependencies,
  userId: string,
  npi: string,
  now: Date,
): Promise<NpiRecord | null> {
  if (!(await countCheckAsked(userId, now))) {
    throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_NPI_CHECKS_MESSAGE);
  }
  await startCheck(userId, npi, now);
  return runNpiCheck(userId, deps, now);
}
