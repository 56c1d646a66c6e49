import { CheckCircle2, Circle } from 'lucide-react';

/** Spec section 7: Google is the one enabled provider; the other three are defined but disabled. */
const THIRD_PARTY_PROVIDERS = ['Google', 'Apple', 'Microsoft', 'LinkedIn'] as const;

/** Cognito names a federated user after the provider that created it, e.g. 'google_1234'. */
export const federatedProvider = (username: string) =>
  THIRD_PARTY_PROVIDERS.find((provider) => username.toLowerCase().startsWith(`${provider.toLowerCase()}_`));

export const hasPasswordLogin = (username: string) => !federatedProvider(username);

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

export function SignInMethods({ username, email }: { username: string; email: string }) {
  const provider = federatedProvider(username);
  return (
    <ul className="divide-y divide-slate-200" aria-label="Sign-in methods">
      <SignInMethod name="Email & Password" account={provider ? null : email} />
      {THIRD_PARTY_PROVIDERS.map((name) => (
        <SignInMethod key={name} name={name} account={name === provider ? email : null} />
      ))}
    </ul>
  );
}
