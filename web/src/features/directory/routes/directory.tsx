import { useEffect } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useCoaches } from '../api/get-coaches';
import { CoachCard } from '../components/coach-card';
import { CoachCardSkeleton } from '../components/coach-card-skeleton';
import { DirectoryFilters } from '../components/directory-filters';
import { DirectoryMessage } from '../components/directory-message';
import { useDirectoryFilters } from '../use-directory-filters';
import { Button } from '@/components/ui/button';

const SKELETON_CARDS = 6;

/**
 * 'Showing X of Y mentors' counts the cards on screen (spec: Y is every published mentor); while
 * more of the matching ones can be loaded, it says how many.
 */
function countLine(shown: number, counts: { matchingCount: number; totalCount: number }, more: boolean) {
  const line = `Showing ${shown} of ${counts.totalCount} mentors`;
  return more ? `${line}. Load more to see ${counts.matchingCount - shown} more.` : line;
}

export function DirectoryPage() {
  useDocumentTitle('Find a Mentor');
  useMetaDescription(
    'Search physician mentors by specialty, experience and career question; see their rates and reviews, and book a session.',
  );
  const directory = useDirectoryFilters();
  const coaches = useCoaches(directory.filters);
  const pages = coaches.data?.pages ?? [];
  const list = pages.flatMap((page) => page.coaches);
  const firstPage = pages[0];

  useEffect(() => {
    // The spec shows a failed load as an empty list; the cause only goes to the console.
    if (coaches.error) console.error('Failed to load the mentor directory', coaches.error);
  }, [coaches.error]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">Find a Mentor</h1>
      <p className="mt-2 text-slate-700">Physicians who have made the move, ready to help you make yours.</p>
      <div className="mt-6">
        <DirectoryFilters {...directory} />
      </div>
      <p role="status" aria-live="polite" className="mt-6 min-h-6 text-sm font-medium text-slate-700">
        {firstPage && countLine(list.length, firstPage, coaches.hasNextPage)}
      </p>
      <div className="mt-3">
        {coaches.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <CoachCardSkeleton key={index} />
            ))}
          </div>
        ) : coaches.isError ? (
          <DirectoryMessage
            title="No mentors found"
            text="We could not load the mentor list."
            actionLabel="Try again"
            onAction={() => void coaches.refetch()}
          />
        ) : list.length === 0 ? (
          <DirectoryMessage
            title="No mentors found"
            text="Try a different search or fewer filters."
            actionLabel="Clear Filters"
            onAction={directory.clearFilters}
          />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((coach) => (
              <li key={coach.userId} className="flex">
                <CoachCard coach={coach} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {coaches.hasNextPage && (
        <div className="mt-8 text-center">
          <Button
            variant="secondary"
            onClick={() => void coaches.fetchNextPage()}
            disabled={coaches.isFetchingNextPage}
          >
            {coaches.isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
