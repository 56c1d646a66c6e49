/**
 * What CloudFront adds to every answer of the site (lib/web.ts): the security headers and the SPA
 * fallback. The local production-like site (bin/local/built-site.ts) sends and runs the same, so
 * `npm run smoke` checks the same headers locally as on a deployment.
 */

import { prerenderedFiles } from './prerendered-pages';

/** The coach page embeds Calendly scheduling widgets. */
const CALENDLY_ORIGIN = 'https://calendly.com';

export interface CspSources {
  /** Cognito's API, which the SPA signs in against. */
  cognitoOrigin: string;
  /** Cognito's hosted domain (no scheme), with Google sign-in. */
  oauthDomain?: string;
  /** The media bucket's origin: headshots are uploaded by presigned POST straight to it. */
  uploadOrigin: string;
  privacyPolicyUrl: string;
  termsOfServiceUrl: string;
  /** Frames besides the policy documents and Calendly (the local stack's own Calendly stand-in). */
  extraFrameSources?: readonly string[];
}

export function contentSecurityPolicy(sources: CspSources): string {
  const policyDocuments = [sources.privacyPolicyUrl, sources.termsOfServiceUrl].map((url) => new URL(url).origin);
  const connect = [
    "'self'",
    sources.cognitoOrigin,
    ...(sources.oauthDomain ? [`https://${sources.oauthDomain}`] : []),
    sources.uploadOrigin,
    // The policy pages check that the document host answers before framing it.
    ...new Set(policyDocuments),
  ];
  const frame = [...new Set([...(sources.extraFrameSources ?? []), ...policyDocuments, CALENDLY_ORIGIN])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** CloudFront's response headers policy, in its own terms (lib/web.ts maps them to the CDK's). */
export const SECURITY_HEADERS = {
  hstsMaxAgeSeconds: 730 * 24 * 60 * 60,
  hstsIncludeSubdomains: true,
  frameOption: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/** The headers CloudFront writes from that policy, as a browser receives them. */
export function securityHeaders(csp: string): Record<string, string> {
  const hsts = SECURITY_HEADERS;
  return {
    'content-security-policy': csp,
    'strict-transport-security': `max-age=${hsts.hstsMaxAgeSeconds}${hsts.hstsIncludeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': SECURITY_HEADERS.frameOption,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
  };
}

/**
 * The CloudFront Function (viewer request): a prerendered page gets its own HTML; other client routes
 * (/login) have no file extension and get the SPA shell; assets do and pass. The screens rendered with
 * their data (/coaches, /coaches/<id>) have behaviours of their own (lib/web.ts) and never reach it.
 */
export const SPA_FALLBACK_CODE = `var PRERENDERED = ${JSON.stringify(prerenderedFiles())};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (Object.prototype.hasOwnProperty.call(PRERENDERED, uri)) {
    request.uri = PRERENDERED[uri];
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
