import Stripe from 'stripe';
import { DomainError } from '../domain/errors';

/** A provider event, verified and reduced to what the API acts on. */
export type PaymentEvent =
  | { id: string; kind: 'accountUpdated'; accountId: string }
  | { id: string; kind: 'checkoutPaid'; checkoutId: string; sessionId: string; paymentIntentId: string | null }
  | { id: string; kind: 'checkoutExpired'; checkoutId: string; sessionId: string }
  | { id: string; kind: 'unhandled'; type: string };

/**
 * Checks the `Stripe-Signature` header (HMAC-SHA256 over `${t}.${body}`, timestamp within
 * Stripe's 5-minute tolerance) against the exact bytes received. Stripe signs each endpoint's
 * events with that endpoint's own secret, and a Connect platform has two endpoints (its own
 * Checkout events, its connected accounts' events), so an event signed with any one of `secrets`
 * passes and nothing else does. The SDK's static helpers need neither an API key nor the
 * network, so the local stand-in checks with the same code as production.
 */
export function verifyStripeEvent(
  rawBody: Buffer | string,
  signature: string | undefined,
  secrets: readonly string[],
): PaymentEvent {
  for (const secret of secrets) {
    try {
      return reduceEvent(Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret));
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    }
  }
  throw new DomainError('VALIDATION_FAILED', 'The Stripe-Signature header is missing or does not match the body.');
}

const idOf = (field: string | { id: string } | null) => (typeof field === 'string' ? field : (field?.id ?? null));

function reduceEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'account.updated':
      return { id: event.id, kind: 'accountUpdated', accountId: event.data.object.id };
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const checkout = event.data.object;
      const sessionId = checkout.metadata?.sessionId;
      // A delayed payment method completes the checkout before it pays; its success event follows.
      if (!sessionId || checkout.payment_status !== 'paid') break;
      return {
        id: event.id,
        kind: 'checkoutPaid',
        checkoutId: checkout.id,
        sessionId,
        paymentIntentId: idOf(checkout.payment_intent),
      };
    }
    case 'checkout.session.expired': {
      const sessionId = event.data.object.metadata?.sessionId;
      if (!sessionId) break;
      return { id: event.id, kind: 'checkoutExpired', checkoutId: event.data.object.id, sessionId };
    }
  }
  return { id: event.id, kind: 'unhandled', type: event.type };
}

/** The body and `Stripe-Signature` header Stripe would send for this event. */
export function signStripeEvent(
  event: { id: string; type: string; [field: string]: unknown },
  secret: string,
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
