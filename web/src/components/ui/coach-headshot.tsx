import clsx from 'clsx';
import { UserRound } from 'lucide-react';
import { headshotSources } from './headshot-sources';

/**
 * A square headshot `displaySize` CSS pixels wide (the className sizes the box to match), from
 * the stored crop that suits the screen, or a neutral placeholder of the same size. `priority`
 * marks the page's main image: loaded at once and first, as it is the largest paint.
 */
export function CoachHeadshot({
  url,
  name,
  alt = name,
  displaySize,
  priority = false,
  className,
}: {
  url: string | null;
  name: string;
  alt?: string;
  displaySize: number;
  priority?: boolean;
  className?: string;
}) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={`No photo of ${name}`}
        style={{ width: displaySize, height: displaySize }}
        className={clsx('grid place-items-center bg-brand-50 text-brand-700', className)}
      >
        <UserRound className="h-1/2 w-1/2" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      {...headshotSources(url, displaySize)}
      alt={alt}
      width={displaySize}
      height={displaySize}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={clsx('object-cover', className)}
    />
  );
}
