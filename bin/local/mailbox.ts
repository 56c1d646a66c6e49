import { appendFile, readFile, writeFile } from 'node:fs/promises';
import type { Mail, Mailer } from '../../functions/domain/ports';
import { escapeHtml } from '../../functions/domain/html';

export interface StoredMail extends Mail {
  /** What the local SES endpoint was given (bin/local/ses-endpoint.ts); Cognito's own mails have neither. */
  from?: string;
  messageId?: string;
  sentAt: string;
}

/** One JSON line per mail in a file the local server shows at /_local/mail. */
export const appendToMailbox = (file: string, mail: StoredMail) =>
  appendFile(file, `${JSON.stringify(mail)}\n`, 'utf8');

/** The mails cognito-local sends itself (sign-up and reset codes), as Cognito does without our SES adapter. */
export function mailboxFileMailer(file: string): Mailer {
  return {
    send: (mail) => appendToMailbox(file, { ...mail, sentAt: new Date().toISOString() }),
  };
}

export async function readMailbox(file: string): Promise<StoredMail[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as StoredMail);
}

export async function ensureMailbox(file: string): Promise<void> {
  await writeFile(file, '', { flag: 'a' });
}

/** A readable page of every e-mail the app sent, newest first. */
export function mailboxPage(mails: StoredMail[]): string {
  const items = [...mails]
    .reverse()
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(new Date(mail.sentAt).toLocaleString('en-US', { timeZone: 'UTC' }))} UTC</p>
  <div class="body">${mail.html}</div>
  ${(mail.attachments ?? []).map((file) => `<p class="meta">Attached: ${escapeHtml(file.filename)} (${escapeHtml(file.contentType)})</p>`).join('')}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Physician Mentors</title>
<style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h2{margin:.25rem 0;font-size:1.15rem}.meta{color:#475569;margin:.25rem 0 1rem}a{color:#0f4c5c}
</style></head>
<body><main><h1>Local mailbox</h1>
<p>Every e-mail the local stack sent (${mails.length}). JSON at <a href="/_local/mail">/_local/mail</a>.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`;
}
