/** What the provider says was paid: the checkout, its PaymentIntent, its total and whether it was real money. */
export interface PaidCheckout {
  checkoutId: string;
  paymentIntentId: string | null;
  amountCents: number;
  livemode: boolean;
}

/**
 * Why a payment may not settle this session, or null when it may: it must be the session's own
 * checkout, for the session's price, in the mode of this stage (test-mode money never confirms a
 * production booking, nor the reverse). A payment that names the session is not enough.
 */
export function settlementMismatch(
  session: { checkoutId?: string | null; priceCents: number },
  paid: PaidCheckout,
  liveStage: boolean,
): string | null {
  if (!session.checkoutId || paid.checkoutId !== session.checkoutId) {
    return `checkout ${paid.checkoutId} is not the session's (${session.checkoutId ?? 'none'})`;
  }
  if (paid.amountCents !== session.priceCents) {
    return `paid ${paid.amountCents} cents, the session costs ${session.priceCents}`;
  }
  if (paid.livemode !== liveStage)
    return `a ${paid.livemode ? 'live' : 'test'}-mode payment on a ${liveStage ? 'live' : 'test'} stage`;
  return null;
}

/**
 * Whether a payment learnt of at `now` comes too late to hold the session: at or after its start,
 * the confirmation, the meeting link and the reminders could no longer reach the parties before it
 * began. Compared as instants (a stored start has whole seconds, `now` milliseconds).
 */
export const paidAfterStart = (session: { start: string }, now: Date): boolean =>
  Date.parse(session.start) <= now.getTime();
