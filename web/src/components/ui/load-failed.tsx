import { errorMessage } from '@/lib/error-message';
import { Button } from './button';

/** What a section shows when its data did not load, with a way to ask again. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p>
        We could not load {what}: {errorMessage(error)}
      </p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
