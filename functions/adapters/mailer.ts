import { awsClientSettings } from '../runtime/dependency-budget';
import { timed } from '../runtime/dependency-latency';
import { injectedOrCloud } from './injected';
import { onFirstUse } from './on-first-use';
import type { Mailer } from '../domain/ports';

declare module './injected' {
  interface InjectedAdapters {
    mailer?: Mailer;
  }
}

/** Production: Amazon SES, from the verified sender identity. */
export function sesMailer(from: string): Mailer {
  // The SES client loads with the first e-mail, so a request that sends none never loads it.
  const ses = onFirstUse(async () => {
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    return { client: timed(new SESv2Client(awsClientSettings())), SendEmailCommand };
  });
  return {
    async send(mail) {
      const { client, SendEmailCommand } = await ses();
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

/** The mailer this environment uses: the one the host injected (the local mailbox), SES otherwise. */
export function mailerFromEnvironment(): Mailer {
  return injectedOrCloud('mailer', () => {
    const from = process.env.MAIL_FROM;
    if (!from) throw new Error('MAIL_FROM is not set');
    return sesMailer(from);
  });
}
