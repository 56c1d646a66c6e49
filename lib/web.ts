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
  LambdaEdgeEventType,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IVersion } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../functions/schemas/config';
import { pageWithRuntimeConfig } from '../functions/schemas/runtime-config-html';
import { ORIGIN_HEADER } from '../functions/adapters/origin-secret';
import { pagePathPatterns } from '../functions/routes';
import { allPrerenderedFiles } from './prerendered-pages';
import { contentSecurityPolicy, SECURITY_HEADERS, SPA_FALLBACK_CODE } from './site-headers';
import { robotsTxt, sitemapXml } from './sitemap';
import { acknowledgeFrameworkWildcards, LAMBDA_BASIC_EXECUTION_FINDING } from './nag';

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
  /** The page behaviours' origin-response function (lib/page-fallback.ts), in us-east-1. */
  pageFallback: IVersion;
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

    // A page whose route is throttled (429) or fails (5xx) answers with its screen's loading-state
    // page from the site (/prerendered/…, deployed below with the stage's config), which paints and
    // then loads its data like the app does: never API Gateway's JSON body.
    const page = {
      ...publicApi,
      edgeLambdas: [{ eventType: LambdaEdgeEventType.ORIGIN_RESPONSE, functionVersion: props.pageFallback }],
    };

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
        ...Object.fromEntries(pagePathPatterns().map((pattern) => [pattern, page])),
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
      }
    } else {
      Annotations.of(this).addWarningV2(
        'physician-mentors:web:noSpaBuild',
        'No SPA build found: only config.json is deployed. Run `npm run build` before deploying the site.',
      );
    }
    const deployment = new BucketDeployment(this, 'DeploySite', {
      sources,
      destinationBucket: props.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    acknowledgeDeploymentHandler(deployment);
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
