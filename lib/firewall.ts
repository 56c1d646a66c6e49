import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { TOO_MANY_REQUESTS_MESSAGE } from '../functions/domain/errors';
import type { HttpMethod } from '../functions/routes';

/** Rate rules count each client IP's requests over this window. */
export const RATE_WINDOW_SECONDS = 300;

/** Any one client IP, all paths but the Stripe webhook (Stripe's few IPs carry every event; its route has its own throttle). */
export const GENERAL_LIMIT = 2000;
const WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * Tighter limits per client IP for the requests worth abusing: sign-ups (each sends an e-mail and
 * creates an account), bookings (each holds a coach's time) and the profile a first sign-in creates.
 */
export const TIGHT_LIMITS: readonly { name: string; method: HttpMethod; path: string; limit: number }[] = [
  { name: 'SignUps', method: 'POST', path: '/api/registrations', limit: 10 },
  { name: 'Bookings', method: 'POST', path: '/api/sessions', limit: 30 },
  { name: 'FirstSignIns', method: 'POST', path: '/api/me', limit: 20 },
];

/** A blocked client gets the API's own error envelope (ARCHITECTURE section 3) as a 429, not WAF's bare 403. */
const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';
export const TOO_MANY_REQUESTS_RESPONSE = {
  status: 429,
  retryAfterSeconds: 60,
  body: { error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS_MESSAGE } },
};

// Decoded and normalised first, so /api/%72egistrations or //api/registrations is counted too.
const normalisedPath = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
];
const pathIs = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: normalisedPath,
  },
});
const methodIs = (method: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: method,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * The site's web ACL: per-client-IP rate rules in front of the CloudFront distribution, blocking
 * with a JSON 429 the SPA shows as a toast. Everything else is allowed.
 */
export class SiteFirewall extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    const metricPrefix = `PhysicianMentors-${props.stage}`;
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${metricPrefix}-${name}`,
      sampledRequestsEnabled: true,
    });
    const tooManyRequests: CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: TOO_MANY_REQUESTS_RESPONSE.status,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [{ name: 'retry-after', value: String(TOO_MANY_REQUESTS_RESPONSE.retryAfterSeconds) }],
        },
      },
    };
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      scopeDownStatement: CfnWebACL.StatementProperty,
    ) => ({
      name,
      priority,
      action: tooManyRequests,
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: RATE_WINDOW_SECONDS,
          scopeDownStatement,
        },
      },
      visibilityConfig: visibility(name),
    });

    const acl = new CfnWebACL(this, 'WebAcl', {
      name: metricPrefix,
      description: 'Per-client-IP rate limits for the site and its API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebAcl'),
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify(TOO_MANY_REQUESTS_RESPONSE.body),
        },
      },
      rules: [
        ...TIGHT_LIMITS.map(({ name, method, path, limit }, index) =>
          rateRule(name, index, limit, { andStatement: { statements: [methodIs(method), pathIs(path)] } }),
        ),
        rateRule('AllRequests', TIGHT_LIMITS.length, GENERAL_LIMIT, {
          notStatement: { statement: pathIs(WEBHOOK_PATH) },
        }),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
