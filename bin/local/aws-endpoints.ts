import http from 'node:http';
import { answerAwsError } from './aws-local';
import { type LocalKmsKey, serveKmsEndpoint } from './kms-endpoint';
import type { RequestLog } from './request-log';
import { serveSesEndpoint } from './ses-endpoint';

export interface AwsEndpoints {
  stop(): Promise<void>;
}

/**
 * The AWS services the product's adapters call that have no emulator of their own, on one port as
 * LocalStack serves them (4566, its port): SES v2 (REST-JSON, `/v2/email/…`) and KMS (JSON 1.1,
 * `X-Amz-Target: TrentService.…`). Started before anything that runs a job, so a job due at start-up finds them.
 */
export function startAwsEndpoints(options: {
  port: number;
  mailboxFile: string;
  kmsKey: LocalKmsKey;
  requestLog: RequestLog;
}): Promise<AwsEndpoints> {
  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (String(req.headers['x-amz-target'] ?? '').startsWith('TrentService.'))
      return serveKmsEndpoint(req, res, options.kmsKey, options.requestLog);
    if (url.pathname.startsWith('/v2/email/'))
      return serveSesEndpoint(req, res, url, options.mailboxFile, options.requestLog);
    answerAwsError(res, 404, 'UnknownOperationException', {
      message: `The local AWS endpoints have no ${req.method} ${url.pathname}.`,
    });
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error('[local aws]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () =>
      resolve({
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
