import {
  MAX_PLAN_DESCRIPTION,
  MAX_PLAN_PRICE_CENTS,
  MAX_PLAN_SESSIONS,
  MIN_PLAN_PRICE_CENTS,
  MIN_PLAN_SESSIONS,
  SUBSCRIPTION_STATUSES,
} from '../domain/plans';
import { recordId } from './record-id';
import { otherPartyView } from './session';
import * as z from './zod';

const sessionMinutes = z.union([z.literal(30), z.literal(60)]);

/** `PUT /api/me/plan`: the coach's one plan (Coach settings, the Plan card). */
export const planInput = z.strictObject({
  monthlyPriceCents: z
    .int()
    .check(
      z.gte(MIN_PLAN_PRICE_CENTS, { message: `The monthly price is at least $${MIN_PLAN_PRICE_CENTS / 100}.` }),
      z.lte(MAX_PLAN_PRICE_CENTS, { message: `The monthly price is at most $${MAX_PLAN_PRICE_CENTS / 100}.` }),
      z.multipleOf(100, { message: 'The monthly price is in whole dollars.' }),
    ),
  sessionsPerMonth: z.int().check(
    z.gte(MIN_PLAN_SESSIONS, {
      message: `A plan has ${MIN_PLAN_SESSIONS} to ${MAX_PLAN_SESSIONS} sessions a month.`,
    }),
    z.lte(MAX_PLAN_SESSIONS, {
      message: `A plan has ${MIN_PLAN_SESSIONS} to ${MAX_PLAN_SESSIONS} sessions a month.`,
    }),
  ),
  sessionMinutes,
  description: z
    .string()
    .check(
      z.trim(),
      z.maxLength(MAX_PLAN_DESCRIPTION, { message: `The description is at most ${MAX_PLAN_DESCRIPTION} characters.` }),
    ),
  active: z.boolean(),
});
export type PlanInput = z.infer<typeof planInput>;

/** The coach's own plan, as `PUT /api/me/plan` answers and the Profile carries it. */
export const ownPlan = planInput;

/** `Coach.plan`: an active plan as the public sees it. */
export const publicPlan = z.object({
  monthlyPriceCents: z.int(),
  sessionsPerMonth: z.int(),
  sessionMinutes,
  description: z.string(),
});
export type PublicPlan = z.infer<typeof publicPlan>;

/** `POST /api/subscriptions`. */
export const newSubscription = z.object({ coachId: recordId });

export const subscriptionPath = z.object({ id: recordId });

export const subscriptionView = z.object({
  id: z.string(),
  coachId: z.string(),
  menteeId: z.string(),
  viewerRole: z.enum(['coach', 'mentee']),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.nullable(z.string()),
  creditsLeft: z.int(),
  sessionsPerMonth: z.int(),
  sessionMinutes,
  monthlyPriceCents: z.int(),
  cancelAtPeriodEnd: z.boolean(),
  otherParty: otherPartyView,
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const subscriptionCreated = z.object({ subscription: subscriptionView, checkoutUrl: z.url() });
export const subscriptionList = z.object({ subscriptions: z.array(subscriptionView) });
