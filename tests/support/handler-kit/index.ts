/**
 * The handler test kit: call one Lambda handler with the event API Gateway, Stripe, Scheduler or
 * the table's stream would send it (README, "Testing one handler"). Test code only: no function
 * bundle may contain it (lib/bundling.ts refuses to build one that does).
 */
export {
  callHandler,
  httpEvent,
  lambdaContext,
  type TestCaller,
  type TestRequest,
  type TestResponse,
} from './http-event';
export { sampleAvailability, sampleProfile, sampleProfileItem } from './sample-items';
export { schedulerJobEvent, streamRecordEvent, stripeWebhookEvent, TEST_STRIPE_WEBHOOK_SECRET } from './sample-events';
export {
  type RecordedWork,
  startTestStack,
  type TestStack,
  type TestTable,
  withTestStack,
  withTestTable,
} from './test-stack';
