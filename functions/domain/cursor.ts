import { DomainError } from './errors';

/** An opaque page cursor: JSON in base64url, so clients pass it back without reading it. */
export const encodeCursor = (position: object): string => Buffer.from(JSON.stringify(position)).toString('base64url');

/** The position a cursor holds, when `isValid` accepts it; anything else is a 400 INVALID_CURSOR. */
export function decodeCursor<T>(cursor: string, isValid: (position: unknown) => position is T): T {
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    position = undefined;
  }
  if (isValid(position)) return position;
  throw new DomainError('INVALID_CURSOR', 'This page link is no longer valid. Start from the first page.');
}

/** A cursor that continues after one sort key of one listing (`order`), refused for any other listing. */
export const afterCursor = (order: string, after: string) => encodeCursor({ order, after });

const MAX_SORT_KEY_LENGTH = 300;

export function afterOf(cursor: string | undefined, order: string): string | undefined {
  if (cursor === undefined) return undefined;
  const isAfter = (position: unknown): position is { order: string; after: string } => {
    const { order: cursorOrder, after } = (position ?? {}) as { order?: unknown; after?: unknown };
    return cursorOrder === order && typeof after === 'string' && after.length <= MAX_SORT_KEY_LENGTH;
  };
  return decodeCursor(cursor, isAfter).after;
}
