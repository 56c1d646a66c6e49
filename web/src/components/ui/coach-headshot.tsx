import { headshotVariantUrl, type HeadshotSize } from '@functions/domain/headshot';
import clsx from 'clsx';
import { UserRound } from 'lucide-react';

/** A coach's square headshot at the stored size that fits, or a neutral placeholder. */
export function CoachHeadshot({
  url,
  name,
  size,
  className,
}: {
  url: string | null;
  name: string;
  size: HeadshotSize;
  className?: string;
}) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={`No photo of ${name}`}
        className={clsx('grid place-items-center bg-brand-50 text-brand-700', className)}
      >
        <UserRound className="h-1/2 w-1/2" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={headshotVariantUrl(url, size)}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      className={clsx('object-cover', className)}
    />
  );
}
