/**
 * The one route table. `lib/api.ts` builds one Lambda and one HTTP API route per entry;
 * `bin/local.ts` mounts the same handler modules behind the local API server.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

/** What a handler may touch; the CDK construct turns each into a least-privilege grant. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'media:read'
  | 'media:write'
  | 'mail:send'
  | 'scheduler:manage'
  /** The Stripe and Zoom credentials (functions/adapters/integration-secrets.ts). */
  | 'integrations:read'
  /** Writes verified webhook bodies into the raw webhook archive (functions/adapters/webhook-archive.ts). */
  | 'archive:write';

export interface Route {
  /** Stable operation name; also the Lambda's logical id. */
  operation: string;
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` for a path parameter. */
  path: string;
  /** Module under `functions/handlers/` (no extension) exporting `handler`. */
  handler: string;
  auth: 'public' | 'user';
  grants: readonly Grant[];
  /** Packages with native binaries, installed beside the bundle for Lambda's platform instead of bundled. */
  nativeModules?: readonly string[];
}

export const routes: readonly Route[] = [
  {
    operation: 'listCoaches',
    method: 'GET',
    path: '/api/coaches',
    handler: 'list-coaches',
    auth: 'public',
    grants: ['table:read'],
  },
  {
    operation: 'getCoach',
    method: 'GET',
    path: '/api/coaches/{coachId}',
    handler: 'get-coach',
    auth: 'public',
    grants: ['table:read'],
  },
  {
    operation: 'listCoachSlots',
    method: 'GET',
    path: '/api/coaches/{coachId}/slots',
    handler: 'list-coach-slots',
    auth: 'public',
    grants: ['table:read'],
  },
  {
    operation: 'listCoachRatings',
    method: 'GET',
    path: '/api/coaches/{coachId}/ratings',
    handler: 'list-coach-ratings',
    auth: 'public',
    grants: ['table:read'],
  },
  {
    operation: 'getFreeConsultationEligibility',
    method: 'GET',
    path: '/api/me/free-consultations/{coachId}',
    handler: 'get-free-consultation-eligibility',
    auth: 'user',
    grants: ['table:read'],
  },
  {
    operation: 'listMyAvailability',
    method: 'GET',
    path: '/api/me/availability',
    handler: 'list-my-availability',
    auth: 'user',
    grants: ['table:read'],
  },
  {
    operation: 'addAvailability',
    method: 'POST',
    path: '/api/me/availability',
    handler: 'add-availability',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'removeAvailability',
    method: 'DELETE',
    path: '/api/me/availability/{id}',
    handler: 'remove-availability',
    auth: 'user',
    grants: ['table:write'],
  },
  {
    operation: 'register',
    method: 'POST',
    path: '/api/registrations',
    handler: 'register',
    auth: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'getMe',
    method: 'GET',
    path: '/api/me',
    handler: 'get-me',
    auth: 'user',
    grants: ['table:read'],
  },
  {
    operation: 'createMe',
    method: 'POST',
    path: '/api/me',
    handler: 'create-me',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'updateMe',
    method: 'PATCH',
    path: '/api/me',
    handler: 'update-me',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'createHeadshotUpload',
    method: 'POST',
    path: '/api/me/headshot',
    handler: 'create-headshot-upload',
    auth: 'user',
    grants: ['media:write'],
  },
  {
    operation: 'attachHeadshot',
    method: 'PUT',
    path: '/api/me/headshot',
    handler: 'attach-headshot',
    auth: 'user',
    grants: ['table:read', 'table:write', 'media:read', 'media:write'],
    nativeModules: ['sharp'],
  },
  {
    operation: 'deleteHeadshot',
    method: 'DELETE',
    path: '/api/me/headshot',
    handler: 'delete-headshot',
    auth: 'user',
    grants: ['table:read', 'table:write', 'media:write'],
  },
  {
    operation: 'updateRates',
    method: 'PUT',
    path: '/api/me/rates',
    handler: 'update-rates',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'getSetupChecklist',
    method: 'GET',
    path: '/api/me/publication',
    handler: 'get-setup-checklist',
    auth: 'user',
    grants: ['table:read'],
  },
  {
    operation: 'updatePublication',
    method: 'PUT',
    path: '/api/me/publication',
    handler: 'update-publication',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'paymentAccount',
    method: 'POST',
    path: '/api/me/payment-account',
    handler: 'payment-account',
    auth: 'user',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
  {
    operation: 'stripeWebhook',
    method: 'POST',
    path: '/api/webhooks/stripe',
    handler: 'stripe-webhook',
    auth: 'public',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read', 'archive:write'],
  },
  {
    operation: 'connectZoom',
    method: 'POST',
    path: '/api/me/zoom',
    handler: 'connect-zoom',
    auth: 'user',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
  {
    operation: 'zoomCallback',
    method: 'GET',
    path: '/api/zoom/callback',
    handler: 'zoom-callback',
    auth: 'public',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
  {
    operation: 'createSession',
    method: 'POST',
    path: '/api/sessions',
    handler: 'create-session',
    auth: 'user',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read'],
  },
  {
    operation: 'getSession',
    method: 'GET',
    path: '/api/sessions/{id}',
    handler: 'get-session',
    auth: 'user',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read'],
  },
  {
    operation: 'abandonSession',
    method: 'POST',
    path: '/api/sessions/{id}/abandon',
    handler: 'abandon-session',
    auth: 'user',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read'],
  },
  {
    operation: 'listMySessions',
    method: 'GET',
    path: '/api/me/sessions',
    handler: 'list-my-sessions',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'cancelSession',
    method: 'POST',
    path: '/api/sessions/{id}/cancel',
    handler: 'cancel-session',
    auth: 'user',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read'],
  },
  {
    operation: 'rateSession',
    method: 'POST',
    path: '/api/sessions/{id}/rating',
    handler: 'rate-session',
    auth: 'user',
    grants: ['table:read', 'table:write'],
  },
  {
    operation: 'connectCalendly',
    method: 'POST',
    path: '/api/me/calendly',
    handler: 'connect-calendly',
    auth: 'user',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
  {
    operation: 'calendlyCallback',
    method: 'GET',
    path: '/api/calendly/callback',
    handler: 'calendly-callback',
    auth: 'public',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
  {
    operation: 'getExternalEvent',
    method: 'GET',
    path: '/api/coaches/{coachId}/external-events',
    handler: 'get-external-event',
    auth: 'user',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
  {
    operation: 'listLedger',
    method: 'GET',
    path: '/api/finance/ledger',
    handler: 'list-ledger',
    auth: 'user',
    grants: ['table:read'],
  },
  {
    operation: 'downloadLedgerCsv',
    method: 'GET',
    path: '/api/finance/ledger.csv',
    handler: 'download-ledger-csv',
    auth: 'user',
    grants: ['table:read'],
  },
  {
    operation: 'getMyEarnings',
    method: 'GET',
    path: '/api/me/earnings',
    handler: 'get-my-earnings',
    auth: 'user',
    grants: ['table:read'],
  },
  // Catch-all so an unknown /api path answers the contract's JSON 404, not API Gateway's own body.
  {
    operation: 'apiNotFound',
    method: 'ANY',
    path: '/api/{proxy+}',
    handler: 'api-not-found',
    auth: 'public',
    grants: [],
  },
];

/**
 * Functions that EventBridge Scheduler invokes (one-off schedules), not routed over HTTP.
 * Module under `functions/jobs/` exporting `handler`.
 */
export interface Job {
  operation: string;
  handler: string;
  grants: readonly Grant[];
}

/** `expirePendingPayment` → `JOB_EXPIRE_PENDING_PAYMENT_ARN`: the variable that holds the job's function ARN. */
export const jobArnVariable = (operation: string) =>
  `JOB_${operation.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_ARN`;

export const jobs: readonly Job[] = [
  {
    operation: 'expirePendingPayment',
    handler: 'expire-pending-payment',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read'],
  },
  {
    operation: 'finishBooking',
    handler: 'finish-booking',
    grants: ['table:read', 'table:write', 'mail:send', 'scheduler:manage', 'integrations:read'],
  },
  { operation: 'completeSession', handler: 'complete-session', grants: ['table:read', 'table:write'] },
  { operation: 'remindDayBefore', handler: 'remind-day-before', grants: ['table:read', 'mail:send'] },
  { operation: 'remindHourBefore', handler: 'remind-hour-before', grants: ['table:read', 'mail:send'] },
  /** Daily, on its own schedule (lib/finance.ts), not a one-off. */
  {
    operation: 'reconcileLedger',
    handler: 'reconcile-ledger',
    grants: ['table:read', 'table:write', 'integrations:read'],
  },
];
