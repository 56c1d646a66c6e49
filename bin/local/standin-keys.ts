/**
 * Table keys of the local stand-ins' own records (their Stripe "accounts"). Only the
 * local stack writes them; no deployed function knows them.
 */
export const standInKeys = {
  /** The local Stripe stand-in's own record of a connected account. */
  stripeAccount: (accountId: string) => ({ pk: `LOCALSTRIPE#${accountId}`, sk: 'ACCOUNT' }),
  /** The local Stripe stand-in's record of a Checkout Session. */
  stripeCheckout: (checkoutId: string) => ({ pk: `LOCALSTRIPE#${checkoutId}`, sk: 'CHECKOUT' }),
  /** Which checkout or invoice a PaymentIntent, charge or refund id of the local Stripe stand-in belongs to. */
  stripeChargeOwner: (id: string) => ({ pk: `LOCALSTRIPE#${id}`, sk: 'CHARGEOWNER' }),
  /** The local Stripe stand-in's transfers, in one partition its transfer lists read whole. */
  stripeTransfersPartition: 'LOCALSTRIPE#TRANSFERS',
  stripeTransfer: (transferId: string) => ({ pk: 'LOCALSTRIPE#TRANSFERS', sk: transferId }),
  /** The local Stripe stand-in's record of a subscription-mode Checkout Session. */
  stripeSubscriptionCheckout: (checkoutId: string) => ({ pk: `LOCALSTRIPE#${checkoutId}`, sk: 'SUBSCRIPTIONCHECKOUT' }),
  /** The local Stripe stand-in's subscriptions, in one partition its clock reads whole. */
  stripeSubscriptionsPartition: 'LOCALSTRIPE#SUBSCRIPTIONS',
  stripeSubscription: (stripeSubscriptionId: string) => ({ pk: 'LOCALSTRIPE#SUBSCRIPTIONS', sk: stripeSubscriptionId }),
  /** The local Stripe stand-in's invoice of a subscription period. */
  stripeInvoice: (invoiceId: string) => ({ pk: `LOCALSTRIPE#${invoiceId}`, sk: 'INVOICE' }),
  /** The local Stripe stand-in's platform balance transactions, in time order. */
  stripeBalancePartition: 'LOCALSTRIPE#BALANCE',
  stripeBalanceTransaction: (created: string, transactionId: string) => ({
    pk: 'LOCALSTRIPE#BALANCE',
    sk: `${created}#${transactionId}`,
  }),
};
