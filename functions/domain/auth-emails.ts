/**
 * The e-mails Cognito sends, written by us. Cognito sends codes, not links, so each mail links to
 * the SPA with the code in the URL and the user still just clicks (ARCHITECTURE section 6).
 * Used by the CustomMessage trigger in the cloud and by the local stack's cognito-local delivery.
 */
import { escapeHtml } from './html';

export type AuthEmailKind = 'signUp' | 'forgotPassword';

export interface AuthEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The code and address go in the fragment, which browsers never send: no server, CloudFront log or
 * Referer keeps them. The code goes in unencoded: in the cloud it is Cognito's `{####}` placeholder, which Cognito
 * replaces with the digits only where it finds it verbatim.
 */
export function authEmailLink(kind: AuthEmailKind, siteOrigin: string, email: string, code: string): string {
  const [path, codeParameter] = kind === 'signUp' ? ['/', 'confirm'] : ['/reset-password', 'code'];
  return `${siteOrigin}${path}#${codeParameter}=${code}&email=${encodeURIComponent(email)}`;
}

export function authEmail(kind: AuthEmailKind, siteOrigin: string, email: string, code: string): AuthEmail {
  const link = authEmailLink(kind, siteOrigin, email, code);
  const copy =
    kind === 'signUp'
      ? {
          subject: 'Confirm your Physician Mentors account',
          lead: 'Welcome to Physician Mentors. Confirm your e-mail address to finish creating your account.',
          action: 'Confirm my account',
          expiry: 'The link works for 24 hours.',
        }
      : {
          subject: 'Reset your Physician Mentors password',
          lead: 'We received a request to reset your password. If it was not you, ignore this e-mail.',
          action: 'Choose a new password',
          expiry: 'The link works for 1 hour; after that, ask for a new one on the sign-in page.',
        };
  const text = `${copy.lead}\n\n${copy.action}: ${link}\n${copy.expiry}\n\nYour code: ${code}\n`;
  const html = `<p>${escapeHtml(copy.lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(copy.action)}</a></p><p>${escapeHtml(copy.expiry)}</p><p>Your code: <strong>${escapeHtml(code)}</strong></p>`;
  return { subject: copy.subject, text, html };
}

/**
 * What the owner of an address gets when someone signs up with it again: the sign-up itself answers
 * as for a new address, so it never tells a stranger which addresses have accounts.
 */
export function accountExistsEmail(siteOrigin: string): AuthEmail {
  const signIn = `${siteOrigin}/`;
  const reset = `${siteOrigin}/forgot-password`;
  const lead =
    'Someone, perhaps you, tried to create a Physician Mentors account with this e-mail address, which already has one. If it was not you, you can ignore this e-mail: nothing changed.';
  const text = `${lead}\n\nSign in: ${signIn}\nForgot your password? ${reset}\n`;
  const html = `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(signIn)}">Sign in</a> · <a href="${escapeHtml(reset)}">Forgot your password?</a></p>`;
  return { subject: 'You already have a Physician Mentors account', text, html };
}

/**
 * The account's owner is told of every new password, so a change they did not make (a stolen
 * session, a reset from a mailbox someone else reads) does not go unnoticed.
 */
export function passwordChangedEmail(siteOrigin: string, how: 'changed' | 'reset'): AuthEmail {
  const reset = `${siteOrigin}/forgot-password`;
  const lead =
    how === 'changed'
      ? 'The password of your Physician Mentors account was changed in your account settings.'
      : 'The password of your Physician Mentors account was reset with a link sent to this address.';
  const warning = 'If this was not you, reset your password now, so that only you can sign in.';
  const text = `${lead} If it was you, there is nothing more to do.\n\n${warning}\nReset your password: ${reset}\n`;
  const html = `<p>${escapeHtml(lead)} If it was you, there is nothing more to do.</p><p>${escapeHtml(warning)}</p><p><a href="${escapeHtml(reset)}">Reset your password</a></p>`;
  return { subject: 'Your Physician Mentors password was changed', text, html };
}
