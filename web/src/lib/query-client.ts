import { QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError } from './api-client';

const isTooManyRequests = (error: unknown): error is ApiError => isApiError(error, 'TOO_MANY_REQUESTS');

/**
 * One toast however many reads were refused at once: sonner replaces a toast of the same id. Sonner
 * loads after the first paint (app/toaster.tsx), so it is imported here only when needed.
 */
function toastTooManyRequests(error: unknown): void {
  if (!isTooManyRequests(error)) return;
  void import('sonner').then(({ toast }) =>
    toast.error('Too Many Requests', { id: 'too-many-requests', description: error.message }),
  );
}

/**
 * The one cache: the provider in main.tsx and the route loaders that fill it before a screen
 * renders. A read refused with 429 by any layer (WAF, API Gateway, the API) is a toast, and is not
 * retried at once: the limit needs a moment to pass. A refused write needs no toast here: each
 * form's own failure toast shows the error's message, which api-client.ts words the same for every 429.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: toastTooManyRequests }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (failures, error) => failures < 1 && !isTooManyRequests(error) },
  },
});
