import * as z from '@functions/schemas/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from './form-field';

/** A 6-digit code from an authenticator app (TOTP), spaces and all as people type them. */
const authenticatorCode = z.string().check(
  z.overwrite((code) => code.replace(/\s/g, '')),
  z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
);

const codeForm = z.object({ code: authenticatorCode });

/** A form of one authenticator code, its field focused as it appears (the one thing to do next). */
export function useAuthenticatorCodeForm() {
  const form = useForm<z.infer<typeof codeForm>>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  return form;
}

/** Cognito's answers to a code, in words for the person who typed it (else the service's own). */
export function authenticatorCodeError(error: unknown): string | undefined {
  switch ((error as { name?: string }).name) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'That code is not right. Enter the code your app shows now.';
    case 'ExpiredCodeException':
      return 'That code was used already. Enter the next code your app shows.';
    default:
      return undefined;
  }
}

/** The code's text field, which phones offer their number pad and saved codes for. */
export function AuthenticatorCodeField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      className="max-w-40 tracking-widest"
      {...props}
    />
  );
}
