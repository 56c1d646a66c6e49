import path from 'node:path';
import ts from 'typescript';

/** Each kind (Stripe's `object` value) and its type in the SDK. */
export const STRIPE_KINDS = {
  account: 'Stripe.Account',
  account_link: 'Stripe.AccountLink',
  login_link: 'Stripe.LoginLink',
  'checkout.session': 'Stripe.Checkout.Session',
  payment_intent: 'Stripe.PaymentIntent',
  charge: 'Stripe.Charge',
  refund: 'Stripe.Refund',
  dispute: 'Stripe.Dispute',
  transfer: 'Stripe.Transfer',
  transfer_reversal: 'Stripe.TransferReversal',
  balance_transaction: 'Stripe.BalanceTransaction',
  subscription: 'Stripe.Subscription',
  subscription_item: 'Stripe.SubscriptionItem',
  price: 'Stripe.Price',
  invoice: 'Stripe.Invoice',
  line_item: 'Stripe.InvoiceLineItem',
  invoice_payment: 'Stripe.InvoicePayment',
  event: 'Stripe.Event',
} as const;

export type StripeKind = keyof typeof STRIPE_KINDS;

/** Where the checked source seems to live: inside the repository, so `import type Stripe from 'stripe'` resolves. */
const VIRTUAL_FILE = path.resolve(import.meta.dirname, '..', 'stripe-types.virtual.ts');

/**
 * A strict TypeScript program over `source`, a file that exists only in memory and may import the
 * installed `stripe` SDK's types: what the shapes script reads Stripe's types from and what the
 * shapes test checks the stand-in's answers against.
 */
export function stripeTypeProgram(source: string) {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const virtual = ts.createSourceFile(VIRTUAL_FILE, source, ts.ScriptTarget.ES2022, true);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, ...rest) => (file === VIRTUAL_FILE ? virtual : getSourceFile.call(host, file, ...rest));
  const fileExists = host.fileExists;
  host.fileExists = (file) => file === VIRTUAL_FILE || fileExists.call(host, file);
  const program = ts.createProgram([VIRTUAL_FILE], options, host);
  return {
    checker: program.getTypeChecker(),
    sourceFile: virtual,
    /** Every error in the source, with its line (from 1). */
    errors: () =>
      ts.getPreEmitDiagnostics(program, virtual).map((diagnostic) => ({
        line: diagnostic.start === undefined ? 0 : virtual.getLineAndCharacterOfPosition(diagnostic.start).line + 1,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      })),
  };
}
