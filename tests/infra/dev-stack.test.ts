import { ORIGIN_SECRET_ARN_VARIABLE } from '../../functions/adapters/origin-secret';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AllowedMethods, CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableSchema } from '../../functions/data/table-schema';
import { type Integration, integrationSecrets, secretArnVariable } from '../../functions/adapters/integration-secrets';
import { isPageRoute, jobs, routes } from '../../functions/routes';
import { runtimeConfig } from '../../functions/schemas/config';
import { prerenderedFile } from '../../lib/prerendered-pages';
import { type Synthesized, synthesizedApp, type TemplateResource } from './synth-app';

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp({ stage: 'dev' }));
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const operationFunction = (operation: string) => construct('Api').node.findChild(operation) as IFunction;
const distributionId = () => synth.logicalId(construct('Web', 'Distribution'));
/** A URL on the distribution's own address, as the template writes it. */
const siteUrl = (path: string) => ({
  'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId(), 'DomainName'] }, ...(path ? [path] : [])]],
});
const variables = (operation: string) =>
  synth.resourceOf(operationFunction(operation)).Properties.Environment.Variables as Record<string, unknown>;
const onlyResource = (type: string) => {
  const found = Object.values(synth.template.findResources(type)) as TemplateResource[];
  expect(found, `exactly one ${type}`).toHaveLength(1);
  return found[0] as TemplateResource;
};

describe('stack', () => {
  it('is named after its stage and lives in the context region', () => {
    expect(stack.stackName).toBe('PhysicianMentors-dev');
    expect(stack.region).toBe('us-east-1');
    expect(stack.terminationProtection).toBe(false);
  });

  it('passes cdk-nag AwsSolutions with no unacknowledged error', () => {
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });

  it('passes CloudFormation schema validation', () => {
    expect(synth.validationErrors('CloudFormation Validate')).toEqual([]);
  });
});

describe('data', () => {
  it('is one on-demand table keyed exactly as table-schema.ts says', () => {
    const { byOwner, byParty, directory, settlement, support } = tableSchema.indexes;
    const keys = (partitionKey: string, sortKey: string) => [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ];
    synth.template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    synth.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: keys(tableSchema.partitionKey, tableSchema.sortKey),
      TimeToLiveSpecification: { AttributeName: tableSchema.timeToLiveAttribute, Enabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: [
        {
          IndexName: byOwner.name,
          KeySchema: keys(byOwner.partitionKey, byOwner.sortKey),
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: byParty.name,
          KeySchema: keys(byParty.partitionKey, byParty.sortKey),
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: directory.name,
          KeySchema: keys(directory.partitionKey, directory.sortKey),
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...tableSchema.directoryProjection] },
        },
        {
          IndexName: settlement.name,
          KeySchema: keys(settlement.partitionKey, settlement.sortKey),
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
        {
          IndexName: support.name,
          KeySchema: keys(support.partitionKey, support.sortKey),
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...tableSchema.nameProjection] },
        },
      ],
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('is deleted with a dev stack', () => {
    expect(onlyResource('AWS::DynamoDB::GlobalTable').DeletionPolicy).toBe('Delete');
    expect(synth.resourceOf(construct('Storage', 'MediaBucket')).DeletionPolicy).toBe('Delete');
  });
});

describe('auth', () => {
  it('signs up by e-mail, verifies it, and accepts any password of six or more characters', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
          RequireUppercase: false,
        },
      },
      Schema: Match.arrayWith([{ Name: 'user_type', AttributeDataType: 'String', Mutable: true }]),
    });
  });

  it('writes its sign-up and reset e-mails with our CustomMessage trigger', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('^CustomMessage'), 'Arn'] } },
    });
  });

  it('gives the SPA a secretless client with USER_PASSWORD_AUTH and refresh only', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  it('sends the hosted UI back to the distribution’s own address, and to the local dev server', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: [siteUrl('/auth/callback'), 'http://localhost:5173/auth/callback'],
      LogoutURLs: [siteUrl('/'), 'http://localhost:5173/'],
      AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    });
  });

  it('links its e-mails to the distribution’s address', () => {
    const trigger = synth.resourceOf(construct('CustomMessage'));
    expect(trigger.Properties.Environment.Variables.SITE_ORIGIN).toEqual(siteUrl(''));
  });

  it('sends its codes through Cognito’s own sender when no sender is configured, and has no mail stack', () => {
    expect(synth.resourceOf(construct('Auth', 'UserPool')).Properties.EmailConfiguration).toBeUndefined();
    expect(stack.dependencies).toEqual([]);
  });

  it('has no Google provider or hosted domain without Google context', () => {
    synth.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    synth.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });
});

describe('storage', () => {
  it('keeps every bucket private, S3-encrypted and reachable over TLS only', () => {
    const buckets = synth.template.findResources('AWS::S3::Bucket');
    // Site, media, access logs and the raw webhook archive.
    expect(Object.keys(buckets)).toHaveLength(4);
    const policies = Object.values(synth.template.findResources('AWS::S3::BucketPolicy'));
    for (const [logicalId, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, logicalId).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, logicalId).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      const policy = policies.find((candidate) => candidate.Properties.Bucket.Ref === logicalId);
      expect(policy?.Properties.PolicyDocument.Statement, logicalId).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('logs site and media access into the log bucket', () => {
    const logBucket = { Ref: synth.logicalId(construct('Storage', 'LogBucket')) };
    for (const name of ['SiteBucket', 'MediaBucket']) {
      expect(synth.resourceOf(construct('Storage', name)).Properties.LoggingConfiguration).toMatchObject({
        DestinationBucketName: logBucket,
      });
    }
  });

  it('lets only the distribution’s address and the local dev server POST headshots to the media bucket', () => {
    // The bucket cannot name the distribution that reads it; the rule is put once both exist.
    expect(synth.resourceOf(construct('Storage', 'MediaBucket')).Properties.CorsConfiguration).toBeUndefined();
    const putCors = synth.resourceOf(construct('UploadCors', 'PutBucketCors'));
    // The SDK call is JSON joined around the tokens it names.
    const [, parts] = putCors.Properties.Create['Fn::Join'] as [string, unknown[]];
    const text = parts.filter((part) => typeof part === 'string').join('…');
    expect(text).toContain('"action":"putBucketCors"');
    expect(text).toContain('"AllowedMethods":["POST"],"AllowedOrigins":["https://…","http://localhost:5173"]');
    expect(parts).toContainEqual({ Ref: synth.logicalId(construct('Storage', 'MediaBucket')) });
    expect(parts).toContainEqual({ 'Fn::GetAtt': [distributionId(), 'DomainName'] });
    const call = JSON.stringify(putCors.Properties.Create);
    expect(JSON.stringify(putCors.Properties.Update)).toBe(call);
  });

  it('may put that rule on the media bucket only', () => {
    const policy = synth.resourceOf(construct('UploadCors', 'PutBucketCors', 'CustomResourcePolicy'));
    expect(policy.Properties.PolicyDocument.Statement).toEqual([
      {
        Action: 's3:PutBucketCORS',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [synth.logicalId(construct('Storage', 'MediaBucket')), 'Arn'] },
      },
    ]);
  });
});

describe('web', () => {
  const distributionConfig = () => onlyResource('AWS::CloudFront::Distribution').Properties.DistributionConfig;
  const originOf = (behavior: { TargetOriginId: string }) =>
    distributionConfig().Origins.find((origin: { Id: string }) => origin.Id === behavior.TargetOriginId);
  const behavior = (pathPattern: string) => {
    const found = distributionConfig().CacheBehaviors.find(
      (candidate: { PathPattern: string }) => candidate.PathPattern === pathPattern,
    );
    expect(found, pathPattern).toBeDefined();
    return found;
  };
  const bucketDomain = (bucket: string) => ({
    'Fn::GetAtt': [synth.logicalId(construct('Storage', bucket)), 'RegionalDomainName'],
  });

  it('serves the SPA by default, rewriting client routes to their prerendered page or index.html in a viewer-request function', () => {
    const defaults = distributionConfig().DefaultCacheBehavior;
    expect(originOf(defaults)?.DomainName).toEqual(bucketDomain('SiteBucket'));
    expect(defaults.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [synth.logicalId(construct('Web', 'SpaFallback')), 'FunctionARN'] },
      },
    ]);
    expect(distributionConfig().CustomErrorResponses).toBeUndefined();
    const code = onlyResource('AWS::CloudFront::Function').Properties.FunctionCode as string;
    const viewerRequest = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
    const served = (uri: string) => viewerRequest({ request: { uri } }).uri;
    expect(served('/login')).toBe('/index.html');
    expect(served('/')).toBe(prerenderedFile('/'));
    expect(served('/coaches/abc/reviews')).toBe('/index.html');
    expect(served('/assets/index-abc.js')).toBe('/assets/index-abc.js');
  });

  it('forwards /api/* uncached, with every method and the viewer headers except Host', () => {
    const api = behavior('/api/*');
    expect(api).toMatchObject({
      AllowedMethods: AllowedMethods.ALLOW_ALL.methods,
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    });
    expect(JSON.stringify(originOf(api)?.DomainName)).toContain('.execute-api.us-east-1.');
  });

  it('lets the edge cache public reads and the pages rendered from them by their query string, and nothing signed in', () => {
    const publicPolicy = { Ref: synth.logicalId(construct('Web', 'PublicApiCache')) };
    const paths = distributionConfig().CacheBehaviors.map((each: { PathPattern: string }) => each.PathPattern);
    // CloudFront takes the first match: the signed-in route under /api/coaches comes before the public ones.
    expect(paths.slice(0, 6)).toEqual([
      '/coaches',
      '/coaches/?*',
      '/api/coaches/*/external-events',
      '/api/coaches',
      '/api/coaches/*',
      '/api/*',
    ]);
    for (const path of ['/coaches', '/coaches/?*', '/api/coaches', '/api/coaches/*']) {
      expect(behavior(path), path).toMatchObject({
        AllowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS.methods,
        CachePolicyId: publicPolicy,
      });
    }
    for (const path of ['/api/coaches', '/api/coaches/*']) {
      expect(JSON.stringify(originOf(behavior(path))?.DomainName)).toContain('.execute-api.us-east-1.');
    }
    // Both page behaviours go to the API; a failed page becomes its loading-state page at the edge.
    for (const path of ['/coaches', '/coaches/?*']) {
      expect(JSON.stringify(originOf(behavior(path))?.DomainName)).toContain('.execute-api.us-east-1.');
      expect(behavior(path).LambdaFunctionAssociations).toEqual([
        expect.objectContaining({ EventType: 'origin-response' }),
      ]);
    }
    expect(behavior('/api/coaches/*/external-events').CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    synth.template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        // The origin's Cache-Control decides (functions/http/edge-cache.ts); a response without one is not kept.
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          HeadersConfig: { HeaderBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
  });

  it('serves /media/* from the media bucket with long caching', () => {
    const media = behavior('/media/*');
    expect(media.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(originOf(media)?.DomainName).toEqual(bucketDomain('MediaBucket'));
  });

  it('serves /config.json from the site bucket uncached', () => {
    const config = behavior('/config.json');
    expect(config.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(originOf(config)?.DomainName).toEqual(bucketDomain('SiteBucket'));
  });

  it('reads both buckets through one origin access control, never an OAI', () => {
    synth.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    synth.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    const s3Origins = distributionConfig().Origins.filter(
      (origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig,
    );
    // The site bucket and the media bucket.
    expect(s3Origins).toHaveLength(2);
    const oac = synth.logicalId(construct('Web', 'OriginAccessControl'));
    for (const origin of s3Origins) {
      expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oac, 'Id'] });
      expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
  });

  it('sends the security headers on every behaviour', () => {
    const headers = onlyResource('AWS::CloudFront::ResponseHeadersPolicy').Properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self';",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com https://",
      '.s3.us-east-1.amazonaws.com https://policies.physicianmentors.example;',
      'frame-src https://policies.physicianmentors.example https://calendly.com',
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    const behaviors = [distributionConfig().DefaultCacheBehavior, ...distributionConfig().CacheBehaviors];
    const policy = { Ref: synth.logicalId(construct('Web', 'SecurityHeaders')) };
    for (const each of behaviors) expect(each.ResponseHeadersPolicyId).toEqual(policy);
  });

  /** The deployment source holding `file`, with the deploy-time values (markers) of that source. */
  function deployedFile(file: string) {
    // The site's own deployment; a build on disk adds the page fallbacks' one, under its key prefix.
    const [deployment] = (
      Object.values(synth.template.findResources('Custom::CDKBucketDeployment')) as TemplateResource[]
    )
      .map((resource) => resource.Properties)
      .filter((properties) => !properties.DestinationBucketKeyPrefix);
    if (!deployment) throw new Error('no site deployment');
    const sources = (deployment.SourceObjectKeys as string[]).map((key, index) => ({
      dir: join(synth.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`),
      markers: ((deployment.SourceMarkers as Record<string, unknown>[] | undefined)?.[index] ?? {}) as Record<
        string,
        unknown
      >,
    }));
    // Sources extract in order, so the last one holding the file is what gets deployed.
    const source = sources.findLast(({ dir }) => readdirSync(dir).includes(file));
    if (!source) throw new Error(`no deployment source holds ${file}`);
    return source;
  }

  it("writes the sitemap and robots.txt with the distribution's address at deploy", () => {
    const distributionDomain = { 'Fn::GetAtt': [distributionId(), 'DomainName'] };
    // Each deploy-time value is a marker in the file, which the deployment handler substitutes.
    const deployed = (file: string) => {
      const { dir, markers } = deployedFile(file);
      let text = readFileSync(join(dir, file), 'utf8');
      for (const [marker, value] of Object.entries(markers)) {
        expect(value).toEqual(distributionDomain);
        text = text.replaceAll(marker, 'd111.cloudfront.net');
      }
      return text;
    };
    expect(deployed('sitemap.xml')).toContain('<loc>https://d111.cloudfront.net/coaches</loc>');
    expect(deployed('robots.txt')).toContain('Sitemap: https://d111.cloudfront.net/sitemap.xml');
  });

  it('writes config.json with the real user pool and client ids at deploy', () => {
    const { dir: configDir, markers } = deployedFile('config.json');
    const config = runtimeConfig.parse(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')));
    expect(config).toMatchObject({
      stage: 'dev',
      region: 'us-east-1',
      supportEmail: 'support@physicianmentors.example',
    });
    expect(config.oauthDomain).toBeUndefined();
    const idOf = (...path: string[]) => ({ Ref: synth.logicalId(construct(...path)) });
    expect(markers[config.userPoolId]).toEqual(idOf('Auth', 'UserPool'));
    expect(markers[config.userPoolClientId]).toEqual(idOf('Auth', 'UserPool', 'WebClient'));
  });
});

describe('api', () => {
  const operations = [...routes.map((route) => route.operation), ...jobs.map((job) => job.operation)];

  it('has one Node.js 22 arm64 function per route and job, set up alike', () => {
    const tableFunctions = synth.template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { TABLE_NAME: Match.anyValue() } } },
    });
    // and the directory snapshot's rebuild (tests/infra/directory-snapshot.test.ts) and the dead
    // letters' keeper (tests/infra/support-queues.test.ts)
    expect(Object.keys(tableFunctions)).toHaveLength(operations.length + 2);
    const ref = (...path: string[]) => ({ Ref: synth.logicalId(construct(...path)) });
    const pageRenderers = new Set(routes.filter(isPageRoute).map((route) => route.operation));
    expect([...pageRenderers].sort()).toEqual(['renderCoachPage', 'renderDirectoryPage']);
    for (const operation of operations) {
      expect(synth.resourceOf(operationFunction(operation)).Properties, operation).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        // React rendering is CPU work, and Lambda's CPU share grows with memory.
        MemorySize: pageRenderers.has(operation) ? 1024 : 512,
        Timeout: 10,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: ref('FunctionLogs') },
        Environment: {
          Variables: {
            TABLE_NAME: ref('Data', 'Table'),
            MEDIA_BUCKET: ref('Storage', 'MediaBucket'),
            STAGE: 'dev',
            SITE_ORIGIN: siteUrl(''),
            POWERTOOLS_SERVICE_NAME: 'physician-mentors',
            POWERTOOLS_METRICS_NAMESPACE: 'PhysicianMentors',
          },
        },
      });
      // Source maps stay in the asset; parsing them at every cold start costs more than it tells.
      expect(
        synth.resourceOf(operationFunction(operation)).Properties.Environment.Variables.NODE_OPTIONS,
      ).toBeUndefined();
    }
  });

  it('keeps function logs two weeks in dev, in one log group for the stack', () => {
    expect(synth.resourceOf(construct('FunctionLogs')).Properties.RetentionInDays).toBe(14);
  });

  it('routes every entry of the route table, signed-in or public as the table says', () => {
    synth.template.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    for (const route of routes) {
      const [found] = Object.values(
        synth.template.findResources('AWS::ApiGatewayV2::Route', {
          Properties: { RouteKey: `${route.method} ${route.path}` },
        }),
      );
      expect(found?.Properties.AuthorizationType, route.operation).toBe(route.auth === 'user' ? 'JWT' : 'NONE');
    }
  });

  it('throttles the default stage and logs its access', () => {
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('scheduler', () => {
  it('has a job schedule group named after the stack', () => {
    synth.template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'PhysicianMentors-dev-jobs' });
  });

  it('lets EventBridge Scheduler of this account invoke the job functions and dead-letter them, and nothing else', () => {
    const role = synth.resourceOf(construct('Scheduler', 'InvokeRole'));
    expect(role.Properties.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ],
    });
    const policy = synth.resourceOf(construct('Scheduler', 'InvokeRole', 'DefaultPolicy'));
    const jobArns = jobs.map((job) => ({ 'Fn::GetAtt': [synth.logicalId(operationFunction(job.operation)), 'Arn'] }));
    const statements = policy.Properties.PolicyDocument.Statement;
    const invoke = statements.find((statement: { Action: unknown }) => statement.Action === 'lambda:InvokeFunction');
    const deadLetters = { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'DeadLetters')), 'Arn'] };
    expect(statements).toEqual([
      expect.objectContaining({ Action: expect.arrayContaining(['sqs:SendMessage']), Resource: deadLetters }),
      invoke,
    ]);
    expect(invoke).toMatchObject({ Effect: 'Allow' });
    expect(invoke.Resource).toHaveLength(jobArns.length);
    expect(invoke.Resource).toEqual(expect.arrayContaining(jobArns));
  });
});

describe('booking and payments', () => {
  const actions = (operation: string) =>
    synth
      .policyStatementsOf(operationFunction(operation))
      .flatMap((statement) => [statement.Action].flat() as string[]);

  it('gives every job a fixed name, so schedules can target it before it exists', () => {
    for (const job of jobs) {
      expect(synth.resourceOf(operationFunction(job.operation)).Properties.FunctionName).toBe(
        `PhysicianMentors-dev-${job.operation}`,
      );
    }
  });

  it('lets booking read the Stripe secret, and a payment settled or lapsed delete its expiry schedule', () => {
    for (const operation of ['createSession', 'getSession', 'abandonSession', 'stripeWebhook']) {
      expect(actions(operation)).toContain('secretsmanager:GetSecretValue');
      // The e-mails and the meeting are the follow-up job's (finishBooking), not the request's; the
      // webhook mails only the refund's confirmation (workflows/payments/refunds.ts).
      if (operation !== 'stripeWebhook') expect(actions(operation)).not.toContain('ses:SendEmail');
      expect(Object.keys(variables(operation))).toEqual(
        expect.arrayContaining(['STRIPE_SECRET_ARN', 'PLATFORM_FEE_PERCENT']),
      );
    }
    // The table's stream schedules the expiry of a new booking, not the booking request.
    expect(actions('createSession')).not.toContain('scheduler:CreateSchedule');
    for (const operation of ['getSession', 'abandonSession', 'stripeWebhook']) {
      expect(actions(operation)).toEqual(expect.arrayContaining(['scheduler:DeleteSchedule', 'iam:PassRole']));
      expect(Object.keys(variables(operation))).toEqual(
        expect.arrayContaining(['SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'JOB_EXPIRE_PENDING_PAYMENT_ARN']),
      );
    }
  });

  it("lets the follow-up job send mail, and nothing but the table's stream (and support's audited re-drive of a dead letter) start it or a refund's first try", () => {
    expect(actions('finishBooking')).toEqual(expect.arrayContaining(['ses:SendEmail', 'scheduler:CreateSchedule']));
    // A meeting Zoom could not create yet is tried again by a schedule of its own, which schedules the next try.
    expect(Object.keys(variables('finishBooking'))).toContain('JOB_CREATE_MEETING_ARN');
    expect(actions('createMeeting')).toEqual(
      expect.arrayContaining(['ses:SendEmail', 'scheduler:CreateSchedule', 'secretsmanager:GetSecretValue']),
    );
    const starts = (operation: string, job: string) =>
      synth
        .policyStatementsOf(operationFunction(operation))
        .some(
          (statement) =>
            [statement.Action].flat().includes('lambda:InvokeFunction') &&
            JSON.stringify(statement.Resource).includes(job),
        );
    for (const job of ['finishBooking', 'refundSession']) {
      const starters = [...routes, ...jobs]
        .map(({ operation }) => operation)
        .filter((operation) => starts(operation, job));
      expect(starters, job).toEqual(['redriveDeadLetter', 'startSessionWork']);
    }
  });

  it('keeps Stripe, Zoom and Calendly credentials out of every function configuration', () => {
    for (const { operation } of [...routes, ...jobs]) {
      const names = Object.keys(variables(operation)).filter((name) => !name.endsWith('_SECRET_ARN'));
      expect(
        names.filter((name) => /STRIPE|ZOOM|CALENDLY/.test(name)),
        operation,
      ).toEqual([]);
    }
  });

  it('routes the booking operations behind the JWT authorizer and the Stripe webhook publicly', () => {
    const authorizationOf = (routeKey: string) =>
      (Object.values(synth.template.findResources('AWS::ApiGatewayV2::Route')) as TemplateResource[]).find(
        (resource) => resource.Properties.RouteKey === routeKey,
      )?.Properties.AuthorizationType;
    expect(authorizationOf('POST /api/sessions')).toBe('JWT');
    expect(authorizationOf('GET /api/sessions/{id}')).toBe('JWT');
    expect(authorizationOf('POST /api/sessions/{id}/abandon')).toBe('JWT');
    expect(authorizationOf('POST /api/webhooks/stripe')).toBe('NONE');
    expect(authorizationOf('GET /api/zoom/callback')).toBe('NONE');
    expect(authorizationOf('POST /api/webhooks/zoom')).toBe('NONE');
  });

  it('gives the Zoom webhook its secret token as the Zoom client secret reaches the functions: a field of the Zoom secret, read at run time', () => {
    const zoomSecret = synth.resourceOf(construct('Integrations', 'zoom'));
    expect(zoomSecret.Properties.Description).toContain('webhookSecretToken');
    expect(integrationSecrets.zoom.webhookSecretToken).toBe('ZOOM_WEBHOOK_SECRET_TOKEN');
    expect(actions('zoomWebhook')).toContain('secretsmanager:GetSecretValue');
    expect(Object.keys(variables('zoomWebhook'))).toContain('ZOOM_SECRET_ARN');
    expect(Object.keys(variables('zoomWebhook'))).not.toContain('ZOOM_WEBHOOK_SECRET_TOKEN');
  });
});

describe('least privilege, for every route and job', () => {
  const operations = [...routes, ...jobs];
  const originSecret = () => JSON.stringify({ Ref: synth.logicalId(construct('Api', 'OriginSecret')) });
  // The stream consumer's reads of the table's stream come with its event source (observability.test.ts),
  // and every route reads CloudFront's origin secret (api-grants.test.ts): neither is a route-table grant.
  const STREAM_ACTIONS = [
    'dynamodb:DescribeStream',
    'dynamodb:GetRecords',
    'dynamodb:GetShardIterator',
    'dynamodb:ListStreams',
  ];
  const statements = (operation: string) =>
    synth
      .policyStatementsOf(operationFunction(operation))
      .filter((statement) => ![statement.Action].flat().every((action) => STREAM_ACTIONS.includes(action)));
  const tableActions = (operation: string) =>
    statements(operation)
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => action.startsWith('dynamodb:'));

  it('creates one secret per integration, named after the stack', () => {
    const names = Object.entries(synth.template.findResources('AWS::SecretsManager::Secret'))
      .filter(([logicalId]) => JSON.stringify({ Ref: logicalId }) !== originSecret())
      .map(([, secret]) => secret.Properties.Name);
    expect(names.sort()).toEqual(
      Object.keys(integrationSecrets)
        .map((integration) => `PhysicianMentors-dev/${integration}`)
        .sort(),
    );
  });

  it('lets a function read exactly the secrets its route-table entry names, and learn only their ARNs', () => {
    const secretLogicalId = (integration: string) => synth.logicalId(construct('Integrations', integration));
    for (const { operation, grants } of operations) {
      const declared = grants.flatMap((grant) => (grant.startsWith('secret:') ? [grant.slice('secret:'.length)] : []));
      const readable = statements(operation)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')))
        .flatMap((statement) => [statement.Resource].flat())
        .map((resource) => JSON.stringify(resource))
        .filter((resource) => resource !== originSecret());
      expect(readable.sort(), operation).toEqual(
        declared.map((integration) => JSON.stringify({ Ref: secretLogicalId(integration) })).sort(),
      );
      const arnVariables = Object.keys(variables(operation)).filter(
        (name) => name.endsWith('_SECRET_ARN') && name !== ORIGIN_SECRET_ARN_VARIABLE,
      );
      expect(arnVariables.sort(), operation).toEqual(
        declared.map((integration) => secretArnVariable(integration as Integration)).sort(),
      );
    }
  });

  it('never lets a function Scan, BatchWriteItem, or use a DynamoDB wildcard', () => {
    for (const { operation } of operations) {
      const actions = tableActions(operation);
      expect(
        actions.filter((action) => /Scan|BatchWriteItem|\*/.test(action)),
        operation,
      ).toEqual([]);
    }
  });

  it('grants each function exactly the table access its route-table entry declares', () => {
    const tableArn = { 'Fn::GetAtt': [synth.logicalId(construct('Data', 'Table')), 'Arn'] };
    for (const { operation, table } of operations) {
      const expected = new Set<string>([
        ...(table.includes('read') ? ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] : []),
        ...(table.includes('write') ? ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] : []),
        ...(table.some((access) => access.startsWith('query:')) ? ['dynamodb:Query'] : []),
      ]);
      expect(new Set(tableActions(operation)), operation).toEqual(expected);

      const tableResources = statements(operation)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')))
        .flatMap((statement) => [statement.Resource].flat())
        .map((resource) => JSON.stringify(resource));
      const indexes = table.flatMap((access) =>
        access.startsWith('query:')
          ? [tableSchema.indexes[access.slice('query:'.length) as keyof typeof tableSchema.indexes].name]
          : [],
      );
      expect(new Set(tableResources), operation).toEqual(
        new Set([
          ...(table.includes('read') || table.includes('write') ? [JSON.stringify(tableArn)] : []),
          ...indexes.map((name) => JSON.stringify({ 'Fn::Join': ['', [tableArn, `/index/${name}`]] })),
        ]),
      );
    }
  });
});
