import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';

/** Calls to join, shown only to visitors who are not signed in. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  return loading || user ? null : children;
}
