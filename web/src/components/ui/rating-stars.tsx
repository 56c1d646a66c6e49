import { Star } from 'lucide-react';

/** Five stars, filled up to the rating rounded to the nearest whole star; read out as one phrase. */
export function RatingStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const filledStars = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          width={size}
          height={size}
          aria-hidden="true"
          className={star <= filledStars ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-300'}
        />
      ))}
    </span>
  );
}
