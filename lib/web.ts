import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../functions/schemas/config';
import { pageWithRuntimeConfig } from '../functions/schemas/runtime-config-html';
import { ORIGIN_HEADER } from '../functions/adapters/origin-secret';
import { prerenderedFileOf } from '../functions/pages/data-pages';
import { pagePathPatterns } from '../functions/routes';
import { allPrerenderedFiles } from './prerendered-pages';
import { contentSecurityPolicy, SECURITY_HEADERS, SPA_FALLBACK_CODE } from './site-headers';
import { robotsTxt, sitemapXml } from './sitemap';
import { acknowledgeFrameworkWildcards, LAMBDA_BASIC_EXECUTION_FINDING } from './nag';

/** Where the bucket keeps the pages CloudFront falls back to when a page route fails (keys are the page paths). */
const PAGE_FALLBACK_PREFIX = 'page-fallbacks/';
const DIRECTORY_PAGE_PATH = '/coaches';

export interface CustomDomain {
  domainName: string;
  /** ACM certificate in us-east-1 covering `domainName`. */
  certificateArn: string;
}

export interface WebProps {
  siteBucket: IBucket;
  mediaBucket: IBucket;
  logBucket: IBucket;
  apiOriginDomainName: string;
  /** Sent in the origin header with every request to the API (functions/adapters/origin-secret.ts). */
  apiOriginSecret: string;
  /** Written to `/config.json` and inlined into index.html at deploy; the CSP is derived from it too. */
  config: RuntimeConfig;
  /** The Vite build to upload, when one exists. */
  spaBuildDir?: string;
  customDomain?: CustomDomain;
  /** The web ACL in front of the distribution (lib/firewall.ts), in us-east-1. */
  webAclArn: string;
}

/** One CloudFront distribution: the SPA, `/api/*`, `/media/*` and `/config.json` on one origin. */
export class Web extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const originAccessControl = new S3OriginAccessControl(this, 'OriginAccessControl', {
      signing: Signing.SIGV4_ALWAYS,
    });
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(props.siteBucket, { originAccessControl });
    const responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: sitePolicy(props), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hstsMaxAgeSeconds),
          includeSubdomains: SECURITY_HEADERS.hstsIncludeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[SECURITY_HEADERS.frameOption], override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS.referrerPolicy as HeadersReferrerPolicy, override: true },
      },
    });
    const viewer = { viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS, responseHeadersPolicy };
    const apiOrigin = new HttpOrigin(props.apiOriginDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_HEADER]: props.apiOriginSecret },
    });
    const api = {
      ...viewer,
      origin: apiOrigin,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    // Public reads (directory, coach, slots, ratings) and the pages rendered with them: the edge keeps
    // each answer for as long as its own Cache-Control says (functions/http/edge-cache.ts); the query
    // string is part of the key.
    const publicApi = {
      ...api,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachePolicy: new CachePolicy(this, 'PublicApiCache', {
        comment: 'Public API reads and pages: origin Cache-Control decides, every query string in the key',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.minutes(5),
        queryStringBehavior: CacheQueryStringBehavior.all(),
        headerBehavior: CacheHeaderBehavior.none(),
        cookieBehavior: CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      }),
    };

    // The directory page, when its function fails or API Gateway does (5xx): its loading-state page
    // from the bucket, which paints and then loads the directory like the app does. CloudFront asks
    // the fallback for the same path, so the page sits at PAGE_FALLBACK_PREFIX + 'coaches'.
    const directoryPage = {
      ...publicApi,
      origin: new OriginGroup({
        primaryOrigin: apiOrigin,
        fallbackOrigin: S3BucketOrigin.withOriginAccessControl(props.siteBucket, {
          originAccessControl,
          originPath: `/${PAGE_FALLBACK_PREFIX.slice(0, -1)}`,
        }),
        fallbackStatusCodes: [500, 502, 503, 504],
      }),
    };
    const pageBehaviours = pagePathPatterns().map((pattern) => [
      pattern,
      pattern === DIRECTORY_PAGE_PATH ? directoryPage : publicApi,
    ]);

    this.distribution = new Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        ...viewer,
        origin: siteOrigin,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        // Not errorResponses: those would also turn the API's JSON 404s into index.html.
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: new EdgeFunction(this, 'SpaFallback', {
              code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
              runtime: FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      // CloudFront matches behaviours in this order: the signed-in route under /api/coaches first.
      additionalBehaviors: {
        // The screens rendered with their data by the API's page routes (functions/routes.ts).
        ...Object.fromEntries(pageBehaviours),
        '/api/coaches/*/external-events': api,
        '/api/coaches': publicApi,
        '/api/coaches/*': publicApi,
        '/api/*': api,
        '/media/*': {
          ...viewer,
          origin: S3BucketOrigin.withOriginAccessControl(props.mediaBucket, { originAccessControl }),
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        },
        '/config.json': { ...viewer, origin: siteOrigin, cachePolicy: CachePolicy.CACHING_DISABLED },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain && {
        domainNames: [props.customDomain.domainName],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The marketplace serves physicians in any country; no geo restriction.',
    });
    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain CloudFront must use its default certificate, which allows TLSv1.',
      });
    }

    const publicOrigin = `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}`;
    // After the build, so these deploy-time versions replace the build's static robots.txt.
    const sources = [
      Source.jsonData('config.json', props.config),
      Source.data('robots.txt', robotsTxt(publicOrigin)),
      Source.data('sitemap.xml', sitemapXml(publicOrigin)),
    ];
    let directoryFallback: string | undefined;
    if (props.spaBuildDir) {
      sources.unshift(Source.asset(props.spaBuildDir));
      // The config's ids are deploy-time tokens: Source.data puts their values into the pages at deploy.
      const pages = ['/index.html', ...allPrerenderedFiles()];
      for (const page of pages) {
        const file = join(props.spaBuildDir, page);
        if (!existsSync(file))
          throw new Error(`The SPA build lacks ${page}: run \`npm run build\` again before deploying.`);
        const builtPage = readFileSync(file, 'utf8');
        sources.push(Source.data(page.slice(1), pageWithRuntimeConfig(builtPage, props.config)));
        if (page === prerenderedFileOf('coaches')) directoryFallback = pageWithRuntimeConfig(builtPage, props.config);
      }
    } else {
      Annotations.of(this).addWarningV2(
        'physician-mentors:web:noSpaBuild',
        'No SPA build found: only config.json is deployed. Run `npm run build` before deploying the site.',
      );
    }
    // One deployment for both: each BucketDeployment prunes what its own sources do not contain.
    const deployment = new BucketDeployment(this, 'DeploySite', {
      sources,
      destinationBucket: props.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      exclude: [`${PAGE_FALLBACK_PREFIX}*`],
    });
    acknowledgeDeploymentHandler(deployment);
    if (directoryFallback) {
      // Its own deployment: the key has no extension, so the content type is given for it.
      const fallbacks = new BucketDeployment(this, 'DeployPageFallbacks', {
        sources: [Source.data('coaches', directoryFallback)],
        destinationBucket: props.siteBucket,
        destinationKeyPrefix: PAGE_FALLBACK_PREFIX,
        contentType: 'text/html; charset=utf-8',
      });
      acknowledgeDeploymentHandler(fallbacks);
    }
  }
}

function sitePolicy({ config, mediaBucket }: WebProps): string {
  return contentSecurityPolicy({
    cognitoOrigin: `https://cognito-idp.${config.region}.amazonaws.com`,
    oauthDomain: config.oauthDomain,
    uploadOrigin: `https://${mediaBucket.bucketName}.s3.${config.region}.amazonaws.com`,
    privacyPolicyUrl: config.privacyPolicyUrl,
    termsOfServiceUrl: config.termsOfServiceUrl,
  });
}

/** The deploy-time copy Lambda is aws-cdk-lib's; its runtime and grants are not ours to choose. */
function acknowledgeDeploymentHandler(deployment: BucketDeployment): void {
  const reason =
    "aws-cdk-lib's BucketDeployment handler: at deploy time only, it copies the build from the CDK asset bucket into the site bucket and invalidates the distribution.";
  acknowledgeFrameworkWildcards(deployment.handlerRole, reason);
  const handler = deployment.handlerRole.node.scope;
  if (!handler) return;
  Validations.of(handler).acknowledge(
    {
      id: LAMBDA_BASIC_EXECUTION_FINDING,
      reason,
    },
    { id: 'AwsSolutions-L1', reason },
  );
}
