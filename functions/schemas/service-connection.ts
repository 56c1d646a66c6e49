import * as z from './zod';

/** `GET /api/{zoom,calendly}/callback`: the provider sends back either a code or an error, with our state. */
export const serviceCallbackQuery = z.object({
  state: z.optional(z.string().check(z.maxLength(200))),
  code: z.optional(z.string().check(z.maxLength(2_000))),
  error: z.optional(z.string().check(z.maxLength(200))),
});

/** `POST /api/me/{zoom,calendly}`: the provider's authorize page. */
export const serviceConnectLink = z.object({ url: z.url() });
