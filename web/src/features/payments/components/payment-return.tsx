import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What was paid for: a session (`?session_id=…`) or a monthly plan (`?subscription_id=…`). */
export type PaidFor = { kind: 'session'; id: string } | { kind: 'plan'; id: string };

function paidFor(params: URLSearchParams): PaidFor | null {
  const sessionId = params.get('session_id');
  if (sessionId) return { kind: 'session', id: sessionId };
  const subscriptionId = params.get('subscription_id');
  return subscriptionId ? { kind: 'plan', id: subscriptionId } : null;
}

/**
 * The shell of a page the payment provider sends the payer back to: without an id it goes to
 * the directory, signed out to the login.
 */
export function PaymentReturn({ title, children }: { title: string; children(paid: PaidFor): ReactNode }) {
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const paid = paidFor(params);
  const { user, loading } = useAuth();
  if (!paid) return <Navigate to="/coaches" replace />;
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  return children(paid);
}
