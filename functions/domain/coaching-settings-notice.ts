import { escapeHtml } from './html';

/**
 * An e-mail that tells a mentor something changed and sends them to their coaching settings to act:
 * a greeting, what happened (`lead`), what to do (`action`) and the link.
 */
export function coachingSettingsNotice(notice: {
  mentor: { email: string; firstName: string };
  subject: string;
  lead: string;
  action: string;
  siteOrigin: string;
  linkLabel: string;
}) {
  const { mentor, lead, action } = notice;
  const settings = `${notice.siteOrigin}/settings?tab=coaching`;
  return {
    to: mentor.email,
    subject: notice.subject,
    text: [`Hello ${mentor.firstName},`, '', lead, '', action, settings, ''].join('\n'),
    html: `<p>Hello ${escapeHtml(mentor.firstName)},</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(action)}</p>
<p><a href="${escapeHtml(settings)}">${escapeHtml(notice.linkLabel)}</a></p>`,
  };
}
