import type { PublicRating } from '@functions/schemas/rating';
import { DateTime } from 'luxon';
import { useId, useState } from 'react';
import { RatingStars } from '@/components/ui/rating-stars';
import { Spinner } from '@/components/ui/spinner';
import { DEFAULT_RATING_SORT, type RatingSort, useCoachRatings } from '../api/get-coach-ratings';
import { ProfileCard } from './profile-card';

const SORT_OPTIONS: { value: RatingSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest' },
  { value: 'lowest', label: 'Lowest' },
];

function SortSelect({ sort, onChange }: { sort: RatingSort; onChange(sort: RatingSort): void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Sort by
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => onChange(event.target.value as RatingSort)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Review({ rating }: { rating: PublicRating }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={rating.rating} />
        <time dateTime={rating.createdAt} className="text-sm text-slate-600">
          {DateTime.fromISO(rating.createdAt).toLocaleString(DateTime.DATE_MED)}
        </time>
      </div>
      {rating.reviewText && <p className="mt-2 text-slate-800">{rating.reviewText}</p>}
      <p className="mt-1 text-sm font-medium text-slate-700">{rating.reviewerName}</p>
    </li>
  );
}

const loadMoreClass =
  'rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-40';

export function ReviewsCard({ coachId }: { coachId: string }) {
  const [sort, setSort] = useState<RatingSort>(DEFAULT_RATING_SORT);
  const ratings = useCoachRatings(coachId, sort);
  const shown = ratings.data?.pages.flatMap((page) => page.ratings) ?? [];
  const total = ratings.data?.pages[0]?.total ?? 0;

  return (
    <ProfileCard title="Reviews" action={<SortSelect sort={sort} onChange={setSort} />}>
      {ratings.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : ratings.isError ? (
        <p role="alert" className="text-red-800">
          Failed to load reviews. Please try again later.
        </p>
      ) : shown.length === 0 ? (
        <p className="text-slate-700">No reviews yet. Be the first to review this mentor!</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {shown.map((rating) => (
              <Review key={rating.id} rating={rating} />
            ))}
          </ul>
          <div className="mt-4 flex items-center justify-between gap-3">
            <span className="text-sm text-slate-700">
              Showing {shown.length} of {total} reviews
            </span>
            {ratings.hasNextPage && (
              <button
                type="button"
                className={loadMoreClass}
                disabled={ratings.isFetchingNextPage}
                onClick={() => void ratings.fetchNextPage()}
              >
                {ratings.isFetchingNextPage ? 'Loading...' : 'Load more reviews'}
              </button>
            )}
          </div>
        </>
      )}
    </ProfileCard>
  );
}
