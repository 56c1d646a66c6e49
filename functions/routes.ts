import type { Integration } from './adapters/integration-secrets';
import type { tableSchema } from './data/table-schema';

/**
 * The one route table. `lib/api.ts` builds one Lambda and one HTTP API route per entry;
 * `bin/local.ts` mounts the same handler modules behind the local API server.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

/** What a handler may touch besides the table; the CDK construct turns each into a least-privilege grant. */
export type Grant =
  | 'media:read'
  /** The directory snapshot object only (adapters/directory-snapshot.ts). */
  | 'directory:read'
  /** The site's prerendered pages only, which the page functions render their data into (adapters/page-templates.ts). */
  | 'site:read'
  | 'media:write'
  | 'mail:send'
  | 'scheduler:manage'
  /** One integration's credentials (functions/adapters/integration-secrets.ts), e.g. `secret:stripe`. */
  | `secret:${Integration}`
  /** Writes verified webhook bodies into the raw webhook archive (functions/adapters/webhook-archive.ts). */
  | 'archive:write'
  /** Writes the audit log's daily objects into the finance archive under audit/ (functions/adapters/audit-archive.ts). */
  | 'archive:audit'
  /** Starts that job now, asynchronously (functions/adapters/job-queue.ts): invokes that job's function only. */
  | 'start:finishBooking'
  /** Starts the NPI registry check of the caller (functions/jobs/check-npi.ts). */
  | 'start:checkNpi'
  /** Starts the first try of a requested refund (functions/workflows/payments/refunds.ts). */
  | 'start:refundSession'
  /** Starts a plan invoice's payout whose month ended (functions/workflows/payments/coach-transfer.ts). */
  | 'start:completeSession'
  /** Runs a dead letter's job again (functions/workflows/support/dead-letters.ts): invokes the job functions, not the stream consumers. */
  | 'jobs:redrive'
  /** Reads a user pool account: status, groups, linked providers (AdminGetUser, AdminListGroupsForUser). */
  | 'accounts:read'
  /** Sets an account's own password (AdminSetUserPassword, AdminRemoveUserFromGroup); the handler decides whose, and when. */
  | 'accounts:set-password'
  /** Deletes an account (AdminDeleteUser): the caller's own after a fresh sign-in, or support's for a person. */
  | 'accounts:delete'
  /** Suspends an account (AdminDisableUser, AdminUserGlobalSignOut): support only (workflows/moderation/suspension.ts). */
  | 'accounts:disable'
  /** Lifts a suspension (AdminEnableUser): support only. */
  | 'accounts:enable'
  /** Finds accounts by e-mail or id (ListUsers): support's search and user page. */
  | 'accounts:list'
  /** Encrypts and decrypts with the stack's token key (adapters/token-cipher.ts): a mentor's calendar tokens. */
  | 'tokens:use';

/** What a function that reads or writes a mentor's own calendars needs. */
const CALENDAR_GRANTS = ['secret:googleCalendar', 'secret:microsoftCalendar', 'tokens:use'] as const;

/**
 * How an operation uses the one table; lib/table-access.ts grants exactly these DynamoDB actions
 * (never Scan or BatchWriteItem):
 * - `read`: GetItem, BatchGetItem, and Query on the table's own keys;
 * - `write`: PutItem, UpdateItem, DeleteItem, also as the items of a TransactWriteItems (IAM checks
 *   each item of a transaction as that single-item action);
 * - `query:<index>`: Query on that global secondary index only.
 */
export type TableAccess = 'read' | 'write' | `query:${keyof typeof tableSchema.indexes}`;

/**
 * Rendering a page with React is CPU work; at 512 MB Lambda gives a function about a third of a
 * core, and a page the edge has not cached waits on it. Twice the memory halves that wait for about
 * the same cost per render.
 */
const PAGE_RENDER_MEMORY_MB = 1024;

export interface Route {
  /** Stable operation name; also the Lambda's logical id. */
  operation: string;
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` for a path parameter. */
  path: string;
  /** Module under `functions/handlers/` (no extension) exporting `handler`; a page route's, its factory (routeModule). */
  handler: string;
  auth: 'public' | 'user';
  table: readonly TableAccess[];
  grants: readonly Grant[];
  /** Packages with native binaries, installed beside the bundle for Lambda's platform instead of bundled. */
  nativeModules?: readonly string[];
  /** The route's own API Gateway throttle instead of its kind's (throttleOf, lib/route-throttle.ts). */
  throttle?: RouteThrottle;
  /** Lambda memory in MB instead of DEFAULT_MEMORY_MB; Lambda's CPU share grows with it. */
  memoryMb?: number;
}

/** Every function's memory unless its route says otherwise. */
export const DEFAULT_MEMORY_MB = 512;

/** Requests per second, and the burst above it, API Gateway lets through before answering 429. */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * Each route's own budget (API Gateway throttles per route and stage, across all clients; the web
 * ACL limits each client IP): a flood of one kind of request cannot give every other user a 429.
 * Public reads are mostly answered by the edge cache, so their origin budget is the largest.
 */
export const ROUTE_THROTTLES = {
  publicReads: { rateLimit: 200, burstLimit: 400 },
  signedInReads: { rateLimit: 50, burstLimit: 100 },
  writes: { rateLimit: 20, burstLimit: 40 },
  /** Each sign-up (and each password change or reset) sends an e-mail. */
  signUps: { rateLimit: 2, burstLimit: 5 },
} as const satisfies Record<string, RouteThrottle>;

/** The route's own throttle, else its kind's: public reads, signed-in reads or writes. */
export function throttleOf(route: Route): RouteThrottle {
  if (route.throttle) return route.throttle;
  if (route.method !== 'GET') return ROUTE_THROTTLES.writes;
  return route.auth === 'public' ? ROUTE_THROTTLES.publicReads : ROUTE_THROTTLES.signedInReads;
}

export const routes: readonly Route[] = [
  // Pages, not API: the screens that paint their data from their HTML (functions/http/render-page.ts).
  {
    operation: 'renderDirectoryPage',
    method: 'GET',
    path: '/coaches',
    handler: 'render-directory-page',
    auth: 'public',
    memoryMb: PAGE_RENDER_MEMORY_MB,
    table: ['query:directory', 'query:byOwner', 'query:byParty'],
    grants: ['directory:read', 'site:read'],
  },
  {
    operation: 'renderCoachPage',
    method: 'GET',
    // Greedy, like CloudFront's `/coaches/?*`: a deeper path is a mentor not found, as a page, not the API's JSON 404.
    path: '/coaches/{coachId+}',
    handler: 'render-coach-page',
    auth: 'public',
    memoryMb: PAGE_RENDER_MEMORY_MB,
    table: ['read'],
    grants: ['site:read'],
  },
  {
    operation: 'listCoaches',
    method: 'GET',
    path: '/api/coaches',
    handler: 'list-coaches',
    auth: 'public',
    table: ['query:directory', 'query:byOwner', 'query:byParty'],
    grants: ['directory:read'],
  },
  {
    operation: 'getCoach',
    method: 'GET',
    path: '/api/coaches/{coachId}',
    handler: 'get-coach',
    auth: 'public',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'listCoachSlots',
    method: 'GET',
    path: '/api/coaches/{coachId}/slots',
    handler: 'list-coach-slots',
    auth: 'public',
    table: ['read', 'query:byOwner'],
    grants: [],
  },
  {
    operation: 'listCoachRatings',
    method: 'GET',
    path: '/api/coaches/{coachId}/ratings',
    handler: 'list-coach-ratings',
    auth: 'public',
    table: ['read', 'query:byOwner'],
    grants: [],
  },
  {
    operation: 'getFreeConsultationEligibility',
    method: 'GET',
    path: '/api/me/free-consultations/{coachId}',
    handler: 'get-free-consultation-eligibility',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'listMyAvailability',
    method: 'GET',
    path: '/api/me/availability',
    handler: 'list-my-availability',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'addAvailability',
    method: 'POST',
    path: '/api/me/availability',
    handler: 'add-availability',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'removeAvailability',
    method: 'DELETE',
    path: '/api/me/availability/{id}',
    handler: 'remove-availability',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'register',
    method: 'POST',
    path: '/api/registrations',
    handler: 'register',
    auth: 'public',
    table: ['read', 'write'],
    grants: ['mail:send', 'start:checkNpi'],
    throttle: ROUTE_THROTTLES.signUps,
  },
  {
    operation: 'getMe',
    method: 'GET',
    path: '/api/me',
    handler: 'get-me',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'createMe',
    method: 'POST',
    path: '/api/me',
    handler: 'create-me',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'updateMe',
    method: 'PATCH',
    path: '/api/me',
    handler: 'update-me',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['start:checkNpi'],
  },
  {
    operation: 'deleteMe',
    method: 'DELETE',
    path: '/api/me',
    handler: 'delete-me',
    auth: 'user',
    table: ['read', 'write', 'query:byOwner', 'query:byParty'],
    grants: [
      'accounts:delete',
      'media:write',
      'mail:send',
      'scheduler:manage',
      'secret:stripe',
      'secret:zoom',
      ...CALENDAR_GRANTS,
    ],
  },
  {
    operation: 'exportMyData',
    method: 'GET',
    path: '/api/me/export',
    handler: 'export-my-data',
    auth: 'user',
    table: ['read', 'query:byOwner', 'query:byParty'],
    grants: [],
  },
  {
    operation: 'getSignInMethods',
    method: 'GET',
    path: '/api/me/sign-in-methods',
    handler: 'get-sign-in-methods',
    auth: 'user',
    table: ['read'],
    grants: ['accounts:read'],
  },
  {
    operation: 'setFirstPassword',
    method: 'PUT',
    path: '/api/me/password',
    handler: 'set-first-password',
    auth: 'user',
    table: ['read'],
    grants: ['accounts:read', 'accounts:set-password'],
  },
  {
    operation: 'changePassword',
    method: 'POST',
    path: '/api/me/password-change',
    handler: 'change-password',
    auth: 'user',
    table: ['read'],
    grants: ['mail:send'],
    throttle: ROUTE_THROTTLES.signUps,
  },
  {
    operation: 'resetPassword',
    method: 'POST',
    path: '/api/password-resets',
    handler: 'reset-password',
    auth: 'public',
    table: [],
    grants: ['mail:send'],
    throttle: ROUTE_THROTTLES.signUps,
  },
  {
    operation: 'createHeadshotUpload',
    method: 'POST',
    path: '/api/me/headshot',
    handler: 'create-headshot-upload',
    auth: 'user',
    table: ['read'],
    grants: ['media:write'],
  },
  {
    operation: 'attachHeadshot',
    method: 'PUT',
    path: '/api/me/headshot',
    handler: 'attach-headshot',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['media:read', 'media:write'],
    nativeModules: ['sharp'],
  },
  {
    operation: 'deleteHeadshot',
    method: 'DELETE',
    path: '/api/me/headshot',
    handler: 'delete-headshot',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['media:write'],
  },
  {
    operation: 'updateRates',
    method: 'PUT',
    path: '/api/me/rates',
    handler: 'update-rates',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'getSetupChecklist',
    method: 'GET',
    path: '/api/me/publication',
    handler: 'get-setup-checklist',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'updatePublication',
    method: 'PUT',
    path: '/api/me/publication',
    handler: 'update-publication',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'paymentAccount',
    method: 'POST',
    path: '/api/me/payment-account',
    handler: 'payment-account',
    auth: 'user',
    table: ['read', 'write'],
    // Whether the caller has MFA on: required before the payment dashboard or payout details.
    grants: ['secret:stripe', 'accounts:read'],
  },
  {
    operation: 'stripeWebhook',
    method: 'POST',
    path: '/api/webhooks/stripe',
    handler: 'stripe-webhook',
    auth: 'public',
    table: ['read', 'write'],
    // It starts a plan month's payout when Stripe says the month ended; a session's work is the table stream's.
    grants: ['mail:send', 'scheduler:manage', 'secret:stripe', 'archive:write', 'start:completeSession'],
    // Apart from the user-facing routes: a flood there cannot starve Stripe's deliveries, nor a
    // forged-event flood here the API. Stripe redelivers a throttled event with backoff.
    throttle: { rateLimit: 25, burstLimit: 50 },
  },
  {
    operation: 'zoomWebhook',
    method: 'POST',
    path: '/api/webhooks/zoom',
    handler: 'zoom-webhook',
    auth: 'public',
    table: ['read', 'write'],
    grants: ['secret:zoom'],
    // Apart from the user-facing routes, as Stripe's: Zoom retries a delivery it could not make.
    throttle: { rateLimit: 25, burstLimit: 50 },
  },
  {
    operation: 'connectZoom',
    method: 'POST',
    path: '/api/me/zoom',
    handler: 'connect-zoom',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:zoom'],
  },
  {
    operation: 'zoomCallback',
    method: 'GET',
    path: '/api/zoom/callback',
    handler: 'zoom-callback',
    auth: 'public',
    table: ['read', 'write'],
    grants: ['secret:zoom', 'tokens:use'],
  },
  {
    operation: 'createSession',
    method: 'POST',
    path: '/api/sessions',
    handler: 'create-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:stripe', 'secret:calendly', ...CALENDAR_GRANTS],
  },
  {
    operation: 'getSession',
    method: 'GET',
    path: '/api/sessions/{id}',
    handler: 'get-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['scheduler:manage', 'secret:stripe'],
  },
  {
    operation: 'abandonSession',
    method: 'POST',
    path: '/api/sessions/{id}/abandon',
    handler: 'abandon-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['scheduler:manage', 'secret:stripe'],
  },
  {
    operation: 'listMySessions',
    method: 'GET',
    path: '/api/me/sessions',
    handler: 'list-my-sessions',
    auth: 'user',
    table: ['read', 'write', 'query:byOwner', 'query:byParty'],
    grants: [],
  },
  {
    operation: 'cancelSession',
    method: 'POST',
    path: '/api/sessions/{id}/cancel',
    handler: 'cancel-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['mail:send', 'scheduler:manage', 'secret:zoom', ...CALENDAR_GRANTS],
  },
  {
    operation: 'rescheduleSession',
    method: 'POST',
    path: '/api/sessions/{id}/reschedule',
    handler: 'reschedule-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: [...CALENDAR_GRANTS],
  },
  {
    operation: 'joinSession',
    method: 'POST',
    path: '/api/sessions/{id}/join',
    handler: 'join-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'reportSessionOutcome',
    method: 'POST',
    path: '/api/sessions/{id}/outcome',
    handler: 'report-session-outcome',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:stripe', 'mail:send'],
  },
  {
    operation: 'searchUsers',
    method: 'GET',
    path: '/api/support/users',
    handler: 'search-users',
    auth: 'user',
    // byOwner and byParty: a deleted account, found by its whole id through its sessions.
    table: ['read', 'query:support', 'query:byOwner', 'query:byParty'],
    grants: ['accounts:read', 'accounts:list'],
  },
  {
    operation: 'getSupportUser',
    method: 'GET',
    path: '/api/support/users/{id}',
    handler: 'get-support-user',
    auth: 'user',
    // `write`: the read's own audit entry.
    table: ['read', 'write', 'query:byOwner', 'query:byParty'],
    grants: ['accounts:read', 'accounts:list'],
  },
  {
    operation: 'supportDeleteUser',
    method: 'POST',
    path: '/api/support/users/{id}/delete',
    handler: 'support-delete-user',
    auth: 'user',
    table: ['read', 'write', 'query:byOwner', 'query:byParty'],
    grants: [
      'accounts:read',
      'accounts:list',
      'accounts:delete',
      'media:write',
      'mail:send',
      'scheduler:manage',
      'secret:stripe',
      'secret:zoom',
      ...CALENDAR_GRANTS,
    ],
  },
  {
    operation: 'supportCancelSession',
    method: 'POST',
    path: '/api/support/sessions/{id}/cancel',
    handler: 'support-cancel-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['accounts:read', 'mail:send', 'scheduler:manage', 'secret:stripe', 'secret:zoom', ...CALENDAR_GRANTS],
  },
  {
    operation: 'resolveDisputedSession',
    method: 'POST',
    path: '/api/support/sessions/{id}/resolve',
    handler: 'resolve-disputed-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['accounts:read', 'secret:stripe'],
  },
  {
    operation: 'listAuditLog',
    method: 'GET',
    path: '/api/support/audit',
    handler: 'list-audit-log',
    auth: 'user',
    table: ['read'],
    grants: ['accounts:read'],
  },
  {
    operation: 'suspendUser',
    method: 'POST',
    path: '/api/support/users/{id}/suspend',
    handler: 'suspend-user',
    auth: 'user',
    // Cancelling a suspended mentor's upcoming sessions: what a coach's cancellation needs, and Stripe to close a checkout.
    table: ['read', 'write', 'query:byOwner'],
    grants: [
      'accounts:read',
      'accounts:disable',
      'mail:send',
      'scheduler:manage',
      'secret:stripe',
      'secret:zoom',
      ...CALENDAR_GRANTS,
    ],
  },
  {
    operation: 'unsuspendUser',
    method: 'POST',
    path: '/api/support/users/{id}/unsuspend',
    handler: 'unsuspend-user',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['accounts:read', 'accounts:enable'],
  },
  {
    operation: 'listReports',
    method: 'GET',
    path: '/api/support/reports',
    handler: 'list-reports',
    auth: 'user',
    table: ['read'],
    grants: ['accounts:read'],
  },
  {
    operation: 'decideReport',
    method: 'POST',
    path: '/api/support/reports/{id}/decide',
    handler: 'decide-report',
    auth: 'user',
    // suspend_author suspends the author as suspendUser does.
    table: ['read', 'write', 'query:byOwner'],
    grants: [
      'accounts:read',
      'accounts:disable',
      'mail:send',
      'scheduler:manage',
      'secret:stripe',
      'secret:zoom',
      ...CALENDAR_GRANTS,
    ],
  },
  {
    operation: 'listDisputes',
    method: 'GET',
    path: '/api/support/disputes',
    handler: 'list-disputes',
    auth: 'user',
    table: ['read', 'query:support'],
    grants: ['accounts:read'],
  },
  {
    operation: 'listDeadLetters',
    method: 'GET',
    path: '/api/support/dead-letters',
    handler: 'list-dead-letters',
    auth: 'user',
    table: ['read'],
    grants: ['accounts:read'],
  },
  {
    operation: 'redriveDeadLetter',
    method: 'POST',
    path: '/api/support/dead-letters/{id}/redrive',
    handler: 'redrive-dead-letter',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['accounts:read', 'jobs:redrive'],
  },
  {
    operation: 'rateSession',
    method: 'POST',
    path: '/api/sessions/{id}/rating',
    handler: 'rate-session',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'connectCalendly',
    method: 'POST',
    path: '/api/me/calendly',
    handler: 'connect-calendly',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:calendly'],
  },
  {
    operation: 'calendlyCallback',
    method: 'GET',
    path: '/api/calendly/callback',
    handler: 'calendly-callback',
    auth: 'public',
    table: ['read', 'write'],
    grants: ['secret:calendly', 'tokens:use'],
  },
  {
    operation: 'getExternalEvent',
    method: 'GET',
    path: '/api/coaches/{coachId}/external-events',
    handler: 'get-external-event',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:calendly', 'tokens:use'],
  },
  {
    operation: 'listMyCalendars',
    method: 'GET',
    path: '/api/me/calendars',
    handler: 'list-my-calendars',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'connectCalendar',
    method: 'POST',
    path: '/api/me/calendars/{provider}/connect',
    handler: 'connect-calendar',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:googleCalendar', 'secret:microsoftCalendar'],
  },
  {
    operation: 'calendarCallback',
    method: 'GET',
    path: '/api/calendars/{provider}/callback',
    handler: 'calendar-callback',
    auth: 'public',
    table: ['read', 'write'],
    grants: [...CALENDAR_GRANTS],
  },
  {
    operation: 'updateMyCalendars',
    method: 'PATCH',
    path: '/api/me/calendars/{provider}',
    handler: 'update-my-calendars',
    auth: 'user',
    table: ['read', 'write'],
    grants: [...CALENDAR_GRANTS],
  },
  {
    operation: 'disconnectCalendar',
    method: 'DELETE',
    path: '/api/me/calendars/{provider}',
    handler: 'disconnect-calendar',
    auth: 'user',
    table: ['read', 'write'],
    grants: [...CALENDAR_GRANTS],
  },
  {
    operation: 'listLedger',
    method: 'GET',
    path: '/api/finance/ledger',
    handler: 'list-ledger',
    auth: 'user',
    table: ['read', 'query:byOwner', 'query:byParty'],
    grants: [],
  },
  {
    operation: 'downloadLedgerCsv',
    method: 'GET',
    path: '/api/finance/ledger.csv',
    handler: 'download-ledger-csv',
    auth: 'user',
    table: ['read', 'query:byOwner', 'query:byParty'],
    grants: [],
  },
  {
    operation: 'updateNpi',
    method: 'PUT',
    path: '/api/me/npi',
    handler: 'update-npi',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['scheduler:manage'],
  },
  {
    operation: 'getMyVerification',
    method: 'GET',
    path: '/api/me/verification',
    handler: 'get-my-verification',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'getMyEarnings',
    method: 'GET',
    path: '/api/me/earnings',
    handler: 'get-my-earnings',
    auth: 'user',
    table: ['read', 'query:byOwner'],
    grants: [],
  },
  // Messages between a mentee and their mentor (issue 26; functions/messages/).
  {
    operation: 'sendMessage',
    method: 'POST',
    path: '/api/messages',
    handler: 'send-message',
    auth: 'user',
    table: ['read', 'write', 'query:byParty'],
    grants: ['mail:send'],
  },
  {
    operation: 'listMyConversations',
    method: 'GET',
    path: '/api/me/conversations',
    handler: 'list-my-conversations',
    auth: 'user',
    table: ['read', 'query:byOwner'],
    grants: [],
  },
  {
    operation: 'getContact',
    method: 'GET',
    path: '/api/me/contacts/{userId}',
    handler: 'get-contact',
    auth: 'user',
    table: ['read', 'query:byParty'],
    grants: [],
  },
  {
    operation: 'listConversationMessages',
    method: 'GET',
    path: '/api/conversations/{id}/messages',
    handler: 'list-conversation-messages',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'markConversationRead',
    method: 'POST',
    path: '/api/conversations/{id}/read',
    handler: 'mark-conversation-read',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'getMyUnread',
    method: 'GET',
    path: '/api/me/unread',
    handler: 'get-my-unread',
    auth: 'user',
    table: ['read'],
    grants: [],
  },
  {
    operation: 'reportMessage',
    method: 'POST',
    path: '/api/messages/{id}/report',
    handler: 'report-message',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  // Mentorship plans: monthly subscriptions through Stripe (issue 27; functions/workflows/plans/).
  {
    operation: 'updatePlan',
    method: 'PUT',
    path: '/api/me/plan',
    handler: 'update-plan',
    auth: 'user',
    table: ['read', 'write'],
    grants: [],
  },
  {
    operation: 'createSubscription',
    method: 'POST',
    path: '/api/subscriptions',
    handler: 'create-subscription',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:stripe'],
  },
  {
    operation: 'listMySubscriptions',
    method: 'GET',
    path: '/api/me/subscriptions',
    handler: 'list-my-subscriptions',
    auth: 'user',
    table: ['read', 'query:byOwner', 'query:byParty'],
    grants: [],
  },
  {
    operation: 'cancelSubscription',
    method: 'POST',
    path: '/api/subscriptions/{id}/cancel',
    handler: 'cancel-subscription',
    auth: 'user',
    table: ['read', 'write'],
    grants: ['secret:stripe', 'mail:send'],
  },
  // Catch-all so an unknown /api path answers the contract's JSON 404, not API Gateway's own body.
  {
    operation: 'apiNotFound',
    method: 'ANY',
    path: '/api/{proxy+}',
    handler: 'api-not-found',
    auth: 'public',
    table: [],
    grants: [],
  },
];

/** A route that answers a page of the site (HTML) rather than the API: CloudFront sends its path to the API's origin. */
export const isPageRoute = (route: Route) => !route.path.startsWith('/api/');

/**
 * The site paths CloudFront sends to the page routes, in its path-pattern syntax. A path parameter
 * is at least one character in API Gateway, so `{coachId+}` is `?*`: `/coaches/`, which no route
 * would match, stays with the site (the SPA shows the directory) instead of API Gateway's JSON 404.
 */
export const pagePathPatterns = (): string[] =>
  routes.filter(isPageRoute).map((route) => route.path.replace(/\{[^}]+\}/g, '?*'));

/**
 * Functions that EventBridge Scheduler invokes (one-off schedules), or an operation starts
 * asynchronously (`start:<job>`), not routed over HTTP.
 * Module under `functions/jobs/` (or `functions/streams/`) exporting `handler`.
 */
export interface Job {
  operation: string;
  handler: string;
  /** The entry's folder under `functions/`: `streams` for a consumer of the table's stream. */
  folder?: 'jobs' | 'streams';
  table: readonly TableAccess[];
  grants: readonly Grant[];
}

/**
 * The route's entry module, relative to `functions/`. A page route's function renders with the SPA,
 * which nothing in functions/ imports: its entry (web/src/page-functions/) passes the SPA's render to
 * the handler.
 */
export const routeModule = (route: Route) =>
  isPageRoute(route) ? `../web/src/page-functions/${route.handler}` : `handlers/${route.handler}`;

/** The job's entry module, relative to `functions/`. */
export const jobModule = (job: Job) => `${job.folder ?? 'jobs'}/${job.handler}`;

export const jobs: readonly Job[] = [
  {
    operation: 'expirePendingPayment',
    handler: 'expire-pending-payment',
    table: ['read', 'write'],
    grants: ['scheduler:manage', 'secret:stripe'],
  },
  {
    operation: 'finishBooking',
    handler: 'finish-booking',
    table: ['read', 'write'],
    grants: ['mail:send', 'scheduler:manage', 'secret:zoom', ...CALENDAR_GRANTS],
  },
  /** A later try of a session's meeting on the coach's Zoom; it schedules its own next try. */
  {
    operation: 'createMeeting',
    handler: 'create-meeting',
    table: ['read', 'write'],
    grants: ['mail:send', 'scheduler:manage', 'secret:zoom', 'tokens:use'],
  },
  /** Completes the session and schedules its outcome deadline; pays a plan's month (workflows/booking/session-outcomes.ts). */
  {
    operation: 'completeSession',
    handler: 'complete-session',
    table: ['read', 'write'],
    grants: ['scheduler:manage', 'secret:stripe'],
  },
  /** At the end of a session's outcome window: a pending outcome was delivered, and the coach is paid. */
  { operation: 'settleOutcome', handler: 'settle-outcome', table: ['read', 'write'], grants: ['secret:stripe'] },
  { operation: 'remindDayBefore', handler: 'remind-day-before', table: ['read', 'write'], grants: ['mail:send'] },
  { operation: 'remindHourBefore', handler: 'remind-hour-before', table: ['read', 'write'], grants: ['mail:send'] },
  /** Daily, on its own schedule (lib/finance.ts): the transfers owed to coaches, tried again. */
  {
    operation: 'payOwedTransfers',
    handler: 'pay-owed-transfers',
    table: ['read', 'write'],
    grants: ['secret:stripe'],
  },
  /** Every minute, on its own schedule (lib/mentor-calendars.ts): mentors' busy times for the slots. */
  {
    operation: 'refreshCalendarBusy',
    handler: 'refresh-calendar-busy',
    table: ['read', 'write', 'query:byOwner'],
    grants: ['mail:send', ...CALENDAR_GRANTS],
  },
  /** The NPI registry check of one mentor: a new NPI or name, a retry after the registry was unreachable, a re-check. */
  {
    operation: 'checkNpi',
    handler: 'check-npi',
    table: ['read', 'write'],
    grants: ['scheduler:manage', 'mail:send'],
  },
  /** Monthly, on its own schedule (lib/npi-recheck.ts): starts a re-check of every verified mentor. */
  {
    operation: 'recheckVerifiedMentors',
    handler: 'recheck-verified-mentors',
    table: ['query:byOwner'],
    grants: ['start:checkNpi'],
  },
  /** The table stream's consumer of session writes (lib/session-work.ts): starts what each write leaves to do. */
  {
    operation: 'startSessionWork',
    handler: 'start-session-work',
    folder: 'streams',
    table: [],
    grants: ['scheduler:manage', 'start:finishBooking', 'start:refundSession', 'start:completeSession'],
  },
  /** A cancelled session's refund, one try per run; it schedules its own retries. */
  {
    operation: 'refundSession',
    handler: 'refund-session',
    table: ['read', 'write'],
    grants: ['scheduler:manage', 'secret:stripe'],
  },
  /** Daily, on its own schedule (lib/finance.ts): what is past its end and not settled, settled or counted. */
  {
    operation: 'sweepSettlements',
    handler: 'sweep-settlements',
    table: ['read', 'write', 'query:settlement'],
    grants: ['scheduler:manage', 'secret:stripe'],
  },
  /** Daily, on its own schedule (lib/finance.ts): yesterday's audit log copied to the finance archive. */
  { operation: 'exportAuditDay', handler: 'export-audit-day', table: ['read'], grants: ['archive:audit'] },
  /** Daily, on its own schedule (lib/finance.ts), not a one-off. */
  {
    operation: 'reconcileLedger',
    handler: 'reconcile-ledger',
    table: ['read', 'write', 'query:byParty'],
    grants: ['secret:stripe'],
  },
];
