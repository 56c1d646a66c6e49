import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  CheckoutRequest,
  CheckoutState,
  Payments,
  TransferRequest,
  WebhookSecrets,
} from '../../functions/adapters/payments';
import { signStripeEvent, verifyStripeEvent } from '../../functions/adapters/stripe-events';
import { db, tableName } from '../../functions/data/client';
import { isConditionFailure, queryAll } from '../../functions/data/dynamo';
import { MIN_CARD_CHARGE_CENTS } from '../../functions/domain/constants';
import type { AccountStatus } from '../../functions/domain/payment-account';
import type { BalanceCategory, BalanceTransaction } from '../../functions/domain/reconciliation';
import { standInKeys } from './standin-keys';
import { deliverToWebhook } from './stripe-event-delivery';
import { failIfFaulted } from './stripe-faults';
import { type SignedEvent, type SubscriptionStandIn, standInNow, subscriptionStandIn } from './stripe-subscriptions';

export interface LocalAccount extends AccountStatus {
  accountId: string;
  email: string;
  createdAt: string;
}

/** `expiresAt` is the table's TTL attribute, so the checkout's own deadline is kept as `payBy`. */
export interface LocalCheckout extends Omit<CheckoutRequest, 'expiresAt'> {
  payBy: string;
  checkoutId: string;
  paymentIntentId: string;
  status: CheckoutState['status'];
  refundId?: string;
  /** Stripe's processing fee on the charge (2.9% + 30¢), kept from the platform's balance when it is paid. */
  processingFeeCents?: number;
  disputeStatus?: 'needs_response' | 'won' | 'lost';
  /** How many refunds were asked for; the first one refunds, the others answer with it. */
  refundRequests?: number;
  /** The idempotency keys (tries) refunds were asked with: only a repeated key answers with the refund. */
  refundKeys?: string[];
}

/** The stand-in, plus what its onboarding and checkout pages (bin/local/stripe-standin.ts) need. */
export interface LocalPayments extends Payments, SubscriptionStandIn {
  findAccount(accountId: string): Promise<LocalAccount | null>;
  /** What finishing onboarding at Stripe does: the account may take cards, be paid out, and has its details. */
  completeOnboarding(accountId: string): Promise<void>;
  /** The `account.updated` event Stripe would send now, signed as Stripe signs it. */
  signedAccountUpdated(accountId: string): Promise<SignedEvent>;
  findCheckout(checkoutId: string): Promise<LocalCheckout | null>;
  /**
   * Pays or lets an open checkout lapse, as the customer (or Stripe's clock) would, and answers
   * with the `checkout.session.completed` / `.expired` event Stripe would send; null if it was not open.
   */
  settleCheckout(checkoutId: string, outcome: 'paid' | 'expired'): Promise<SignedEvent | null>;
  /** What a card holder's bank does: disputes the paid checkout's charge; answers `charge.dispute.created`. */
  openDispute(checkoutId: string): Promise<SignedEvent>;
  /** Stripe's decision on the dispute; answers `charge.dispute.closed`. */
  closeDispute(checkoutId: string, status: 'won' | 'lost'): Promise<SignedEvent>;
  /** Removes one balance transaction, as if Stripe had never booked it (reconciliation tests). */
  forgetBalanceTransaction(transaction: BalanceTransaction): Promise<void>;
  /** The transfer a session's coach was paid with, if any. */
  findTransfer(sessionId: string): Promise<LocalTransfer | null>;
  /**
   * What reversing a transfer in Stripe's Dashboard does: takes `amountCents` (all that is left
   * when absent) back from the connected account; answers `transfer.reversed`. Refuses more than is left.
   */
  reverseTransfer(transferId: string, amountCents?: number): Promise<SignedEvent>;
}

/** A transfer from the platform to a connected account, funded by one charge (source_transaction). */
export interface LocalTransfer extends TransferRequest {
  transferId: string;
  createdAt: string;
  /** Stripe's `amount_reversed`: the running total taken back by reversals. */
  amountReversedCents?: number;
}

/** Stripe's US card pricing, 2.9% + 30¢ per successful charge, rounded half up as Stripe rounds. */
const stripeProcessingFee = (amountCents: number) => Math.round(amountCents * 0.029) + 30;

/** The Stripe error the stand-in answers with, shaped as the SDK throws it for an HTTP 400. */
const invalidRequest = (code: string, message: string) =>
  new Stripe.errors.StripeInvalidRequestError({
    type: 'invalid_request_error',
    code,
    message,
    statusCode: 400,
    requestId: `req_local_${randomBytes(6).toString('hex')}`,
  });

type Outage = 'fail' | 'hang' | null;
let outage: Outage = null;

/**
 * Makes the stand-in answer as Stripe does when it is down ('fail': its API error after the
 * client's retries) or stops answering ('hang': no answer at all), until called with null.
 * For fault tests; the payments adapter's time budget is what turns a hang into a 503.
 */
export function simulateStripeOutage(mode: Outage): void {
  outage = mode;
}

async function answerUnlessDown(): Promise<void> {
  if (outage === 'hang') await new Promise(() => undefined);
  if (outage === 'fail') throw new Stripe.errors.StripeAPIError({ message: 'Stripe is unavailable', statusCode: 500 });
}

/** A request Stripe refuses (HTTP 400 unless said), with its error code. */
const refusal = (code: string, message: string, statusCode = 400) =>
  new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', code, message, statusCode });

/** Stripe's idempotency keys give one object per key; the stand-in gets the same by deriving ids from the key. */
const derivedId = (prefix: string, key: string) =>
  `${prefix}_local_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
const localAccountId = (userId: string) => derivedId('acct', userId);
/** The charge the stand-in makes when a session's checkout is paid. */
export const standInChargeId = (sessionId: string) => derivedId('ch', sessionId);
const chargeIdOf = (checkout: LocalCheckout) => standInChargeId(checkout.sessionId);

/**
 * Books the movement on the platform's balance, as Stripe does for a charge, refund or dispute of a
 * session's charge; `step` tells a dispute's return from its withdrawal. The demo seed books its
 * history through this too, with the instant it happened.
 */
export async function bookBalanceTransaction(movement: {
  sessionId: string;
  category: BalanceCategory;
  amountCents: number;
  created: string;
  /** Tells apart movements of one category and charge: a dispute's return (`won`), each reversal of a transfer. */
  step?: string;
  /** The charge it belongs to, when it is not the session's own (a transfer from a plan invoice's charge). */
  chargeId?: string;
}) {
  const { sessionId, category, amountCents, created, step = '' } = movement;
  const transaction: BalanceTransaction = {
    id: derivedId('txn', `${category}${step}-${sessionId}`),
    category,
    chargeId: movement.chargeId ?? standInChargeId(sessionId),
    amountCents,
    currency: 'usd',
    created,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...standInKeys.stripeBalanceTransaction(created, transaction.id), ...transaction },
    }),
  );
}

/** What the stand-in books now for a checkout's charge. */
const bookNow = (
  checkout: Pick<LocalCheckout, 'sessionId'>,
  category: BalanceCategory,
  amountCents: number,
  step?: string,
) =>
  bookBalanceTransaction({
    sessionId: checkout.sessionId,
    category,
    amountCents,
    created: new Date().toISOString(),
    step,
  });

const chargeObject = (checkout: LocalCheckout) => ({
  id: chargeIdOf(checkout),
  object: 'charge',
  amount: checkout.amountCents,
  currency: 'usd',
  payment_intent: checkout.paymentIntentId,
  transfer_group: checkout.sessionId,
  ...(checkout.refundId ? { refunds: { object: 'list', data: [{ id: checkout.refundId, object: 'refund' }] } } : {}),
});

const disputeObject = (checkout: LocalCheckout) => ({
  id: derivedId('dp', checkout.sessionId),
  object: 'dispute',
  amount: checkout.amountCents,
  currency: 'usd',
  charge: chargeIdOf(checkout),
  payment_intent: checkout.paymentIntentId,
  status: checkout.disputeStatus,
  reason: 'fraudulent',
});

/**
 * Stripe Connect without Stripe, for the local stack: accounts live in the table under their own
 * keys, onboarding and the dashboard are local pages, and events are signed and verified with
 * Stripe's real scheme, so the webhook handler runs exactly the code it runs in production.
 */
export function localPayments(options: { siteOrigin: string; webhookSecrets: WebhookSecrets }): LocalPayments {
  const standInPage = (page: string, query: Record<string, string>) =>
    `${options.siteOrigin}/_local/stripe/${page}?${new URLSearchParams(query)}`;

  const findAccount = async (accountId: string) => {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: standInKeys.stripeAccount(accountId), ConsistentRead: true }),
    );
    return (Item as LocalAccount | undefined) ?? null;
  };

  const subscriptions = subscriptionStandIn({
    standInPage,
    signedEvent: (type, object, created) => signedEvent('platform', type, object, undefined, created),
    deliverToWebhook,
    bookCharge: (sourceId, amountCents, created) =>
      bookBalanceTransaction({ sessionId: sourceId, category: 'charge', amountCents, created }),
    bookRefund: (sourceId, amountCents, created) =>
      bookBalanceTransaction({ sessionId: sourceId, category: 'refund', amountCents, created }),
    processingFee: stripeProcessingFee,
  });

  const existingAccount = async (accountId: string) => {
    const account = await findAccount(accountId);
    if (!account) throw new Error(`The local Stripe stand-in has no account ${accountId}`);
    return account;
  };

  return {
    ...subscriptions,

    async createSubscriptionCheckout(request) {
      await answerUnlessDown();
      return subscriptions.createSubscriptionCheckout(request);
    },

    async cancelSubscriptionAtPeriodEnd(stripeSubscriptionId) {
      await answerUnlessDown();
      return subscriptions.cancelSubscriptionAtPeriodEnd(stripeSubscriptionId);
    },

    async createConnectedAccount({ userId, email }) {
      await answerUnlessDown();
      const account: LocalAccount = {
        accountId: localAccountId(userId),
        email,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        createdAt: new Date().toISOString(),
      };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...standInKeys.stripeAccount(account.accountId), ...account },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      return account.accountId;
    },

    async onboardingLink(accountId, returnUrl, refreshUrl) {
      await answerUnlessDown();
      await existingAccount(accountId);
      return standInPage('onboarding', { account: accountId, return: returnUrl, refresh: refreshUrl });
    },

    async dashboardLink(accountId) {
      await answerUnlessDown();
      await existingAccount(accountId);
      return standInPage('dashboard', { account: accountId });
    },

    async accountStatus(accountId) {
      await answerUnlessDown();
      const { chargesEnabled, payoutsEnabled, detailsSubmitted } = await existingAccount(accountId);
      return { chargesEnabled, payoutsEnabled, detailsSubmitted };
    },

    verifyWebhook: async (rawBody, signature) =>
      verifyStripeEvent(rawBody, signature, [options.webhookSecrets.platform, options.webhookSecrets.connect]),

    findAccount,

    async completeOnboarding(accountId) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: standInKeys.stripeAccount(accountId),
          UpdateExpression: 'SET chargesEnabled = :true, payoutsEnabled = :true, detailsSubmitted = :true',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':true': true },
        }),
      );
    },

    async signedAccountUpdated(accountId) {
      const account = await existingAccount(accountId);
      // A connected account's event reaches the Connect endpoint, names the account, and carries its secret.
      return signedEvent('connect', 'account.updated', {
        id: accountId,
        object: 'account',
        type: 'express',
        email: account.email,
        charges_enabled: account.chargesEnabled,
        payouts_enabled: account.payoutsEnabled,
        details_submitted: account.detailsSubmitted,
      });
    },

    async createCheckout(request) {
      await answerUnlessDown();
      if (request.amountCents < MIN_CARD_CHARGE_CENTS) {
        throw new Error(`Amount must be at least ${MIN_CARD_CHARGE_CENTS} cents (Stripe's minimum charge in usd)`);
      }
      const checkoutId = derivedId('cs', request.sessionId);
      const { expiresAt, ...rest } = request;
      const checkout: LocalCheckout = {
        ...rest,
        payBy: expiresAt.toISOString(),
        checkoutId,
        paymentIntentId: derivedId('pi', request.sessionId),
        status: 'open',
      };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...standInKeys.stripeCheckout(checkoutId), ...checkout },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...standInKeys.stripePaymentIntent(checkout.paymentIntentId), checkoutId },
        }),
      );
      return { checkoutId, url: standInPage('checkout', { id: checkoutId }) };
    },

    async checkoutState(checkoutId) {
      await answerUnlessDown();
      const checkout = await findCheckout(checkoutId);
      if (!checkout) throw new Error(`The local Stripe stand-in has no checkout ${checkoutId}`);
      return {
        status: checkout.status,
        paymentIntentId: checkout.status === 'paid' ? checkout.paymentIntentId : null,
        amountCents: checkout.amountCents,
        livemode: false,
      };
    },

    async expireCheckout(checkoutId) {
      await answerUnlessDown();
      await transitionCheckout(checkoutId, 'expired');
    },

    async capturedPayment(paymentIntentId) {
      const { Item } = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: standInKeys.stripePaymentIntent(paymentIntentId),
          ConsistentRead: true,
        }),
      );
      const checkout = Item && (await findCheckout(Item.checkoutId as string));
      if (checkout?.status !== 'paid')
        throw new Error(`The local Stripe stand-in has no paid PaymentIntent ${paymentIntentId}`);
      return {
        paymentIntentId,
        chargeId: chargeIdOf(checkout),
        amountCents: checkout.amountCents,
        processingFeeCents: checkout.processingFeeCents ?? stripeProcessingFee(checkout.amountCents),
        currency: 'usd',
      };
    },

    // Stripe keeps its processing fee when a card payment is refunded: the refund's fee is 0.
    refundProcessingFee: async () => 0,

    async createTransfer(request) {
      await answerUnlessDown();
      failIfFaulted('transfers');
      const transferId = derivedId('tr', `transfer-${request.sessionId}`);
      const earlier = await findTransfer(request.sessionId);
      // Stripe answers a repeated idempotency key with the first transfer (and refuses other parameters).
      if (earlier) {
        if (
          earlier.amountCents !== request.amountCents ||
          earlier.destinationAccountId !== request.destinationAccountId
        ) {
          throw invalidRequest(
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return { result: 'transferred', transferId: earlier.transferId };
      }
      const account = await findAccount(request.destinationAccountId);
      if (!account) throw invalidRequest('resource_missing', `No such destination: '${request.destinationAccountId}'`);
      if (!account.payoutsEnabled || !account.detailsSubmitted) {
        return {
          result: 'account_cannot_receive',
          reason:
            'insufficient_capabilities_for_transfer: Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        };
      }
      const source = await transferSource(request);
      if (!source) throw invalidRequest('resource_missing', `No such charge: '${request.sourceChargeId}'`);
      // What the charge added to the platform's balance and is still there: less Stripe's fee and any refund.
      const available = source.amountCents - source.processingFeeCents - (source.refunded ? source.amountCents : 0);
      if (request.amountCents > available) {
        throw invalidRequest(
          'balance_insufficient',
          `The transfer amount (${request.amountCents}) exceeds what the source transaction ${request.sourceChargeId} has available (${available}).`,
        );
      }
      const transfer: LocalTransfer = { ...request, transferId, createdAt: new Date().toISOString() };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...standInKeys.stripeTransfer(request.sessionId), ...transfer },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return { result: 'transferred', transferId };
      }
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...standInKeys.stripeTransferId(transferId), sessionId: request.sessionId },
        }),
      );
      await bookTransferMovement(transfer, -request.amountCents);
      return { result: 'transferred', transferId };
    },

    findTransfer,

    async reverseTransfer(transferId, amountCents) {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: standInKeys.stripeTransferId(transferId), ConsistentRead: true }),
      );
      const transfer = Item && (await findTransfer(Item.sessionId as string));
      if (!transfer) throw refusal('resource_missing', `No such transfer: '${transferId}'`, 404);
      const before = transfer.amountReversedCents ?? 0;
      const left = transfer.amountCents - before;
      const amount = amountCents ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw refusal(
          'amount_too_large',
          `You have requested a reversal of ${amount}, but transfer ${transferId} only has ${left} remaining to reverse.`,
        );
      }
      const after = before + amount;
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: standInKeys.stripeTransfer(transfer.sessionId),
            UpdateExpression: 'SET amountReversedCents = :after',
            ConditionExpression: 'attribute_not_exists(amountReversedCents) OR amountReversedCents = :before',
            ExpressionAttributeValues: { ':after': after, ':before': before },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error))
          throw refusal('lock_timeout', 'The transfer is being reversed by another request.', 429);
        throw error;
      }
      await bookTransferMovement(transfer, amount, `reversed-${after}`);
      const reversal = {
        id: derivedId('trr', `${transferId}-${after}`),
        object: 'transfer_reversal',
        amount,
        transfer: transferId,
      };
      return signedEvent(
        'platform',
        'transfer.reversed',
        {
          id: transferId,
          object: 'transfer',
          amount: transfer.amountCents,
          amount_reversed: after,
          reversed: after === transfer.amountCents,
          currency: transfer.currency,
          destination: transfer.destinationAccountId,
          source_transaction: transfer.sourceChargeId,
          transfer_group: transfer.sessionId,
          metadata: { sessionId: transfer.sessionId },
          reversals: { object: 'list', data: [reversal] },
        },
        { amount_reversed: before, reversed: false },
      );
    },

    async balanceTransactions(from, to) {
      const items = await queryAll<BalanceTransaction>({
        KeyConditionExpression: 'pk = :partition AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':partition': standInKeys.stripeBalancePartition,
          ':from': from.toISOString(),
          ':to': to.toISOString(),
        },
      });
      return items
        .filter((item) => item.created < to.toISOString())
        .map(({ id, category, chargeId, amountCents, currency, created }) => ({
          id,
          category,
          chargeId,
          amountCents,
          currency,
          created,
        }));
    },

    async refund(paymentIntentId, sessionId, tryNumber) {
      await answerUnlessDown();
      failIfFaulted('refunds');
      const checkoutId = derivedId('cs', sessionId);
      const seen = await findCheckout(checkoutId);
      if (seen?.status !== 'paid' || seen.paymentIntentId !== paymentIntentId) {
        throw refusal('resource_missing', `No such payment_intent: '${paymentIntentId}'`, 404);
      }
      const key = `try-${tryNumber}`;
      if (seen.disputeStatus === 'needs_response' || seen.disputeStatus === 'lost') {
        throw refusal('charge_disputed', `Charge ${chargeIdOf(seen)} has been charged back; cannot issue a refund.`);
      }
      const alreadyRefunded = () =>
        refusal('charge_already_refunded', `Charge ${chargeIdOf(seen)} has already been refunded.`);
      const { Attributes } = await db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: standInKeys.stripeCheckout(checkoutId),
            UpdateExpression:
              'SET refundId = if_not_exists(refundId, :refund), refundKeys = list_append(if_not_exists(refundKeys, :none), :key) ADD refundRequests :one',
            // One refund per charge: only a repeated key (try) answers with it, as Stripe's idempotency does.
            ConditionExpression:
              '#status = :paid AND paymentIntentId = :intent AND (attribute_not_exists(refundId) OR contains(refundKeys, :keyValue))',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':refund': derivedId('re', sessionId),
              ':none': [],
              ':key': [key],
              ':keyValue': key,
              ':one': 1,
              ':paid': 'paid',
              ':intent': paymentIntentId,
            },
            ReturnValues: 'ALL_NEW',
          }),
        )
        .catch((error: unknown) => {
          throw isConditionFailure(error) ? alreadyRefunded() : error;
        });
      const checkout = Attributes as LocalCheckout;
      if (checkout.refundRequests === 1) {
        await bookNow(checkout, 'refund', -checkout.amountCents);
        // Stripe tells the platform's webhook about the refund it made, as it does after every refund.
        deliverToWebhook(
          signedEvent(
            'platform',
            'charge.refunded',
            { ...chargeObject(checkout), amount_refunded: checkout.amountCents, refunded: true },
            { amount_refunded: 0, refunded: false },
          ),
        );
      }
      return checkout.refundId as string;
    },

    findCheckout,

    async settleCheckout(checkoutId, outcome) {
      if (!(await transitionCheckout(checkoutId, outcome))) return null;
      const checkout = (await findCheckout(checkoutId)) as LocalCheckout;
      if (outcome === 'paid') {
        await bookNow(checkout, 'charge', checkout.amountCents);
        await recordProcessingFee(checkout);
      }
      return signedEvent('platform', outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired', {
        id: checkout.checkoutId,
        object: 'checkout.session',
        status: outcome === 'paid' ? 'complete' : 'expired',
        payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
        payment_intent: outcome === 'paid' ? checkout.paymentIntentId : null,
        amount_total: checkout.amountCents,
        currency: 'usd',
        livemode: false,
        metadata: { sessionId: checkout.sessionId },
      });
    },

    async openDispute(checkoutId) {
      const checkout = await disputeTransition(checkoutId, 'needs_response');
      await bookNow(checkout, 'dispute', -checkout.amountCents);
      return signedEvent('platform', 'charge.dispute.created', disputeObject(checkout));
    },

    async closeDispute(checkoutId, status) {
      const checkout = await disputeTransition(checkoutId, status);
      if (status === 'won') await bookNow(checkout, 'dispute', checkout.amountCents, 'won');
      return signedEvent('platform', 'charge.dispute.closed', disputeObject(checkout));
    },

    async forgetBalanceTransaction(transaction) {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: standInKeys.stripeBalanceTransaction(transaction.created, transaction.id),
        }),
      );
    },
  };

  /** The paid charge a transfer comes from: a session's checkout (its group is the session), or a plan invoice's. */
  async function transferSource(request: TransferRequest) {
    const checkout = await findCheckout(derivedId('cs', request.sessionId));
    if (checkout?.status === 'paid' && chargeIdOf(checkout) === request.sourceChargeId) {
      return {
        amountCents: checkout.amountCents,
        processingFeeCents: stripeProcessingFee(checkout.amountCents),
        refunded: Boolean(checkout.refundId),
      };
    }
    const invoice = await subscriptions.invoiceOfCharge(request.sourceChargeId);
    if (invoice?.status !== 'paid') return null;
    return {
      amountCents: invoice.amountCents,
      processingFeeCents: invoice.processingFeeCents,
      refunded: Boolean(invoice.refundId),
    };
  }

  /** A transfer (or its reversal) on the platform's balance, under the charge it came from. */
  function bookTransferMovement(transfer: LocalTransfer, amountCents: number, step?: string) {
    return bookBalanceTransaction({
      sessionId: transfer.sessionId,
      chargeId: transfer.sourceChargeId,
      category: 'transfer',
      amountCents,
      created: new Date().toISOString(),
      step,
    });
  }

  async function findTransfer(sessionId: string) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: standInKeys.stripeTransfer(sessionId), ConsistentRead: true }),
    );
    return (Item as LocalTransfer | undefined) ?? null;
  }

  async function recordProcessingFee(checkout: LocalCheckout) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: standInKeys.stripeCheckout(checkout.checkoutId),
        UpdateExpression: 'SET processingFeeCents = :fee',
        ExpressionAttributeValues: { ':fee': stripeProcessingFee(checkout.amountCents) },
      }),
    );
  }

  async function findCheckout(checkoutId: string) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: standInKeys.stripeCheckout(checkoutId), ConsistentRead: true }),
    );
    return (Item as LocalCheckout | undefined) ?? null;
  }

  /** Only an open checkout moves; false when it was already paid or expired. */
  async function transitionCheckout(checkoutId: string, status: 'paid' | 'expired'): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: standInKeys.stripeCheckout(checkoutId),
          UpdateExpression: 'SET #status = :status',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':open': 'open' },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  function signedEvent(
    endpoint: keyof WebhookSecrets,
    type: string,
    object: Record<string, unknown>,
    previousAttributes?: Record<string, unknown>,
    created = Math.floor(standInNow() / 1000),
  ): SignedEvent {
    const event = {
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      ...(endpoint === 'connect' ? { account: object.id } : {}),
      created,
      livemode: false,
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
    return signStripeEvent(event, options.webhookSecrets[endpoint]);
  }

  /** Moves a paid checkout's dispute (none → needs_response → won or lost), refusing any other step as Stripe does. */
  async function disputeTransition(checkoutId: string, status: NonNullable<LocalCheckout['disputeStatus']>) {
    const opening = status === 'needs_response';
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: standInKeys.stripeCheckout(checkoutId),
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
      }),
    );
    return Attributes as LocalCheckout;
  }
}

/**
 * The stand-in when the local stack enabled it (it sets LOCAL_STRIPE_WEBHOOK_SECRET and
 * LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET, one per Stripe endpoint), else null.
 */
export function localPaymentsFromEnvironment(): LocalPayments | null {
  const { LOCAL_STRIPE_WEBHOOK_SECRET, LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET, SITE_ORIGIN } = process.env;
  if (!LOCAL_STRIPE_WEBHOOK_SECRET) return null;
  if (!LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET) throw new Error('LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET is not set');
  if (!SITE_ORIGIN) throw new Error('SITE_ORIGIN is not set');
  return localPayments({
    siteOrigin: SITE_ORIGIN,
    webhookSecrets: { platform: LOCAL_STRIPE_WEBHOOK_SECRET, connect: LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET },
  });
}
