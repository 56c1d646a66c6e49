import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { dynamoCoachStore } from '../../functions/http/directory';
import { keys } from '../../functions/data/keys';
import type { RatingItem } from '../../functions/domain/rating-item';
import { CARD_EXCERPT_LENGTH } from '../../functions/domain/directory';
import { ratingList } from '../../functions/schemas/rating';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import type { SignedInUser } from '../support/users';

let stack: TestStack;
let coach: SignedInUser;

const call = (path: string, init: { user?: SignedInUser; method?: string; body?: unknown } = {}) =>
  fetch(`${stack.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...init.user?.auth, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

let stored = 0;
/** A rating stored as the rating transaction stores it, and counted on the coach's profile. */
async function storeRating(id: string, stars: 1 | 2 | 3 | 4 | 5, createdAt: string) {
  const rating: RatingItem = {
    sessionId: `${coach.userId}-${id}`,
    coachId: coach.userId,
    ratedBy: 'someone',
    reviewerName: 'Pat K.',
    rating: stars,
    reviewText: `review ${id}`,
    moderationStatus: 'approved',
    createdAt,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.rating(rating.sessionId), ...keys.coachRating(rating), ...rating },
    }),
  );
  stored++;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(coach.userId),
      UpdateExpression: 'SET totalRatings = :count',
      ExpressionAttributeValues: { ':count': stored },
    }),
  );
}

/** Every rating in one order, `limit` per page, calling `between` after each page. */
async function readAll(sort: string, limit: number, between: (page: number) => Promise<void> = async () => {}) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let page = 0;
  let total = 0;
  do {
    const response = await call(
      `/api/coaches/${coach.userId}/ratings?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.status).toBe(200);
    const body = ratingList.parse(await response.json());
    ids.push(...body.ratings.map((rating) => rating.id.replace(`${coach.userId}-`, '')));
    total = body.total;
    cursor = body.nextCursor;
    await between(++page);
  } while (cursor);
  return { ids, total };
}

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true, specialty: 'Cardiology' });
  await storeRating('a', 5, '2026-01-01T00:00:00Z');
  await storeRating('b', 3, '2026-03-01T00:00:00Z');
  await storeRating('c', 5, '2026-02-01T00:00:00Z');
  await storeRating('d', 1, '2026-04-01T00:00:00Z');
  await storeRating('e', 4, '2026-05-01T00:00:00Z');
  await storeRating('f', 2, '2026-06-01T00:00:00Z');
  await stack.directorySettled();
});

afterAll(async () => {
  await stack?.dispose();
});

describe('GET /api/coaches/{coachId}/ratings', () => {
  it('reads each order from the table, ties in stars newest first, at any page size', async () => {
    for (const limit of [1, 2, 4, 50]) {
      expect(await readAll('newest', limit)).toEqual({ ids: ['f', 'e', 'd', 'b', 'c', 'a'], total: 6 });
      expect((await readAll('highest', limit)).ids).toEqual(['c', 'a', 'e', 'b', 'f', 'd']);
      expect((await readAll('lowest', limit)).ids).toEqual(['d', 'f', 'b', 'e', 'c', 'a']);
    }
  });

  it('pages without repeats or gaps while ratings are added', async () => {
    const { ids } = await readAll('lowest', 2, async (page) => {
      // After the first page (d, f): one lands before the cursor, one after it.
      if (page === 1) {
        await storeRating('early', 1, '2026-07-01T00:00:00Z');
        await storeRating('late', 4, '2026-07-02T00:00:00Z');
      }
    });
    expect(ids).toEqual(['d', 'f', 'b', 'late', 'e', 'c', 'a']);
    expect((await readAll('newest', 3)).ids).toEqual(['late', 'early', 'f', 'e', 'd', 'b', 'c', 'a']);
  });

  it('refuses a cursor of another order, and the old page parameter', async () => {
    const first = ratingList.parse(await (await call(`/api/coaches/${coach.userId}/ratings?limit=1`)).json());
    expect(first.nextCursor).toBeDefined();
    for (const query of [`sort=highest&cursor=${first.nextCursor}`, 'cursor=nonsense', 'page=2']) {
      expect((await call(`/api/coaches/${coach.userId}/ratings?${query}`)).status).toBe(400);
    }
  });
});

describe('edge caching', () => {
  const edge = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

  it('lets the edge keep public reads for a short while, each route', async () => {
    const from = encodeURIComponent(at(1, 0));
    const to = encodeURIComponent(at(2, 0));
    for (const path of [
      '/api/coaches?q=casey',
      `/api/coaches/${coach.userId}`,
      `/api/coaches/${coach.userId}/slots?from=${from}&to=${to}&duration=30`,
      `/api/coaches/${coach.userId}/ratings?sort=highest`,
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toMatch(edge);
    }
    const slots = await call(`/api/coaches/${coach.userId}/slots?from=${from}&to=${to}&duration=30`);
    expect(slots.headers.get('cache-control')).toContain('s-maxage=15');
  });

  it('keeps errors and everything signed in out of every cache', async () => {
    const responses = [
      await call('/api/coaches/nobody'),
      await call('/api/coaches?limit=0'),
      await call('/api/me', { user: coach }),
      await call('/api/me/sessions?when=past', { user: coach }),
      await call('/api/me/availability', { user: coach }),
    ];
    for (const response of responses) expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the directory index', () => {
  const listed = async () => (await dynamoCoachStore.listPublished()).find((card) => card.userId === coach.userId);
  const longBio = `${'Helps physicians move into leadership roles. '.repeat(100)}The end.`;

  it('follows a coach who edits, unpublishes and publishes, and carries bios as card excerpts', async () => {
    const rates = { hourlyRateCents: 15_000, offersFreeConsult: false, freeConsultMinutes: 15, coachBio: longBio };
    expect((await call('/api/me/rates', { user: coach, method: 'PUT', body: rates })).status).toBe(200);
    const card = await listed();
    expect(card?.hourlyRateCents).toBe(15_000);
    expect(card?.coachBio?.length).toBeLessThanOrEqual(CARD_EXCERPT_LENGTH + 1);
    expect(card?.coachBio).toMatch(/^Helps physicians move into leadership roles\. .*…$/);
    expect(await (await call(`/api/coaches/${coach.userId}`)).json()).toMatchObject({ coachBio: longBio });

    expect((await call('/api/me', { user: coach, method: 'PATCH', body: { lastName: 'Aardvark' } })).status).toBe(200);
    expect(await listed()).toMatchObject({ lastName: 'Aardvark' });

    const unpublish = await call('/api/me/publication', { user: coach, method: 'PUT', body: { published: false } });
    expect(unpublish.status).toBe(200);
    expect(await listed()).toBeUndefined();

    const publish = await call('/api/me/publication', { user: coach, method: 'PUT', body: { published: true } });
    expect(publish.status).toBe(200);
    expect(await listed()).toMatchObject({ lastName: 'Aardvark', hourlyRateCents: 15_000 });
  });
});
