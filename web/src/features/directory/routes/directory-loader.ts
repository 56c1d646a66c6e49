import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { coachesQuery } from '../api/get-coaches';
import { directoryFilters } from '../use-directory-filters';

/** Starts the first page of the list (with the URL's filters) while the page's code loads; does not wait for it. */
export function directoryLoader({ request }: LoaderFunctionArgs): null {
  void queryClient.prefetchInfiniteQuery(coachesQuery(directoryFilters(new URL(request.url).searchParams)));
  return null;
}
