import { countCheckAsked, startCheck } from '../data/npi-verifications';
import { DomainError } from '../domain/errors';
import { INVALID_NPI_MESSAGE, isValidNpi, normalizedNpi, TOO_MANY_NPI_CHECKS_MESSAGE } from '../domain/npi';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { npiUpdate } from '../schemas/verification';
import { npiCheckDependenciesFromEnvironment, runNpiCheck } from '../workflows/verification/npi-checks';
import { toVerificationView } from '../http/views/verification';

/**
 * `PUT /api/me/npi`: the mentor's NPI, checked against the registry at once (within its 3-second
 * timeout). 202: a registry that cannot be reached leaves the check pending and retried later.
 */
export const handler = httpHandler({ schemas: { body: npiUpdate }, auth: true }, async ({ body, caller, now }) => {
  const npi = normalizedNpi(body.npi);
  if (!isValidNpi(npi)) {
    throw new DomainError('INVALID_NPI', INVALID_NPI_MESSAGE, [{ field: 'body.npi', message: INVALID_NPI_MESSAGE }]);
  }
  await requireMentor(caller);
  if (!(await countCheckAsked(caller.userId, now))) {
    throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_NPI_CHECKS_MESSAGE);
  }
  await startCheck(caller.userId, npi, now);
  const record = await runNpiCheck(caller.userId, npiCheckDependenciesFromEnvironment(), now);
  return { status: 202, body: { verification: toVerificationView(record) } };
});
