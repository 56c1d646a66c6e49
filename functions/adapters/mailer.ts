import { awsClientSettings } from '../runtime/dependency-budget';
import { timed } from '../runtime/dependency-latency';
import { onFirstUse } from './on-first-use';
import type { Mailer } from '../domain/ports';

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
