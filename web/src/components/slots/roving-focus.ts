/**
 * Where an arrow key moves within a roving-tabindex group of `count` items laid out in rows of
 * `columns` (1 for a single row read left to right): the next index, or null when the key is not
 * one the group handles. Moves stop at the ends rather than wrap, as a calendar does.
 */
export function rovingTarget(key: string, index: number, count: number, columns = count): number | null {
  const clamp = (target: number) => Math.min(Math.max(target, 0), count - 1);
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowDown':
      return columns < count ? clamp(index + columns) : clamp(index + 1);
    case 'ArrowUp':
      return columns < count ? clamp(index - columns) : clamp(index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
