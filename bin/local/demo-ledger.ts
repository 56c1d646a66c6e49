import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DateTime } from 'luxon';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { appendLedgerEntry } from '../../functions/data/ledger';
import type { SessionItem } from '../../functions/domain/session-item';
import { DEFAULT_FEE_RULE, platformFee } from '../../functions/domain/fees';
import {
  disputeFeeEntries,
  followUpEntry,
  type MoneyEvent,
  paymentEntry,
  processingFeeEntry,
  transferEntry,
} from '../../functions/domain/ledger';
import { balanceTransactionId, bookBalance, STRIPE_DISPUTE_FEE_CENTS, secondsOf } from './stripe-balance';
import { derivedStripeId } from './stripe-ids';
import { recordPastCheckout } from './stripe-payments';

const DISPUTE_STATUS = {
  disputed_open: 'needs_response',
  disputed_lost: 'lost',
  disputed_won: 'won',
} as const;

/** What happened to each demo session after it was paid. */
type Fate = 'paid' | 'refunded' | 'disputed_open' | 'disputed_lost' | 'disputed_won';
const FATES: readonly Fate[] = [
  'paid',
  'paid',
  'refunded',
  'paid',
  'disputed_lost',
  'paid',
  'paid',
  'refunded',
  'paid',
  'disputed_won',
  'paid',
  'disputed_open',
];

interface DemoCoach {
  userId: string;
  hourlyRateCents: number;
}

/**
 * What the local Stripe stand-in books on the platform's balance for the event, as its refund and
 * dispute calls do, so a local reconciliation of a demo day matches. A lost dispute moves nothing more.
 */
async function bookStandInMovement(event: Exclude<MoneyEvent, { kind: 'checkoutPaid' }>, chargeId: string) {
  const created = secondsOf(event.at);
  if (event.kind === 'chargeRefunded')
    await bookBalance.refund(event.refundId ?? `re_${event.id}`, chargeId, event.refundedCents, created);
  if (event.kind === 'disputeOpened') await bookBalance.dispute(event.disputeId, chargeId, event.amountCents, created);
  if (event.kind === 'disputeClosed' && event.status === 'won')
    await bookBalance.dispute(event.disputeId, chargeId, event.amountCents, created, true);
}

/**
 * A month of paid, refunded and disputed demo sessions with the ledger entries their Stripe events
 * would have made (through the same pure mapping the webhook uses), so /finance and the coaches'
 * earnings show something on first start. Ids are derived from names, so re-seeding adds nothing.
 */
export async function seedDemoLedger(options: {
  menteeId: string;
  coaches: readonly DemoCoach[];
  now: DateTime;
  stableId(name: string): string;
}) {
  for (const [index, fate] of FATES.entries()) {
    const coach = options.coaches[index % options.coaches.length] as DemoCoach;
    const start = options.now
      .minus({ days: 28 - index * 2 })
      .startOf('hour')
      .set({ hour: 15 });
    const id = options.stableId(`demo-ledger-session-${index}`);
    const priceCents = coach.hourlyRateCents;
    const fee = platformFee(priceCents, DEFAULT_FEE_RULE);
    // Paid out after delivery; a dispute (opened before the session) blocks the transfer.
    const transferId = fate === 'paid' ? `tr_demo_${index}` : null;
    const refundId = `re_demo_${index}`;
    const at = (minutes: number) => start.minus({ days: 2 }).plus({ minutes }).toUTC().toISO() as string;
    const session: SessionItem = {
      id,
      coachId: coach.userId,
      menteeId: options.menteeId,
      start: start.toUTC().toISO({ suppressMilliseconds: true }) as string,
      end: start.plus({ hours: 1 }).toUTC().toISO({ suppressMilliseconds: true }) as string,
      durationMinutes: 60,
      priceCents,
      platformFeeCents: fee,
      status: fate === 'refunded' ? 'cancelled' : 'completed',
      sessionType: 'one-time',
      isFreeConsultation: false,
      bookingMethod: 'slot',
      claimedBlocks: [],
      paymentIntentId: `pi_demo_${index}`,
      ...(transferId ? { transferId } : {}),
      ...(fate === 'refunded'
        ? { refundId, cancellationReason: 'A schedule conflict', cancelledBy: 'mentee' as const }
        : {}),
      createdAt: at(0),
      updatedAt: at(0),
    };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...session, ...keys.session(id), ...keys.sessionIndexes(session) },
      }),
    );

    const chargeId = `ch_demo_${index}`;
    const checkoutId = `cs_demo_${index}`;
    const processingFeeCents = Math.round(priceCents * 0.029) + 30;
    const payment = paymentEntry(
      {
        id: `evt_demo_paid_${index}`,
        kind: 'checkoutPaid',
        at: at(1),
        checkoutId,
        sessionId: id,
        paymentIntentId: session.paymentIntentId as string,
        amountCents: priceCents,
        livemode: false,
      },
      {
        paymentIntentId: session.paymentIntentId as string,
        chargeId: chargeId,
        amountCents: priceCents,
        processingFeeCents: Math.round(priceCents * 0.029) + 30,
        currency: 'usd',
      },
      { sessionId: id, coachId: coach.userId, menteeId: options.menteeId, platformFeeCents: fee },
    );
    const facts = { paymentIntentId: payment.stripe.paymentIntentId as string, amountCents: priceCents };
    const disputeId = derivedStripeId('dp', checkoutId);
    const dispute = {
      ...facts,
      disputeId,
      chargeId,
      currency: 'usd',
      // The withdrawal's fee, which the stand-in books as bookStandInMovement does below.
      fees: [{ balanceTransactionId: balanceTransactionId(disputeId), feeCents: STRIPE_DISPUTE_FEE_CENTS }],
    };
    const followUps = {
      paid: [],
      refunded: [
        {
          ...facts,
          id: `evt_demo_refund_${index}`,
          kind: 'chargeRefunded' as const,
          at: at(60 * 24),
          chargeId: chargeId,
          refundedCents: priceCents,
          previouslyRefundedCents: 0,
          refundId,
        },
      ],
      disputed_open: [{ ...dispute, id: `evt_demo_dp_${index}`, kind: 'disputeOpened' as const, at: at(60 * 30) }],
      disputed_lost: [
        { ...dispute, id: `evt_demo_dp_${index}`, kind: 'disputeOpened' as const, at: at(60 * 30) },
        { ...dispute, id: `evt_demo_dpc_${index}`, kind: 'disputeClosed' as const, at: at(60 * 60), status: 'lost' },
      ],
      disputed_won: [
        { ...dispute, id: `evt_demo_dp_${index}`, kind: 'disputeOpened' as const, at: at(60 * 30) },
        { ...dispute, id: `evt_demo_dpc_${index}`, kind: 'disputeClosed' as const, at: at(60 * 60), status: 'won' },
      ],
    }[fate];
    await appendLedgerEntry(payment);
    await appendLedgerEntry(
      processingFeeEntry(payment, {
        at: payment.at,
        eventId: payment.stripe.eventId,
        sourceId: chargeId,
        feeCents: processingFeeCents,
      }),
    );
    await bookBalance.charge(chargeId, priceCents, processingFeeCents, secondsOf(payment.at));
    if (transferId) {
      const transfer = transferEntry({
        sessionId: id,
        coachId: coach.userId,
        menteeId: options.menteeId,
        at: session.end,
        transferId,
        amountCents: priceCents - fee,
        currency: 'usd',
        paymentIntentId: session.paymentIntentId as string,
        chargeId: chargeId,
      });
      await appendLedgerEntry(transfer);
      await bookBalance.transfer(transferId, chargeId, priceCents - fee, secondsOf(transfer.at));
    }
    for (const event of followUps) {
      const entry = followUpEntry(event, payment);
      if (entry) await appendLedgerEntry(entry);
      if (event.kind === 'disputeOpened')
        for (const fee of disputeFeeEntries(event, payment)) await appendLedgerEntry(fee);
      await bookStandInMovement(event, chargeId);
    }
    await recordPastCheckout(
      {
        checkoutId,
        amountCents: priceCents,
        description: 'Demo mentoring session',
        successUrl: '',
        cancelUrl: '',
        payBy: at(30),
        metadata: { sessionId: id },
        paymentMetadata: { sessionId: id },
        transferGroup: id,
        createdAt: at(0),
        status: 'paid',
        paymentIntentId: session.paymentIntentId as string,
        chargeId,
        paidAt: secondsOf(payment.at),
        processingFeeCents,
        ...(fate === 'refunded' ? { refundId, refundedAt: secondsOf(at(60 * 24)) } : {}),
        ...(fate in DISPUTE_STATUS ? { disputeStatus: DISPUTE_STATUS[fate as keyof typeof DISPUTE_STATUS] } : {}),
      },
      transferId
        ? {
            transferId,
            amountCents: priceCents - fee,
            currency: 'usd',
            // Named, never expanded, by what reads the demo history (the ledger and its reconciliation).
            destinationAccountId: derivedStripeId('acct', coach.userId),
            sourceChargeId: chargeId,
            transferGroup: id,
            metadata: { sessionId: id },
            created: secondsOf(session.end),
            sequence: 0,
          }
        : undefined,
    );
  }
}
