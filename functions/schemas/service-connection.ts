import * as z from 'zod';

/** `GET /api/{zoom,calendly}/callback`: the provider sends back either a code or an error, with our state. */
export const serviceCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2_000).optional(),
  error: z.string().max(200).optional(),
});

/** `POST /api/me/{zoom,calendly}`: the provider's authorize page. */
export const serviceConnectLink = z.object({ url: z.string().url() });
