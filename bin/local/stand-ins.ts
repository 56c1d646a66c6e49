import type { TokenCipher } from '../../functions/domain/ports';
import type { HostPorts } from '../../functions/runtime/composition-root';
import { mailboxFileMailer } from './mailbox';
import type { LocalScheduler } from './scheduler';

/**
 * The local process's composition: the ports the local stack stands in for, which it gives the
 * composition root (functions/runtime/composition-root.ts) before any handler runs. The mailbox
 * instead of SES, a key under `.local/` instead of KMS, the local scheduler's timers and job runner
 * instead of Scheduler and Lambda. Everything else the root builds from the configuration the stack
 * sets: the emulators, and the stand-ins that speak HTTP (Stripe's API, bin/local/stripe-api; the
 * calendars, Zoom and Calendly; the NPI Registry).
 */
export function localPorts(options: {
  mailboxFile: string;
  tokenCipher: TokenCipher;
  scheduler: LocalScheduler;
}): HostPorts {
  return {
    mailer: mailboxFileMailer(options.mailboxFile),
    tokenCipher: options.tokenCipher,
    ...options.scheduler.ports,
  };
}
