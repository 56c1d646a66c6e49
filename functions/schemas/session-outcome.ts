import { OUTCOME_REPORTS, OUTCOME_STATES, RESOLUTIONS } from '../domain/session-outcome';
import * as z from './zod';

export const MAX_OUTCOME_NOTE_LENGTH = 1000;

const note = z
  .string()
  .check(z.trim(), z.maxLength(MAX_OUTCOME_NOTE_LENGTH, `Note must be ${MAX_OUTCOME_NOTE_LENGTH} characters or less`));

/** `POST /api/sessions/{id}/outcome` (domain/session-outcome.ts): one party's report of how the session went. */
export const reportOutcomeInput = z.object({
  report: z.enum(OUTCOME_REPORTS, { error: 'Say whether the session happened or who did not show up.' }),
  note: z.optional(note),
});
export type ReportOutcomeInput = z.infer<typeof reportOutcomeInput>;

const RESOLUTION_NOTE_REQUIRED = 'Say why the session is resolved this way.';

/** `POST /api/support/sessions/{id}/resolve`: support's decision on a disputed session; `refundCents` for a split. */
export const resolveSessionInput = z.object({
  resolution: z.enum(RESOLUTIONS),
  refundCents: z.optional(z.int().check(z.gte(1))),
  note: z
    .string({ error: RESOLUTION_NOTE_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, RESOLUTION_NOTE_REQUIRED),
      z.maxLength(MAX_OUTCOME_NOTE_LENGTH, `Note must be ${MAX_OUTCOME_NOTE_LENGTH} characters or less`),
    ),
});
export type ResolveSessionInput = z.infer<typeof resolveSessionInput>;

/** A held session's outcome as the dashboard shows it: the state, the window's end, each party's report, support's decision. */
export const outcomeView = z.object({
  state: z.enum(OUTCOME_STATES),
  windowEndsAt: z.string(),
  reports: z.array(z.object({ by: z.enum(['coach', 'mentee']), report: z.enum(OUTCOME_REPORTS), at: z.string() })),
  resolution: z.optional(
    z.object({ resolution: z.enum(RESOLUTIONS), refundCents: z.optional(z.number()), at: z.string() }),
  ),
});
export type OutcomeView = z.infer<typeof outcomeView>;
