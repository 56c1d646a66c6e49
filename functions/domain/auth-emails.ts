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
 * The code goes in unencoded: in the cloud it is Cognito's `{####}` placeholder, which Cognito
 * replaces with the digits only where it finds it verbatim.
 */
export function authEmailLink(kind: AuthEmailKind, siteOrigin: string, email: string, code: string): string {
  const [path, codeParameter] = kind === 'signUp' ? ['/', 'confirm'] : ['/reset-password', 'code'];
  return `${siteOrigin}${path}?${codeParameter}=${code}&email=${encodeURIComponent(email)}`;
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
