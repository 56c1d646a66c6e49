import * as z from './zod';

/** A user's, session's or availability window's id, as a path or a field names it. */
export const recordId = z.string().check(z.minLength(1), z.maxLength(64));
