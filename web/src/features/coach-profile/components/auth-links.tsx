import { ButtonLink } from '@/components/ui/button-link';
import { signInReturningTo } from '@/lib/return-path';

/** Sign in (coming back to `returnTo` afterwards) or sign up. */
export function AuthLinks({ returnTo }: { returnTo: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <ButtonLink to={signInReturningTo(returnTo)}>Sign In</ButtonLink>
      <ButtonLink to="/register" variant="secondary">
        Sign Up
      </ButtonLink>
    </div>
  );
}
