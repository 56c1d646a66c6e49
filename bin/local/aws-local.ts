import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Fixed dummy credentials, region and account for every local emulator: DynamoDB Local keeps one
 * data file per key and region, so changing either would make the data seem to vanish.
 */
export const LOCAL_AWS = {
  region: 'us-east-1',
  accountId: '000000000000',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
} as const;

/** A local Lambda function's ARN: the local stack names each job's function after its operation. */
export const localFunctionArn = (name: string) =>
  `arn:aws:lambda:${LOCAL_AWS.region}:${LOCAL_AWS.accountId}:function:${name}`;

/** An AWS REST-JSON service's error: the SDK picks its error class by `x-amzn-ErrorType`. */
export function answerAwsError(res: ServerResponse, status: number, type: string, body: Record<string, unknown>) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-ErrorType': type });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
