import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** The 'we sent you a link' state of Register and Forgot password. */
export function CheckEmailNotice({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div role="status" className="text-center">
      <MailCheck className="mx-auto h-12 w-12 text-brand-600" aria-hidden="true" />
      <p className="mt-4 text-slate-800">
        We sent an e-mail to <strong className="break-all">{email}</strong>.
      </p>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  );
}
