import { appendFile } from 'node:fs/promises';
import type { SESv2Client } from '@aws-sdk/client-sesv2';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface StoredMail extends Mail {
  sentAt: string;
}

/** Production: Amazon SES, from the verified sender identity. */
export function sesMailer(from: string): Mailer {
  // The SES client loads with the first e-mail, so the paths that send none never load it.
  let client: SESv2Client | undefined;
  return {
    async send(mail) {
      const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
      client ??= new SESv2Client({});
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
              Attachments: mail.attachments?.map((attachment) => ({
                FileName: attachment.filename,
                ContentType: attachment.contentType,
                RawContent: Buffer.from(attachment.content, 'utf8'),
              })),
            },
          },
        }),
      );
    },
  };
}

/** Local stack: one JSON line per mail in a file the local server shows at /_local/mail. */
export function mailboxFileMailer(file: string): Mailer {
  return {
    async send(mail) {
      const stored: StoredMail = { ...mail, sentAt: new Date().toISOString() };
      await appendFile(file, `${JSON.stringify(stored)}\n`, 'utf8');
    },
  };
}

/** The mailer this environment uses: the local mailbox when the local stack set one, SES otherwise. */
export function mailerFromEnvironment(): Mailer {
  const mailboxFile = process.env.LOCAL_MAILBOX_FILE;
  if (mailboxFile) return mailboxFileMailer(mailboxFile);
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  return sesMailer(from);
}
