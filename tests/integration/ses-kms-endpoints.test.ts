import {
  EncryptCommand,
  InvalidCiphertextException,
  KMSClient,
  KMSServiceException,
  NotFoundException,
} from '@aws-sdk/client-kms';
import { BadRequestException, MessageRejected, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_AWS } from '../../bin/local/aws-local';
import { readMailbox } from '../../bin/local/mailbox';
import { sesMailer } from '../../functions/adapters/mailer';
import { kmsTokenCipher } from '../../functions/adapters/token-cipher';
import { withTestStack } from '../support/handler-kit';

/**
 * The production SES and KMS adapters against the local endpoints, through the AWS SDK, pointed
 * there only by the SDK's own settings (AWS_ENDPOINT_URL_SESV2, AWS_ENDPOINT_URL_KMS) the stack sets.
 */

const local = withTestStack();

beforeEach(() => local.stack.requestLog.clear());

const logged = async (provider: 'ses' | 'kms') =>
  ((await (await fetch(`${local.stack.apiUrl}/_local/logs?provider=${provider}`)).json()) as { requests: unknown[] })
    .requests;

const mail = (to: string) => ({
  to,
  subject: 'Session confirmed',
  text: 'Your session is at 10:00.',
  html: '<p>Your session is at <strong>10:00</strong>.</p>',
  attachments: [
    {
      filename: 'session.ics',
      contentType: 'text/calendar; method=REQUEST',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    },
  ],
});

const sesClient = () => new SESv2Client({ ...LOCAL_AWS, maxAttempts: 1 });

describe('the local SES endpoint', () => {
  it('puts what the SES adapter sends in the mailbox, attachment and all, and logs SendEmail', async () => {
    await sesMailer(process.env.MAIL_FROM as string).send(mail('mentee@ses.example'));

    const [stored] = (await readMailbox(local.stack.mailboxFile)).filter((each) => each.to === 'mentee@ses.example');
    expect(stored).toMatchObject({ ...mail('mentee@ses.example'), from: process.env.MAIL_FROM });
    expect(stored?.messageId).toEqual(expect.any(String));
    const page = await (await fetch(`${local.stack.apiUrl}/_local/mailbox`)).text();
    expect(page).toContain('Attached: session.ics');
    expect(await logged('ses')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v2/email/outbound-emails', action: 'SendEmail', status: 200 }),
    ]);
  });

  it('refuses a sender other than the verified identity with MessageRejected', async () => {
    await expect(sesMailer('someone@elsewhere.example').send(mail('mentee@ses.example'))).rejects.toBeInstanceOf(
      MessageRejected,
    );
    expect(await logged('ses')).toEqual([expect.objectContaining({ action: 'SendEmail', status: 400 })]);
  });

  it('refuses a message over 40 MB with BadRequestException and keeps nothing', async () => {
    const before = (await readMailbox(local.stack.mailboxFile)).length;
    // 31 MB of attachment is over 41 MB once base64-encoded, as SES counts it.
    const huge = {
      ...mail('mentee@ses.example'),
      attachments: [{ filename: 'big.txt', contentType: 'text/plain', content: 'x'.repeat(31 * 1024 * 1024) }],
    };
    const refusal = await sesMailer(process.env.MAIL_FROM as string)
      .send(huge)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BadRequestException);
    expect((refusal as Error).message).toMatch(/^Message length is more than 41943040 bytes long/);
    expect((await readMailbox(local.stack.mailboxFile)).length).toBe(before);
  });

  it('refuses no sender, no recipient and more than 50 recipients with BadRequestException', async () => {
    const content = { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hi' } } } };
    const from = process.env.MAIL_FROM as string;
    const client = sesClient();
    const refusals = [
      { Destination: { ToAddresses: ['a@ses.example'] }, Content: content },
      { FromEmailAddress: from, Destination: { ToAddresses: [] }, Content: content },
      {
        FromEmailAddress: from,
        Destination: {
          ToAddresses: Array.from({ length: 26 }, (_, n) => `to${n}@ses.example`),
          BccAddresses: Array.from({ length: 25 }, (_, n) => `bcc${n}@ses.example`),
        },
        Content: content,
      },
      { FromEmailAddress: from, Destination: { ToAddresses: ['not an address'] }, Content: content },
    ];
    for (const input of refusals)
      await expect(client.send(new SendEmailCommand(input))).rejects.toBeInstanceOf(BadRequestException);
    const fifty = Array.from({ length: 50 }, (_, n) => `to${n}@ses.example`);
    await client.send(
      new SendEmailCommand({ FromEmailAddress: from, Destination: { ToAddresses: fifty }, Content: content }),
    );
    expect((await logged('ses')).map((request) => (request as { status: number }).status)).toEqual([
      400, 400, 400, 400, 200,
    ]);
  });
  it('refuses an unsigned request (403 MissingAuthenticationTokenException) and a wrong secret (InvalidSignatureException)', async () => {
    const unsigned = await fetch(`${process.env.AWS_ENDPOINT_URL_SESV2}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    const forged = new SESv2Client({
      region: LOCAL_AWS.region,
      credentials: { accessKeyId: LOCAL_AWS.credentials.accessKeyId, secretAccessKey: 'not-the-secret' },
      maxAttempts: 1,
    });
    const input = {
      FromEmailAddress: process.env.MAIL_FROM,
      Destination: { ToAddresses: ['a@ses.example'] },
      Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hi' } } } },
    };
    await expect(forged.send(new SendEmailCommand(input))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 403 },
    });
  });
});

describe('the local KMS endpoint', () => {
  const context = { purpose: 'mentor-calendar', userId: 'mentor-1', provider: 'google' };
  const cipher = () => kmsTokenCipher(process.env.TOKEN_KEY_ID as string);

  it('seals under the stack key with the encryption context, opens with the same context, and logs both calls', async () => {
    const sealed = await cipher().encrypt('{"refreshToken":"google-refresh-1"}', context);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('google-refresh-1');
    expect(await cipher().decrypt(sealed, { ...context })).toBe('{"refreshToken":"google-refresh-1"}');
    expect(await logged('kms')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/', action: 'Encrypt', status: 200 }),
      expect.objectContaining({ method: 'POST', path: '/', action: 'Decrypt', status: 200 }),
    ]);
  });

  it('refuses to open with another encryption context, or an altered ciphertext: InvalidCiphertextException', async () => {
    const sealed = await cipher().encrypt('secret', context);
    await expect(cipher().decrypt(sealed, { ...context, userId: 'mentor-2' })).rejects.toBeInstanceOf(
      InvalidCiphertextException,
    );
    await expect(cipher().decrypt(sealed, {})).rejects.toBeInstanceOf(InvalidCiphertextException);
    const altered = Buffer.from(sealed, 'base64');
    altered[altered.length - 1] = (altered.at(-1) as number) ^ 1;
    await expect(cipher().decrypt(altered.toString('base64'), context)).rejects.toBeInstanceOf(
      InvalidCiphertextException,
    );
    expect((await logged('kms')).map((request) => (request as { status: number }).status)).toEqual([
      200, 400, 400, 400,
    ]);
  });

  it('refuses a key that is not the stack key (NotFoundException) and a plaintext over 4096 bytes (ValidationException)', async () => {
    const unknown = kmsTokenCipher(
      `arn:aws:kms:${LOCAL_AWS.region}:000000000000:key/00000000-0000-4000-8000-000000000000`,
    );
    await expect(unknown.encrypt('secret', context)).rejects.toBeInstanceOf(NotFoundException);
    await expect(unknown.decrypt(await cipher().encrypt('secret', context), context)).rejects.toBeInstanceOf(
      NotFoundException,
    );
    expect(await cipher().decrypt(await cipher().encrypt('x'.repeat(4096), context), context)).toHaveLength(4096);
    // KMS's model lists no ValidationException, so the SDK gives its service exception by that name.
    const tooLong = await cipher()
      .encrypt('x'.repeat(4097), context)
      .catch((error: unknown) => error);
    expect(tooLong).toBeInstanceOf(KMSServiceException);
    expect(tooLong).toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
  });

  it('refuses a request signed with an access key it does not know: UnrecognizedClientException', async () => {
    const stranger = new KMSClient({
      region: LOCAL_AWS.region,
      credentials: { accessKeyId: 'AKIASTRANGER', secretAccessKey: 'x' },
      maxAttempts: 1,
    });
    const encrypt = new EncryptCommand({ KeyId: process.env.TOKEN_KEY_ID, Plaintext: Buffer.from('secret') });
    await expect(stranger.send(encrypt)).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      $metadata: { httpStatusCode: 400 },
    });
  });
});
