import { Navigate, Outlet, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { returnPathFrom } from '@/lib/return-path';

/** Register and Login are for visitors: a signed-in user goes home (spec section 4), or where the link asked. */
export function SignedOutOnlyRoute() {
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  if (loading) return <Spinner />;
  return user ? <Navigate to={returnPathFrom(params)} replace /> : <Outlet />;
}
