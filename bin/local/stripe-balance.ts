import { deleteItem, getItem, putItem, queryAll } from '../../functions/data/dynamo';
import { standInKeys } from './standin-keys';
import { derivedStripeId } from './stripe-ids';

/** What a balance transaction moved money for: the part of its source object the stand-in keeps with it. */
export type BalanceSource =
  | { id: string; object: 'charge' }
  | { id: string; object: 'refund'; charge: string }
  | { id: string; object: 'dispute'; charge: string }
  | { id: string; object: 'transfer'; source_transaction: string | null }
  | { id: string; object: 'transfer_reversal'; transfer: string };

/** One movement on the platform's balance, as Stripe books it. */
export interface LocalBalanceTransaction {
  id: string;
  type: 'charge' | 'refund' | 'transfer' | 'transfer_refund' | 'adjustment';
  reportingCategory: string;
  amountCents: number;
  /** Stripe's fee on it: its processing fee on a charge (none given back on a refund), its fee on a dispute. */
  feeCents: number;
  currency: string;
  /** Unix seconds, as Stripe's `created`. */
  created: number;
  /** When it was booked, in milliseconds: orders the transactions of one second, as Stripe lists them. */
  sequence: number;
  source: BalanceSource;
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The last second a Date can name (9999-12-31): where a range without an end stops. */
export const END_OF_TIME = 253_402_300_799;

/** Stripe's `created`: whole seconds. */
export const secondsOf = (instant: string | Date) => Math.floor(new Date(instant).getTime() / 1000);

/** The balance transaction a source object's movement is booked as; `step` tells a dispute's return from its withdrawal. */
export const balanceTransactionId = (sourceId: string, step = '') => derivedStripeId('txn', `${sourceId}${step}`);

async function book(
  transaction: Omit<LocalBalanceTransaction, 'id' | 'currency' | 'sequence'>,
  step = '',
): Promise<LocalBalanceTransaction> {
  const item: LocalBalanceTransaction = {
    id: balanceTransactionId(transaction.source.id, step),
    currency: 'usd',
    sequence: Date.now(),
    ...transaction,
  };
  await putItem({ ...standInKeys.stripeBalanceTransaction(isoOf(item.created), item.id), ...item });
  return item;
}

/**
 * Stripe's US dispute fee, booked with the disputed amount on the dispute's withdrawal ("a single
 * balance transaction for the dispute amount and fee": support.stripe.com/questions/dispute-fees-faq).
 * The stand-in keeps it when the dispute is won.
 */
export const STRIPE_DISPUTE_FEE_CENTS = 1_500;

/**
 * What Stripe books on the platform's balance for each movement of a charge. The stand-in books
 * through these, and so does the demo seed for the history it makes up, with the time it happened.
 */
export const bookBalance = {
  charge: (chargeId: string, amountCents: number, feeCents: number, created: number) =>
    book({
      type: 'charge',
      reportingCategory: 'charge',
      amountCents,
      feeCents,
      created,
      source: { id: chargeId, object: 'charge' },
    }),
  refund: (refundId: string, chargeId: string, amountCents: number, created: number) =>
    book({
      type: 'refund',
      reportingCategory: 'refund',
      amountCents: -amountCents,
      feeCents: 0,
      created,
      source: { id: refundId, object: 'refund', charge: chargeId },
    }),
  /** A dispute's withdrawal with its fee, or (`won`) the money coming back when the platform wins it. */
  dispute: (disputeId: string, chargeId: string, amountCents: number, created: number, won = false) =>
    book(
      {
        type: 'adjustment',
        reportingCategory: won ? 'dispute_reversal' : 'dispute',
        amountCents: won ? amountCents : -amountCents,
        feeCents: won ? 0 : STRIPE_DISPUTE_FEE_CENTS,
        created,
        source: { id: disputeId, object: 'dispute', charge: chargeId },
      },
      won ? 'won' : '',
    ),
  transfer: (transferId: string, sourceChargeId: string | null, amountCents: number, created: number) =>
    book({
      type: 'transfer',
      reportingCategory: 'transfer',
      amountCents: -amountCents,
      feeCents: 0,
      created,
      source: { id: transferId, object: 'transfer', source_transaction: sourceChargeId },
    }),
  transferReversal: (reversalId: string, transferId: string, amountCents: number, created: number) =>
    book({
      type: 'transfer_refund',
      reportingCategory: 'transfer_reversal',
      amountCents,
      feeCents: 0,
      created,
      source: { id: reversalId, object: 'transfer_reversal', transfer: transferId },
    }),
};

export const findBalanceTransaction = (created: number, id: string) =>
  getItem<LocalBalanceTransaction>(standInKeys.stripeBalanceTransaction(isoOf(created), id), { ConsistentRead: true });

/** The platform's balance transactions created from `from` up to (not including) `to`, Unix seconds, newest first. */
export async function balanceTransactionsBetween(from: number, to: number): Promise<LocalBalanceTransaction[]> {
  const items = await queryAll<LocalBalanceTransaction>({
    KeyConditionExpression: 'pk = :partition AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':partition': standInKeys.stripeBalancePartition,
      ':from': isoOf(from),
      ':to': isoOf(to),
    },
    ConsistentRead: true,
  });
  return items
    .filter((item) => item.created >= from && item.created < to)
    .sort((a, b) => b.created - a.created || b.sequence - a.sequence);
}

/** Removes one balance transaction, as if Stripe had never booked it (reconciliation tests); `created` as the API lists it. */
export async function forgetBalanceTransaction(transaction: { id: string; created: string }): Promise<void> {
  await deleteItem(standInKeys.stripeBalanceTransaction(isoOf(secondsOf(transaction.created)), transaction.id));
}
