import { httpHandler } from '../http/handler';
import { toPersonalDataView } from '../http/views/personal-data';
import { personalDataExport } from '../workflows/accounts/export-my-data';

/**
 * `GET /api/me/export`: the caller's data as a JSON file (profile, sessions either side, the ratings
 * they wrote, their conversations with every message, their plans with credits and money), in the shapes the API shows them.
 */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const body = toPersonalDataView(await personalDataExport(caller.userId), caller.userId, now);
  return {
    status: 200,
    text: JSON.stringify(body, null, 2),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="physician-mentors-data-${now.toISOString().slice(0, 10)}.json"`,
      'cache-control': 'private, no-store',
    },
  };
});
