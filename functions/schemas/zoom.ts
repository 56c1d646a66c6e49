import * as z from 'zod';

/** `GET /api/zoom/callback`: Zoom sends back either a code or an error, with our state. */
export const zoomCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2_000).optional(),
  error: z.string().max(200).optional(),
});

export const zoomConnectLink = z.object({ url: z.string().url() });
