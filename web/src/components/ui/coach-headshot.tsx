import clsx from 'clsx';
import { headshotSources } from './headshot-sources';

/** Dark enough for white initials at AA contrast (4.5:1 and more). */
const INITIALS_BACKGROUNDS = ['#1d4ed8', '#047857', '#6d28d9', '#b45309', '#be123c', '#0f766e', '#4338ca', '#a21caf'];

/** The same colour for the same person everywhere: FNV-1a of the user id. */
export function initialsBackground(userId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return INITIALS_BACKGROUNDS[(hash >>> 0) % INITIALS_BACKGROUNDS.length] as string;
}

/** 'Mei-Lin Zhao' → 'MZ'; one word gives one letter. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .filter((_, index, words) => index === 0 || index === words.length - 1)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');

/**
 * A square headshot `displaySize` CSS pixels wide (the className sizes the box to match), from
 * the stored crop that suits the screen, or the person's initials on a colour of their own, the
 * same size. `priority` marks the page's main image: loaded at once and first, as it is the largest paint.
 */
export function CoachHeadshot({
  url,
  userId,
  name,
  alt = name,
  displaySize,
  priority = false,
  className,
}: {
  url: string | null;
  /** Picks the initials' colour (the name when not given). */
  userId?: string;
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
        style={{
          width: displaySize,
          height: displaySize,
          fontSize: displaySize * 0.38,
          backgroundColor: initialsBackground(userId ?? name),
        }}
        className={clsx('grid select-none place-items-center font-semibold tracking-wide text-white', className)}
      >
        <span aria-hidden="true">{initialsOf(name)}</span>
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
