import { ButtonLink } from '@/components/ui/button-link';

export function AuthLinks() {
  return (
    <div className="flex flex-wrap gap-3">
      <ButtonLink to="/login">Sign In</ButtonLink>
      <ButtonLink to="/register" variant="secondary">
        Sign Up
      </ButtonLink>
    </div>
  );
}
