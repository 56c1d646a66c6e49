import { DomainError } from '../domain/errors';
import { INVALID_NPI_MESSAGE, isValidNpi, normalizedNpi } from '../domain/npi';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { toVerificationView } from '../http/views/verification';
import { npiUpdate } from '../schemas/verification';
import { npiCheckPorts } from '../workflows/verification/npi-checks';
import { checkNpiNow } from '../workflows/verification/update-npi';

/** `PUT /api/me/npi` → 202 `{verification}`: the mentor's NPI, checked at once or left pending. */
export const handler = httpHandler({ schemas: { body: npiUpdate }, auth: true }, async ({ body, caller, now }) => {
  const npi = normalizedNpi(body.npi);
  if (!isValidNpi(npi)) {
    throw new DomainError('INVALID_NPI', INVALID_NPI_MESSAGE, [{ field: 'body.npi', message: INVALID_NPI_MESSAGE }]);
  }
  await requireMentor(caller);
  const record = await checkNpiNow(npiCheckPorts(), caller.userId, npi, now);
  return { status: 202, body: { verification: toVerificationView(record) } };
});
