import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerAwsError, LOCAL_AWS } from './aws-local';
import { jsonObject, readAwsRequest, type SignatureProblem, signatureProblem } from './aws-request';
import { appendToMailbox } from './mailbox';
import type { RequestLog } from './request-log';

/** The sender identity verified in the local SES, as the stage's mail stack verifies MAIL_FROM's. */
export const LOCAL_MAIL_DOMAIN = 'physicianmentors.example';
export const LOCAL_MAIL_FROM = `no-reply@${LOCAL_MAIL_DOMAIN}`;

/** SES v2's message size limit, attachments included (docs.aws.amazon.com/ses/latest/dg/quotas.html). */
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** To, Cc and Bcc together (the same quotas page). */
const MAX_RECIPIENTS = 50;

type SesError = {
  status: number;
  type: 'BadRequestException' | 'MessageRejected' | 'NotFoundException' | SignatureProblem['type'];
  message: string;
};

const refuse = (type: SesError['type'], message: string): SesError => ({
  status: type === 'NotFoundException' ? 404 : 400,
  type,
  message,
});

const answerError = (res: ServerResponse, error: SesError) =>
  answerAwsError(res, error.status, error.type, { message: error.message });

/** `Name <address>` or a bare address, as SES takes them; the address alone. */
const addressOf = (mailbox: string) => /<([^<>]*)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();
const isAddress = (address: string) => /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",.]+$/.test(address);

const text = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && typeof (value as { Data?: unknown }).Data === 'string'
    ? (value as { Data: string }).Data
    : undefined;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

interface Attachment {
  FileName?: unknown;
  ContentType?: unknown;
  RawContent?: unknown;
}

/** A SendEmail request as SES checks it before it accepts the message, or why SES refuses it. */
function checkedMail(request: Record<string, unknown>) {
  const content = request.Content as
    | { Simple?: Record<string, unknown>; Raw?: unknown; Template?: unknown }
    | undefined;
  if (!content || typeof content !== 'object')
    return refuse('BadRequestException', 'Missing required parameter Content.');
  if (content.Raw !== undefined || content.Template !== undefined)
    return refuse(
      'BadRequestException',
      'The local SES endpoint takes Simple content only: the product sends no other.',
    );
  const simple = content.Simple;
  if (!simple) return refuse('BadRequestException', 'Content must have one of Simple, Raw or Template.');
  if (typeof request.FromEmailAddress !== 'string')
    return refuse('BadRequestException', 'Missing required parameter FromEmailAddress.');
  const from = addressOf(request.FromEmailAddress);
  if (!isAddress(from)) return refuse('BadRequestException', `Illegal address: ${request.FromEmailAddress}`);
  const destination = (request.Destination ?? {}) as Record<string, unknown>;
  const recipients = [
    ...strings(destination.ToAddresses),
    ...strings(destination.CcAddresses),
    ...strings(destination.BccAddresses),
  ];
  if (recipients.length === 0)
    return refuse('BadRequestException', 'Missing required parameter Destination: at least one recipient.');
  if (recipients.length > MAX_RECIPIENTS) return refuse('BadRequestException', 'Recipient count exceeds 50.');
  const illegal = recipients.find((recipient) => !isAddress(addressOf(recipient)));
  if (illegal !== undefined) return refuse('BadRequestException', `Illegal address: ${illegal}`);
  const subject = text(simple.Subject);
  if (subject === undefined) return refuse('BadRequestException', 'Missing required parameter Subject.');
  const body = (simple.Body ?? {}) as Record<string, unknown>;
  const [plain, html] = [text(body.Text), text(body.Html)];
  if (plain === undefined && html === undefined)
    return refuse('BadRequestException', 'The message body must have a Text or an Html part.');
  const attachments = Array.isArray(simple.Attachments) ? (simple.Attachments as Attachment[]) : [];
  if (attachments.some((file) => typeof file.FileName !== 'string' || typeof file.RawContent !== 'string'))
    return refuse('BadRequestException', 'Each attachment needs a FileName and its RawContent.');
  // The MIME message's length, near enough: the parts as sent, each attachment base64-encoded as in the request.
  const length =
    Buffer.byteLength(subject) +
    Buffer.byteLength(plain ?? '') +
    Buffer.byteLength(html ?? '') +
    attachments.reduce((sum, file) => sum + (file.RawContent as string).length, 0);
  if (length > MAX_MESSAGE_BYTES)
    return refuse('BadRequestException', `Message length is more than ${MAX_MESSAGE_BYTES} bytes long: '${length}'.`);
  if (from !== LOCAL_MAIL_FROM && from.split('@')[1] !== LOCAL_MAIL_DOMAIN)
    return refuse(
      'MessageRejected',
      `Email address is not verified. The following identities failed the check in region ${LOCAL_AWS.region.toUpperCase()}: ${request.FromEmailAddress}`,
    );
  return {
    from: request.FromEmailAddress,
    to: recipients.join(', '),
    subject,
    text: plain ?? '',
    html: html ?? '',
    attachments: attachments.map((file) => ({
      filename: file.FileName as string,
      contentType: typeof file.ContentType === 'string' ? file.ContentType : 'application/octet-stream',
      content: Buffer.from(file.RawContent as string, 'base64').toString('utf8'),
    })),
  };
}

/**
 * Amazon SES v2's API (REST-JSON) as far as the product uses it, `SendEmail` with
 * Simple content (POST /v2/email/outbound-emails): refused as SES refuses it (unsigned or signed
 * with other credentials, no sender, a sender other than the verified identity, no recipient or more
 * than 50, a message over 40 MB), else put in the local mailbox (/_local/mailbox). Each call is in the request log under `ses`.
 */
export async function serveSesEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  mailboxFile: string,
  requestLog: RequestLog,
): Promise<void> {
  if (req.method !== 'POST' || url.pathname !== '/v2/email/outbound-emails') {
    requestLog.recordOnAnswer('ses', req, res);
    return answerError(
      res,
      refuse('NotFoundException', `The local SES endpoint has no ${req.method} ${url.pathname}.`),
    );
  }
  requestLog.recordOnAnswer('ses', req, res, { action: 'SendEmail' });
  const { body, length, complete } = await readAwsRequest(req, 2 * MAX_MESSAGE_BYTES);
  if (!complete)
    return answerError(
      res,
      refuse('BadRequestException', `Message length is more than ${MAX_MESSAGE_BYTES} bytes long: '${length}'.`),
    );
  const unsigned = signatureProblem(req, body, 'ses');
  // SES's REST API refuses an unauthenticated request with 403.
  if (unsigned) return answerError(res, { status: 403, ...unsigned });
  const request = jsonObject(body);
  if (!request) return answerError(res, refuse('BadRequestException', 'The request body is not a JSON object.'));
  const mail = checkedMail(request);
  if ('status' in mail) return answerError(res, mail);
  const messageId = `0100${Date.now().toString(16)}-${randomUUID()}-000000`;
  await appendToMailbox(mailboxFile, { ...mail, messageId, sentAt: new Date().toISOString() });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ MessageId: messageId }));
}
