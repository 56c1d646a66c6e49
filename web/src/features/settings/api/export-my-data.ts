import { downloadApiFile } from '@/lib/api-client';

/** Everything the site holds about the signed-in person, as a JSON download. */
export const downloadMyData = () =>
  downloadApiFile('/me/export', {}, `physician-mentors-data-${new Date().toISOString().slice(0, 10)}.json`);
