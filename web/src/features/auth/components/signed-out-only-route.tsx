import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/** Register and Login are for visitors: a signed-in user goes home (spec section 4). */
export function SignedOutOnlyRoute() {
  const { user, loading } = useAuth();
  if (loading) return <Spinner />;
  return user ? <Navigate to="/" replace /> : <Outlet />;
}
