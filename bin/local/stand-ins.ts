import type { TokenCipher } from '../../functions/domain/ports';
import type { HostPorts } from '../../functions/runtime/composition-root';
import { mailboxFileMailer } from './mailbox';

/**
 * The local process's composition: the ports the local stack stands in for, which it gives the
 * composition root (functions/runtime/composition-root.ts) before any handler runs. The mailbox
 * instead of SES and a key under `.local/` instead of KMS. Everything else the root builds from the
 * configuration the stack sets: the emulators, and the stand-ins that speak HTTP (Stripe's API,
 * bin/local/stripe-api; the calendars, Zoom and Calendly; the NPI Registry; EventBridge Scheduler
 * and Lambda, bin/local/scheduler.ts and lambda-service.ts).
 */
export function localPorts(options: { mailboxFile: string; tokenCipher: TokenCipher }): HostPorts {
  return {
    mailer: mailboxFileMailer(options.mailboxFile),
    tokenCipher: options.tokenCipher,
  };
}
