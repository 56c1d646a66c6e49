import { LockKeyhole } from 'lucide-react';
import { useLocation } from 'react-router';
import { AuthLinks } from './auth-links';

export function LoginRequiredPanel() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="login-required" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 id="login-required" className="flex items-center gap-2 font-semibold text-slate-900">
        <LockKeyhole className="h-4 w-4" aria-hidden="true" />
        Login Required to Book Sessions
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Browse the open times below, then sign in or create an account to book.
      </p>
      <div className="mt-3">
        <AuthLinks returnTo={pathname} />
      </div>
    </section>
  );
}
