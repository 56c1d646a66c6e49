import { LoadFailed } from '@/components/ui/load-failed';
import { MfaRequiredNotice } from '@/components/ui/mfa-required-notice';
import { ApiError, isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** The headline of a refused action: a 4xx changed nothing; anything else may or may not have. */
function refusalTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong';
  if (error.code === 'FORBIDDEN') return 'Not allowed';
  if (error.status === 404) return 'Not found';
  if (error.status === 409) return 'Not done: the record does not allow this now';
  if (error.status >= 400 && error.status < 500) return 'Not done';
  return 'Something went wrong';
}

/** Why the API refused an action, in its own words (branching on the code, never the message). */
export function ActionRefusal({ error }: { error: unknown }) {
  if (isApiError(error, 'MFA_REQUIRED', 'MFA_SIGN_IN_REQUIRED')) return <MfaRequiredNotice refusal={error} />;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{refusalTitle(error)}</p>
      <p className="mt-1">{errorMessage(error)}</p>
    </div>
  );
}

/** What a console section shows when its data did not load: the MFA or group refusal as is, else a retry. */
export function SupportLoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  if (isApiError(error, 'MFA_REQUIRED', 'MFA_SIGN_IN_REQUIRED', 'FORBIDDEN')) return <ActionRefusal error={error} />;
  return <LoadFailed what={what} error={error} onRetry={onRetry} />;
}
