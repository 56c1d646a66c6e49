import { emailAddress, password } from './profile';
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

/** `POST /api/me/password-change`: the signed-in user's new password, with the current one. */
export const passwordChange = z.strictObject({
  currentPassword: z.string().check(z.minLength(1, 'Please enter your current password.'), z.maxLength(256)),
  password,
});
export type PasswordChange = z.infer<typeof passwordChange>;

/** `POST /api/password-resets`: a new password, with the address and code of the reset e-mail. */
export const passwordReset = z.strictObject({
  email: emailAddress,
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  password,
});
export type PasswordReset = z.infer<typeof passwordReset>;
