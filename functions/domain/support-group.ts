/**
 * The Cognito group whose members resolve disputed sessions (created by lib/auth.ts beside
 * finance's; README says how to join it). A module of its own, as finance-group.ts, so the SPA's
 * console can tell members by the same name without the API's code.
 */
export const SUPPORT_GROUP = 'support';
