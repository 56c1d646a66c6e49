import { password } from './profile';
import * as z from './zod';

/** `GET /api/me/sign-in-methods`: how the caller's account signs in. */
export const signInMethods = z.object({
  hasPassword: z.boolean(),
  canSetPassword: z.boolean(),
  providers: z.array(z.string()),
});
export type SignInMethodsView = z.infer<typeof signInMethods>;

/** `PUT /api/me/password`: a first password for an account made by a Google sign-in. */
export const firstPassword = z.strictObject({ password });
export type FirstPassword = z.infer<typeof firstPassword>;
