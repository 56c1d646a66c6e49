import { onFirstUse } from './on-first-use';

/**
 * The profanity filter (domain/moderation.ts), read on the first request that moderates a text: it
 * parses its word lists when imported (about 40 ms of CPU), so no cold start pays for it, and a
 * refused request or a rating without a review never loads it.
 */
export const moderationOnFirstUse = onFirstUse(() => import('../domain/moderation'));
