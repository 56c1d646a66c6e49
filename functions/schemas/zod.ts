/**
 * The zod every schema is written with: zod/mini, whose checks are functions a bundle keeps only
 * when it uses them. zod's classic API (methods on every schema) came whole into each Lambda, about
 * 100 KiB parsed at every cold start; the SPA's forms share these schemas and gain the same.
 * zod/mini carries no messages of its own ("Invalid input"), so the English ones are set here for
 * the checks whose message a schema does not give.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export * from 'zod/mini';
