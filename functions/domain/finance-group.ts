/**
 * The Cognito group whose members read the ledger (created by lib/auth.ts; README says how to join
 * it). A module of its own so the SPA's header can tell members by the same name without the API's code.
 */
export const FINANCE_GROUP = 'finance';
