import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestLog } from '../../bin/local/request-log';

/**
 * CloudFront's REST-XML API for the two calls functions/adapters/distribution-config.ts makes:
 * GetDistributionConfig and UpdateDistribution, guarded by the ETag as CloudFront guards them
 * (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_UpdateDistribution.html): no
 * If-Match is InvalidIfMatchVersion (400), a stale one PreconditionFailed (412), a changed
 * CallerReference IllegalUpdate (400), an unknown id NoSuchDistribution (404). The configuration is
 * kept as the XML the SDK sent. Point the SDK at it with AWS_ENDPOINT_URL_CLOUDFRONT.
 */
export interface CloudFrontStandIn {
  url: string;
  /** A distribution whose configuration is `configXml` (a `<DistributionConfig>` element). */
  createDistribution(id: string, configXml: string): void;
  /** Every origin custom header's value named `header`, as CloudFront now sends them. */
  headerValues(id: string, header: string): string[];
  /** Another writer's change (a deployment), which makes the ETag a reader holds stale. */
  touch(id: string): void;
  stop(): Promise<void>;
}

const API_PATH = /^\/2020-05-31\/distribution\/([^/]+)\/config$/;
const callerReference = (xml: string) => /<CallerReference>([^<]*)<\/CallerReference>/.exec(xml)?.[1];

export async function startCloudFrontStandIn(options: { log: RequestLog }): Promise<CloudFrontStandIn> {
  const distributions = new Map<string, { xml: string; etag: string; version: number }>();
  let etags = 0;
  const nextEtag = () => `E${(++etags).toString(36).toUpperCase().padStart(13, 'X')}`;

  const error = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'text/xml' });
    res.end(
      `<?xml version="1.0"?><ErrorResponse xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>standin</RequestId></ErrorResponse>`,
    );
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = API_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname)?.[1];
    const action = req.method === 'PUT' ? 'UpdateDistribution' : 'GetDistributionConfig';
    options.log.recordOnAnswer('cloudfront', req, res, { action });
    if (
      !/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/cloudfront\/aws4_request/.test(
        String(req.headers.authorization ?? ''),
      )
    )
      return error(res, 403, 'MissingAuthenticationToken', 'Missing Authentication Token');
    const distribution = id ? distributions.get(id) : undefined;
    if (!id || (req.method !== 'GET' && req.method !== 'PUT'))
      return error(res, 404, 'NoSuchResource', 'The specified resource does not exist.');
    if (!distribution) return error(res, 404, 'NoSuchDistribution', 'The specified distribution does not exist.');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/xml', etag: distribution.etag });
      return res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${distribution.xml}`);
    }
    const ifMatch = req.headers['if-match'];
    if (!ifMatch) return error(res, 400, 'InvalidIfMatchVersion', 'The If-Match version is missing or not valid.');
    if (ifMatch !== distribution.etag)
      return error(
        res,
        412,
        'PreconditionFailed',
        'The precondition in one or more of the request fields evaluated to false.',
      );
    const xml = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^<\?xml[^>]*>\s*/, '');
    if (callerReference(xml) !== callerReference(distribution.xml))
      return error(res, 400, 'IllegalUpdate', 'The update contains modifications that are not allowed.');
    Object.assign(distribution, { xml, etag: nextEtag(), version: distribution.version + 1 });
    res.writeHead(200, { 'content-type': 'text/xml', etag: distribution.etag });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Distribution xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status>${xml}</Distribution>`,
    );
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((failure: unknown) => error(res, 500, 'InternalError', String(failure)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    createDistribution(id, configXml) {
      distributions.set(id, { xml: configXml, etag: nextEtag(), version: 1 });
    },
    headerValues(id, header) {
      const xml = distributions.get(id)?.xml ?? '';
      const pattern = new RegExp(`<HeaderName>${header}</HeaderName>\\s*<HeaderValue>([^<]*)</HeaderValue>`, 'gi');
      return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
    },
    touch(id) {
      const distribution = distributions.get(id);
      if (distribution) distribution.etag = nextEtag();
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
