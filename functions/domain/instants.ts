/** An instant as the API writes it: ISO-8601 UTC to the whole second, e.g. 2026-03-04T15:00:00Z. */
export const isoSeconds = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;
