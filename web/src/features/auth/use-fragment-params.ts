import { useLocation } from 'react-router';

/** The e-mailed links carry their code in the fragment (functions/domain/auth-emails.ts), never sent to a server. */
export function useFragmentParams(): URLSearchParams {
  return new URLSearchParams(useLocation().hash.replace(/^#/, ''));
}
