import { getNpiRecord } from '../data/npi-verifications';
import { httpHandler } from '../http/handler';
import { toVerificationView } from '../http/views/verification';

/** `GET /api/me/verification`: where the caller's NPI check stands. */
export const handler = httpHandler({ auth: true }, async ({ caller }) => ({
  status: 200,
  body: toVerificationView(await getNpiRecord(caller.userId)),
}));
