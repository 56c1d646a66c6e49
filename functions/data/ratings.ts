import type { StoredRating } from '../domain/ratings';
import type { RatingListQuery } from '../schemas/rating';
import { readIndexRange } from './index-range';
import { keys } from './keys';
import { tableSchema } from './table-schema';

type RatingSort = RatingListQuery['sort'];
type RatingRow = StoredRating & Record<string, unknown>;

const STARS_LOW_TO_HIGH = [1, 2, 3, 4, 5] as const;

/** The index and sort key each order reads: time order on gsi1, stars then time on gsi2. */
const sortKeyOf: Record<RatingSort, string> = {
  newest: tableSchema.indexes.byOwner.sortKey,
  highest: tableSchema.indexes.byParty.sortKey,
  lowest: tableSchema.indexes.byParty.sortKey,
};

export const ratingSortKey = (row: StoredRating, sort: RatingSort) => String((row as RatingRow)[sortKeyOf[sort]]);

/**
 * One page of a coach's ratings in the order asked for, continuing after the sort key `after`,
 * read from the table (never the whole list): newest is gsi1 backwards; highest is gsi2
 * (`<stars>#<createdAt>`) backwards, so ties show the newest first; lowest reads gsi2 one star
 * value at a time, each backwards, so its ties also show the newest first.
 */
export async function ratingsPageOfCoach(
  coachId: string,
  sort: RatingSort,
  page: { after?: string; limit: number },
): Promise<{ ratings: StoredRating[]; more: boolean }> {
  const partition = keys.coachRatingsPartition(coachId);
  const wanted = page.limit + 1;
  const rows: RatingRow[] = [];
  if (sort === 'lowest') {
    const fromStars = page.after ? Number(page.after.split('#')[0]) : 1;
    for (const stars of STARS_LOW_TO_HIGH.filter((value) => value >= fromStars)) {
      const within = keys.ratingsWithStars(stars);
      const after = page.after?.startsWith(within.from) ? page.after : undefined;
      rows.push(
        ...(await readIndexRange<RatingRow>(
          { index: tableSchema.indexes.byParty, partition, between: within, after, descending: true },
          wanted - rows.length,
        )),
      );
      if (rows.length >= wanted) break;
    }
  } else {
    const index = sort === 'newest' ? tableSchema.indexes.byOwner : tableSchema.indexes.byParty;
    rows.push(...(await readIndexRange<RatingRow>({ index, partition, after: page.after, descending: true }, wanted)));
  }
  return { ratings: rows.slice(0, page.limit), more: rows.length > page.limit };
}
