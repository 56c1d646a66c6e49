import type { TokenCipher } from '../../functions/domain/ports';
import type { HostPorts } from '../../functions/runtime/composition-root';
import { localCalendar } from './calendly-calendar';
import { mailboxFileMailer } from './mailbox';
import type { LocalScheduler } from './scheduler';
import { localMeetings } from './zoom-meetings';

/**
 * The local process's composition: the ports the local stack stands in for, which it gives the
 * composition root (functions/runtime/composition-root.ts) before any handler runs. The mailbox
 * instead of SES, a key under `.local/` instead of KMS, the local scheduler's timers and job runner
 * instead of Scheduler and Lambda, and the Zoom and Calendly stand-ins unless that service's own
 * credentials are set (then the handlers reach the real service, in its test mode). Everything else
 * the root builds from the configuration the stack sets: the emulators, and the stand-ins that speak
 * HTTP (Stripe's API, bin/local/stripe-api; the calendars; the NPI Registry).
 */
export function localPorts(options: {
  siteOrigin: string;
  mailboxFile: string;
  tokenCipher: TokenCipher;
  scheduler: LocalScheduler;
}): HostPorts {
  const { ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET, CALENDLY_CLIENT_ID, CALENDLY_CLIENT_SECRET } = process.env;
  return {
    mailer: mailboxFileMailer(options.mailboxFile),
    tokenCipher: options.tokenCipher,
    ...options.scheduler.ports,
    meetings: ZOOM_CLIENT_ID && ZOOM_CLIENT_SECRET ? undefined : localMeetings(options.siteOrigin),
    externalCalendar: CALENDLY_CLIENT_ID && CALENDLY_CLIENT_SECRET ? undefined : localCalendar(options.siteOrigin),
  };
}
