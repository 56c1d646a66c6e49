import { RatingStars } from './rating-stars';

/** Stars with the average and count, or the 'New Mentor' badge while a coach has too few ratings to judge. */
export function RatingSummary({
  averageRating,
  totalRatings,
  isNewMentor,
}: {
  averageRating: number;
  totalRatings: number;
  isNewMentor: boolean;
}) {
  if (isNewMentor) {
    return (
      <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
        New Mentor
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700">
      <RatingStars rating={averageRating} />
      <span>
        {averageRating.toFixed(1)} ({totalRatings} {totalRatings === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
