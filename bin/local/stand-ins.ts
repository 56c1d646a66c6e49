import { injectAdapters } from '../../functions/adapters/injected';
import { localCalendar } from './calendly-calendar';
import { mailboxFileMailer } from './mailbox';
import { localMeetings } from './zoom-meetings';
import type { TokenCipher } from '../../functions/domain/ports';

/**
 * Puts the local stack's stand-ins where the handlers look for their adapters: the mailbox
 * instead of SES, a key under `.local/` instead of KMS, and the Zoom and Calendly stand-ins unless that service's own
 * credentials are set (then the handlers reach the real service, in its test mode). Stripe's
 * stand-in is reached over HTTP instead (bin/local/stripe-api), by the product's own adapter.
 */
export function injectLocalStandIns(options: {
  siteOrigin: string;
  mailboxFile: string;
  tokenCipher: TokenCipher;
}): void {
  const { ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET, CALENDLY_CLIENT_ID, CALENDLY_CLIENT_SECRET } = process.env;
  injectAdapters({
    mailer: mailboxFileMailer(options.mailboxFile),
    tokenCipher: options.tokenCipher,
    meetings: ZOOM_CLIENT_ID && ZOOM_CLIENT_SECRET ? undefined : localMeetings(options.siteOrigin),
    externalCalendar: CALENDLY_CLIENT_ID && CALENDLY_CLIENT_SECRET ? undefined : localCalendar(options.siteOrigin),
  });
}

export function removeLocalStandIns(): void {
  injectAdapters({
    mailer: undefined,
    meetings: undefined,
    externalCalendar: undefined,
    tokenCipher: undefined,
  });
}
