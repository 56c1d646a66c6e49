import type { SignInMethodsView } from '@functions/schemas/sign-in-methods';
import { CheckCircle2, Circle } from 'lucide-react';

/** Spec section 7: Google is the one enabled provider; the other three are defined but disabled. */
const THIRD_PARTY_PROVIDERS = ['Google', 'Apple', 'Microsoft', 'LinkedIn'] as const;

function SignInMethod({ name, account }: { name: string; account: string | null }) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <span className="flex items-center gap-3">
        {account ? (
          <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden="true" />
        ) : (
          <Circle className="h-5 w-5 text-slate-400" aria-hidden="true" />
        )}
        <span className="font-medium text-slate-900">{name}</span>
      </span>
      <span className="break-all text-right text-sm text-slate-700">{account ?? 'Not connected'}</span>
    </li>
  );
}

/** What the server says the account signs in with: its password, and the providers linked to it. */
export function SignInMethods({ methods, email }: { methods: SignInMethodsView; email: string }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Sign-in methods">
      <SignInMethod name="Email & Password" account={methods.hasPassword ? email : null} />
      {THIRD_PARTY_PROVIDERS.map((name) => (
        <SignInMethod key={name} name={name} account={methods.providers.includes(name) ? email : null} />
      ))}
    </ul>
  );
}
