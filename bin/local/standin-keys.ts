/**
 * Table keys of the local stand-ins' own records (their Stripe and Calendly "accounts"). Only the
 * local stack writes them; no deployed function knows them.
 */
export const standInKeys = {
  /** An event the local Calendly stand-in scheduled. */
  calendlyEvent: (eventId: string) => ({ pk: `LOCALCALENDLY#${eventId}`, sk: 'EVENT' }),
  /** The local Stripe stand-in's own record of a connected account. */
  stripeAccount: (accountId: string) => ({ pk: `LOCALSTRIPE#${accountId}`, sk: 'ACCOUNT' }),
  /** The local Stripe stand-in's record of a Checkout Session. */
  stripeCheckout: (checkoutId: string) => ({ pk: `LOCALSTRIPE#${checkoutId}`, sk: 'CHECKOUT' }),
  /** Which checkout a PaymentIntent of the local Stripe stand-in belongs to. */
  stripePaymentIntent: (paymentIntentId: string) => ({ pk: `LOCALSTRIPE#${paymentIntentId}`, sk: 'PAYMENTINTENT' }),
  /** The local Stripe stand-in's transfer to a session's coach (one per session, as its idempotency key makes it). */
  stripeTransfer: (sessionId: string) => ({ pk: `LOCALSTRIPE#TRANSFER#${sessionId}`, sk: 'TRANSFER' }),
  /** The local Stripe stand-in's record of a subscription-mode Checkout Session. */
  stripeSubscriptionCheckout: (checkoutId: string) => ({ pk: `LOCALSTRIPE#${checkoutId}`, sk: 'SUBSCRIPTIONCHECKOUT' }),
  /** The local Stripe stand-in's subscriptions, in one partition its clock reads whole. */
  stripeSubscriptionsPartition: 'LOCALSTRIPE#SUBSCRIPTIONS',
  stripeSubscription: (stripeSubscriptionId: string) => ({ pk: 'LOCALSTRIPE#SUBSCRIPTIONS', sk: stripeSubscriptionId }),
  /** The local Stripe stand-in's invoice of a subscription period. */
  stripeInvoice: (invoiceId: string) => ({ pk: `LOCALSTRIPE#${invoiceId}`, sk: 'INVOICE' }),
  /** Which invoice a charge of the local Stripe stand-in paid (a session's charge has none). */
  stripeChargeInvoice: (chargeId: string) => ({ pk: `LOCALSTRIPE#${chargeId}`, sk: 'CHARGEINVOICE' }),
  /** Which session's transfer a transfer id of the local Stripe stand-in is. */
  stripeTransferId: (transferId: string) => ({ pk: `LOCALSTRIPE#${transferId}`, sk: 'TRANSFERID' }),
  /** The local Stripe stand-in's platform balance transactions, in time order. */
  stripeBalancePartition: 'LOCALSTRIPE#BALANCE',
  stripeBalanceTransaction: (created: string, transactionId: string) => ({
    pk: 'LOCALSTRIPE#BALANCE',
    sk: `${created}#${transactionId}`,
  }),
};
