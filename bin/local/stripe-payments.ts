import Stripe from 'stripe';
import type { WebhookSecrets } from '../../functions/adapters/payments';
import { signStripeEvent } from '../../functions/adapters/stripe-events';
import { getItem, putItem, queryAll, updateIf, updateItem } from '../../functions/data/dynamo';
import { standInKeys } from './standin-keys';
import { invalidRequest, noSuch } from './stripe-api/errors';
import type { StripeObject } from './stripe-api/expand';
import { refundedCentsOf, refundOf, stripeObjects } from './stripe-api/objects';
import { bookBalance, secondsOf } from './stripe-balance';
import { deliverToWebhook } from './stripe-event-delivery';
import { derivedStripeId, newStripeId } from './stripe-ids';
import type {
  CheckoutCreation,
  LocalAccount,
  LocalCharge,
  LocalCheckout,
  LocalInvoice,
  LocalTransfer,
  RefundedCharge,
  SignedEvent,
  TransferCreation,
} from './stripe-records';
import {
  chargeOfInvoice,
  findInvoice,
  findSubscription,
  findSubscriptionCheckout,
  subscriptionStandIn,
} from './stripe-subscriptions';

/** Stripe's US card pricing, 2.9% + 30¢ per successful charge, rounded half up as Stripe rounds. */
const stripeProcessingFee = (amountCents: number) => Math.round(amountCents * 0.029) + 30;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The stand-in reads what it just wrote, as Stripe's API answers. */
const findItem = <T>(key: { pk: string; sk: string }) => getItem<T>(key, { ConsistentRead: true });

/** Which checkout or invoice a PaymentIntent, charge or refund id belongs to. */
const pointAt = (ids: string[], owner: { checkoutId: string } | { invoiceId: string }) =>
  Promise.all(ids.map((id) => putItem({ ...standInKeys.stripeChargeOwner(id), ...owner }))).then(() => undefined);

const findAccount = (accountId: string) => findItem<LocalAccount>(standInKeys.stripeAccount(accountId));
const findCheckout = (checkoutId: string) => findItem<LocalCheckout>(standInKeys.stripeCheckout(checkoutId));
const findTransferById = (transferId: string) => findItem<LocalTransfer>(standInKeys.stripeTransfer(transferId));

/** Every transfer, newest first. */
async function allTransfers(): Promise<LocalTransfer[]> {
  const transfers = await queryAll<LocalTransfer>({
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': standInKeys.stripeTransfersPartition },
    ConsistentRead: true,
  });
  return transfers.sort((a, b) => b.created - a.created || b.sequence - a.sequence);
}

/** A checkout's charge: paid once the customer paid, with the dispute and refund it may have had since. */
const chargeOfCheckout = (checkout: LocalCheckout): LocalCharge => ({
  paymentIntentId: checkout.paymentIntentId,
  chargeId: checkout.chargeId,
  amountCents: checkout.amountCents,
  currency: 'usd',
  created: checkout.paidAt ?? secondsOf(checkout.createdAt),
  paid: checkout.status === 'paid',
  processingFeeCents: checkout.processingFeeCents ?? stripeProcessingFee(checkout.amountCents),
  refundId: checkout.refundId,
  refundedAt: checkout.refundedAt,
  refundedCents: checkout.refundedCents,
  dispute: checkout.disputeStatus
    ? {
        id: derivedStripeId('dp', checkout.checkoutId),
        status: checkout.disputeStatus,
        balanceTransactions: checkout.disputeBalance ?? [],
      }
    : undefined,
  metadata: checkout.paymentMetadata,
  transferGroup: checkout.transferGroup,
  checkoutId: checkout.checkoutId,
});

/** A charge by its PaymentIntent's, its own or its refund's id, a checkout's or an invoice's. */
async function findCharge(id: string): Promise<LocalCharge | null> {
  const owner = await findItem<{ checkoutId?: string; invoiceId?: string }>(standInKeys.stripeChargeOwner(id));
  if (owner?.checkoutId) {
    const checkout = await findCheckout(owner.checkoutId);
    return checkout && chargeOfCheckout(checkout);
  }
  if (owner?.invoiceId) {
    const invoice = await findInvoice(owner.invoiceId);
    return invoice && chargeOfInvoice(invoice);
  }
  return null;
}

/**
 * A paid checkout of the past (and the transfer it funded), as the demo seed makes up its history:
 * kept as the stand-in keeps its own, so the balance transactions booked for it name objects the
 * API can expand, as Stripe's do.
 */
export async function recordPastCheckout(checkout: LocalCheckout, transfer?: LocalTransfer): Promise<void> {
  await putItem({ ...standInKeys.stripeCheckout(checkout.checkoutId), ...checkout });
  const ids = [checkout.paymentIntentId, checkout.chargeId, ...(checkout.refundId ? [checkout.refundId] : [])];
  await pointAt(ids, { checkoutId: checkout.checkoutId });
  if (transfer) await putItem({ ...standInKeys.stripeTransfer(transfer.transferId), ...transfer });
}

/**
 * Stripe Connect, Checkout and Billing without Stripe, for the local stack: what the stand-in's
 * API (bin/local/stripe-api) does and its pages and test controls act on. Its objects live in the
 * table under keys of their own; events are signed with Stripe's real scheme, so the webhook
 * handler runs exactly the code it runs in production.
 */
export function localStripe(options: { siteOrigin: string; webhookSecrets: WebhookSecrets }) {
  const page = (name: string, query: Record<string, string>) =>
    `${options.siteOrigin}/_local/stripe/${name}?${new URLSearchParams(query)}`;

  const objects = stripeObjects({
    account: findAccount,
    charge: findCharge,
    invoice: findInvoice,
    subscription: findSubscription,
    transfer: findTransferById,
    page,
  });

  function signedEvent(
    endpoint: keyof WebhookSecrets,
    type: string,
    object: StripeObject,
    previousAttributes?: StripeObject,
    created = nowSeconds(),
  ): SignedEvent {
    const event = {
      id: newStripeId('evt'),
      object: 'event',
      type,
      ...(endpoint === 'connect' ? { account: object.id } : {}),
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      // Stripe counts the endpoints still to deliver to; it names no request for what it did itself.
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
    const secret = options.webhookSecrets[endpoint];
    return { ...signStripeEvent(event, secret), secret };
  }

  const subscriptions = subscriptionStandIn({
    objects,
    signedEvent: (type, object, created, previousAttributes) =>
      signedEvent('platform', type, object, previousAttributes, created),
    deliverToWebhook,
    processingFee: stripeProcessingFee,
    pointAtInvoice: (ids, invoiceId) => pointAt(ids, { invoiceId }),
  });

  async function existingAccount(accountId: string) {
    const account = await findAccount(accountId);
    if (!account) throw new Error(`The local Stripe stand-in has no account ${accountId}`);
    return account;
  }

  /** Only an open checkout moves; false when it was already paid or expired. A paid one keeps when and Stripe's fee. */
  async function transitionCheckout(checkout: LocalCheckout, status: 'paid' | 'expired'): Promise<boolean> {
    const paid = status === 'paid';
    const moved = await updateIf(standInKeys.stripeCheckout(checkout.checkoutId), {
      UpdateExpression: paid
        ? 'SET #status = :status, paidAt = :at, processingFeeCents = :fee'
        : 'SET #status = :status',
      ConditionExpression: '#status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':open': 'open',
        ...(paid ? { ':at': nowSeconds(), ':fee': stripeProcessingFee(checkout.amountCents) } : {}),
      },
    });
    return moved !== null;
  }

  /**
   * Moves a paid checkout's dispute (none → needs_response → won or lost), refusing any other step
   * as Stripe does, and books what it moves on the platform's balance (the withdrawal with Stripe's
   * dispute fee, the money back on a win), kept on the checkout: the dispute lists them.
   */
  async function disputeTransition(checkoutId: string, status: NonNullable<LocalCheckout['disputeStatus']>) {
    const opening = status === 'needs_response';
    const key = standInKeys.stripeCheckout(checkoutId);
    let disputed = await updateItem<LocalCheckout>(key, {
      UpdateExpression: 'SET disputeStatus = :status',
      ConditionExpression: opening
        ? '#status = :paid AND attribute_not_exists(disputeStatus)'
        : '#status = :paid AND disputeStatus = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':paid': 'paid',
        ...(opening ? {} : { ':open': 'needs_response' }),
      },
      ReturnValues: 'ALL_NEW',
    });
    if (status !== 'lost') {
      const booked = await bookBalance.dispute(
        derivedStripeId('dp', checkoutId),
        disputed.chargeId,
        disputed.amountCents,
        nowSeconds(),
        status === 'won',
      );
      disputed = await updateItem<LocalCheckout>(key, {
        UpdateExpression: 'SET disputeBalance = list_append(if_not_exists(disputeBalance, :none), :booked)',
        ExpressionAttributeValues: { ':none': [], ':booked': [booked] },
        ReturnValues: 'ALL_NEW',
      });
    }
    return chargeOfCheckout(disputed) as LocalCharge & {
      dispute: NonNullable<LocalCharge['dispute']>;
    };
  }

  /**
   * Refunds a checkout's charge, in full or `amountCents` of it (once: the stand-in makes one refund
   * per charge); Stripe's refusals for a charge that was not paid, is disputed or was refunded.
   */
  async function refundCheckout(checkout: LocalCheckout, param: string, amountCents?: number): Promise<RefundedCharge> {
    const charge = chargeOfCheckout(checkout);
    if (!charge.paid) {
      throw invalidRequest(
        `This PaymentIntent (${charge.paymentIntentId}) does not have a successful charge to refund.`,
        {
          param,
        },
      );
    }
    if (charge.dispute && charge.dispute.status !== 'won') {
      throw invalidRequest(`Charge ${charge.chargeId} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    const refundId = derivedStripeId('re', checkout.checkoutId);
    const refundedAt = nowSeconds();
    const refundedCents = amountCents ?? charge.amountCents;
    const marked = await updateIf(standInKeys.stripeCheckout(checkout.checkoutId), {
      UpdateExpression: 'SET refundId = :refund, refundedAt = :at, refundedCents = :cents',
      ConditionExpression: '#status = :paid AND attribute_not_exists(refundId)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':refund': refundId, ':at': refundedAt, ':paid': 'paid', ':cents': refundedCents },
    });
    if (!marked) {
      throw invalidRequest(`Charge ${charge.chargeId} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    await pointAt([refundId], { checkoutId: checkout.checkoutId });
    await bookBalance.refund(refundId, charge.chargeId, refundedCents, refundedAt);
    const refunded = { ...charge, refundId, refundedAt, refundedCents };
    // Stripe tells the platform's webhook about the refund it made, as it does after every refund.
    deliverToWebhook(
      signedEvent('platform', 'charge.refunded', objects.charge(refunded), {
        amount_refunded: 0,
        refunded: false,
      }),
    );
    return refunded;
  }

  /** What a transfer may still take from its source charge: what the charge left on the balance, less earlier transfers. */
  async function availableFrom(source: LocalCharge): Promise<number> {
    const transferred = (await allTransfers())
      .filter((transfer) => transfer.sourceChargeId === source.chargeId)
      .reduce((sum, transfer) => sum + transfer.amountCents - (transfer.amountReversedCents ?? 0), 0);
    return source.amountCents - source.processingFeeCents - refundedCentsOf(source) - transferred;
  }

  return {
    objects,
    findAccount,
    findCheckout,
    findCharge,
    findTransferById,
    allTransfers,
    findInvoice,
    findSubscription,
    findSubscriptionCheckout,
    ...subscriptions,
    page,

    async createAccount(creation: { email: string; metadata: Record<string, string> }): Promise<LocalAccount> {
      const account: LocalAccount = {
        accountId: newStripeId('acct'),
        ...creation,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        createdAt: new Date().toISOString(),
      };
      await putItem({ ...standInKeys.stripeAccount(account.accountId), ...account });
      return account;
    },

    /** What finishing onboarding at Stripe does: the account may take cards, be paid out, and has its details. */
    async completeOnboarding(accountId: string): Promise<void> {
      await updateItem(standInKeys.stripeAccount(accountId), {
        UpdateExpression: 'SET chargesEnabled = :true, payoutsEnabled = :true, detailsSubmitted = :true',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true },
      });
    },

    /** The `account.updated` event Stripe would send now, to the Connect endpoint, signed with its secret. */
    async signedAccountUpdated(accountId: string): Promise<SignedEvent> {
      return signedEvent('connect', 'account.updated', objects.account(await existingAccount(accountId)));
    },

    async createCheckout(creation: CheckoutCreation): Promise<LocalCheckout> {
      const checkoutId = newStripeId('cs');
      const checkout: LocalCheckout = {
        ...creation,
        checkoutId,
        createdAt: new Date().toISOString(),
        status: 'open',
        paymentIntentId: derivedStripeId('pi', checkoutId),
        chargeId: derivedStripeId('ch', checkoutId),
      };
      await putItem({ ...standInKeys.stripeCheckout(checkoutId), ...checkout });
      await pointAt([checkout.paymentIntentId, checkout.chargeId], { checkoutId });
      return checkout;
    },

    /**
     * Pays or lets an open checkout lapse, as the customer (or Stripe's clock) would, and answers
     * with the `checkout.session.completed` / `.expired` event Stripe would send; null if it was not open.
     */
    async settleCheckout(checkoutId: string, outcome: 'paid' | 'expired'): Promise<SignedEvent | null> {
      const open = await findCheckout(checkoutId);
      if (!open || !(await transitionCheckout(open, outcome))) return null;
      const checkout = (await findCheckout(checkoutId)) as LocalCheckout;
      if (outcome === 'paid') {
        const charge = chargeOfCheckout(checkout);
        await bookBalance.charge(charge.chargeId, charge.amountCents, charge.processingFeeCents, charge.created);
      }
      const type = outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired';
      return signedEvent('platform', type, objects.checkoutSession(checkout));
    },

    /** The API's expiry of an open checkout: it can no longer be paid, and Stripe sends `checkout.session.expired`. */
    async expireCheckout(checkoutId: string): Promise<LocalCheckout> {
      const checkout = await findCheckout(checkoutId);
      if (!checkout) throw noSuch('checkout.session', checkoutId);
      if (!(await transitionCheckout(checkout, 'expired'))) {
        const status = checkout.status === 'paid' ? 'complete' : checkout.status;
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ${status}.`,
        );
      }
      const expired = (await findCheckout(checkoutId)) as LocalCheckout;
      deliverToWebhook(signedEvent('platform', 'checkout.session.expired', objects.checkoutSession(expired)));
      return expired;
    },

    /** A refund of the charge `id` names (a PaymentIntent or a charge), a checkout's or an invoice's: in full, or `amountCents` of it. */
    async refund(id: string, param: 'payment_intent' | 'charge', amountCents?: number): Promise<RefundedCharge> {
      const charge = await findCharge(id);
      const kind = param === 'charge' ? 'charge' : 'payment_intent';
      const named = param === 'charge' ? charge?.chargeId : charge?.paymentIntentId;
      if (!charge || named !== id) throw noSuch(kind, id, param);
      if (charge.invoiceId) {
        deliverToWebhook(await subscriptions.refundInvoice(charge.invoiceId, amountCents));
        return refundOf(chargeOfInvoice((await findInvoice(charge.invoiceId)) as LocalInvoice)) as RefundedCharge;
      }
      return refundCheckout((await findCheckout(charge.checkoutId as string)) as LocalCheckout, param, amountCents);
    },

    /** What a card holder's bank does: disputes the paid checkout's charge; answers `charge.dispute.created`. */
    async openDispute(checkoutId: string): Promise<SignedEvent> {
      const charge = await disputeTransition(checkoutId, 'needs_response');
      return signedEvent('platform', 'charge.dispute.created', objects.dispute(charge));
    },

    /** Stripe's decision on the dispute; answers `charge.dispute.closed`. */
    async closeDispute(checkoutId: string, status: 'won' | 'lost'): Promise<SignedEvent> {
      const charge = await disputeTransition(checkoutId, status);
      return signedEvent('platform', 'charge.dispute.closed', objects.dispute(charge));
    },

    /**
     * Moves money to a connected account as Stripe does, refusing what Stripe refuses: an unknown
     * destination, one that cannot take transfers (payouts not enabled), an unknown or unpaid
     * source charge, and more than the source charge has left.
     */
    async createTransfer(creation: TransferCreation): Promise<LocalTransfer> {
      const account = await findAccount(creation.destinationAccountId);
      if (!account)
        throw invalidRequest(`No such destination: '${creation.destinationAccountId}'`, {
          code: 'resource_missing',
          param: 'destination',
        });
      if (!account.payoutsEnabled || !account.detailsSubmitted) {
        throw invalidRequest(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
        );
      }
      if (creation.sourceChargeId) {
        const source = await findCharge(creation.sourceChargeId);
        if (!source?.paid || source.chargeId !== creation.sourceChargeId) {
          throw noSuch('charge', creation.sourceChargeId, 'source_transaction');
        }
        const available = await availableFrom(source);
        if (creation.amountCents > available) {
          throw invalidRequest(
            `The transfer amount (${creation.amountCents}) exceeds what the source transaction ${creation.sourceChargeId} has available (${available}).`,
            { code: 'balance_insufficient', param: 'amount' },
          );
        }
      }
      const transfer: LocalTransfer = {
        ...creation,
        transferId: newStripeId('tr'),
        created: nowSeconds(),
        sequence: Date.now(),
      };
      await putItem({ ...standInKeys.stripeTransfer(transfer.transferId), ...transfer });
      await bookBalance.transfer(
        transfer.transferId,
        transfer.sourceChargeId ?? null,
        transfer.amountCents,
        transfer.created,
      );
      return transfer;
    },

    /** The newest transfer of a transfer group (the product's groups are its sessions and plan payouts), if any. */
    async findTransfer(transferGroup: string): Promise<LocalTransfer | null> {
      return (await allTransfers()).find((transfer) => transfer.transferGroup === transferGroup) ?? null;
    },

    /**
     * Takes `amountCents` (all that is left when absent) back from the connected account, as a
     * reversal by the API or in Stripe's Dashboard does, refusing more than is left; answers the
     * transfer, the reversal and the `transfer.reversed` event Stripe sends.
     */
    async reverseTransfer(transferId: string, amountCents?: number) {
      const transfer = await findTransferById(transferId);
      if (!transfer) throw noSuch('transfer', transferId);
      const before = transfer.amountReversedCents ?? 0;
      const left = transfer.amountCents - before;
      const amount = amountCents ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw invalidRequest(
          `You have requested a reversal of ${amount}, but transfer ${transferId} only has ${left} remaining to reverse.`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      const after = before + amount;
      const reversal = {
        id: derivedStripeId('trr', `${transferId}-${after}`),
        amountCents: amount,
        created: nowSeconds(),
      };
      const reversing = await updateIf(standInKeys.stripeTransfer(transferId), {
        UpdateExpression:
          'SET amountReversedCents = :after, reversals = list_append(if_not_exists(reversals, :none), :reversal)',
        ConditionExpression: 'attribute_not_exists(amountReversedCents) OR amountReversedCents = :before',
        ExpressionAttributeValues: { ':after': after, ':before': before, ':none': [], ':reversal': [reversal] },
      });
      if (!reversing) {
        throw invalidRequest('The transfer is being reversed by another request.', {
          code: 'lock_timeout',
          status: 429,
          // A conflict with a concurrent request: Stripe keeps no answer for its key, so a retry runs again.
          kept: false,
        });
      }
      await bookBalance.transferReversal(reversal.id, transferId, amount, reversal.created);
      const reversed = (await findTransferById(transferId)) as LocalTransfer;
      const event = signedEvent('platform', 'transfer.reversed', objects.transfer(reversed), {
        amount_reversed: before,
        reversed: false,
      });
      return { transfer: reversed, reversal, event };
    },
  };
}

export type LocalStripe = ReturnType<typeof localStripe>;

/**
 * The stand-in when the local stack runs it (it sets LOCAL_STRIPE_WEBHOOK_SECRET and
 * LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET, one per Stripe endpoint, to sign its events with), else null.
 */
export function localStripeFromEnvironment(): LocalStripe | null {
  const { LOCAL_STRIPE_WEBHOOK_SECRET, LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET, SITE_ORIGIN } = process.env;
  if (!LOCAL_STRIPE_WEBHOOK_SECRET) return null;
  if (!LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET) throw new Error('LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET is not set');
  if (!SITE_ORIGIN) throw new Error('SITE_ORIGIN is not set');
  return localStripe({
    siteOrigin: SITE_ORIGIN,
    webhookSecrets: { platform: LOCAL_STRIPE_WEBHOOK_SECRET, connect: LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET },
  });
}
