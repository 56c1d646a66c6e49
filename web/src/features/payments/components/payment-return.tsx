import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The shell of a page the payment provider sends the payer back to with `?session_id=…`: without
 * an id it goes to the directory, signed out to the login.
 */
export function PaymentReturn({ title, children }: { title: string; children(sessionId: string): ReactNode }) {
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user, loading } = useAuth();
  if (!sessionId) return <Navigate to="/coaches" replace />;
  if (loading) return <Spinner />;
  if (!user) return <Navigate to="/login" replace />;
  return children(sessionId);
}
