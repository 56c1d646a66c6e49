import { ButtonLink } from './button-link';

/** What a signed-in-only screen shows a signed-out visitor: why, and the way to sign in. */
export function SignInRequired({ heading, message }: { heading?: string; message: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-10 text-center">
      {heading && <h1 className="mb-2 text-2xl font-bold text-slate-900">{heading}</h1>}
      <p className="text-slate-700">{message}</p>
      <ButtonLink to="/login" className="mt-4">
        Log in
      </ButtonLink>
    </div>
  );
}
