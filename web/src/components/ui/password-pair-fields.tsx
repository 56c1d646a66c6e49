import { PASSWORD_MIN_LENGTH, password } from '@functions/schemas/profile';
import * as z from '@functions/schemas/zod';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from './form-field';

/** A new password (the shared rule) and its confirmation, which must match. */
export const passwordPairSchema = (mismatchMessage: string) =>
  z.object({ password, confirmPassword: z.string() }).check(
    z.refine((pair) => pair.password === pair.confirmPassword, {
      path: ['confirmPassword'],
      message: mismatchMessage,
    }),
  );
export type PasswordPair = z.infer<ReturnType<typeof passwordPairSchema>>;

/** The spec titles each broken rule in a toast; the reset page and settings word the titles differently. */
export function toastPasswordPairError(
  errors: FieldErrors<PasswordPair>,
  titles: { tooShort: string; mismatch: string },
): void {
  const [title, problem] = errors.password
    ? [titles.tooShort, errors.password]
    : [titles.mismatch, errors.confirmPassword];
  if (problem?.message) toast.error(title, { description: problem.message });
}

interface PasswordInput {
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A new password and its confirmation: the reset page and the settings password form. */
export function PasswordPairFields({
  password,
  confirmation,
}: {
  password: PasswordInput;
  confirmation: PasswordInput;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={password.error}
        {...password.registration}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={confirmation.error}
        {...confirmation.registration}
      />
    </>
  );
}
