import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Distribution, experimental } from 'aws-cdk-lib/aws-cloudfront';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_CLIENT_WRITE_ATTRIBUTES } from '../../functions/adapters/identity';
import { ORIGIN_HEADER, ORIGIN_SECRET_ARN_VARIABLE } from '../../functions/adapters/origin-secret';
import { pagePathPatterns, ROUTE_THROTTLES, routes } from '../../functions/routes';
import { LAMBDA_HANDLER, originSecretRotationEntry } from '../../lib/bundling';
import { ORIGIN_SECRET_ROTATION_DAYS } from '../../lib/origin-secret-rotation';
import { FUNCTIONS_PER_INVOKE_ROLE } from '../../lib/route-integration';
import { ACCESS_LOG_RETENTION_DAYS } from '../../lib/storage';
import { GENERAL_LIMIT, RATE_WINDOW_SECONDS, TIGHT_LIMITS, TOO_MANY_REQUESTS_RESPONSE } from '../../lib/firewall';
import { definePhysicianMentorsApp } from '../../lib/stack';
import {
  PROD_CONTEXT,
  synthesize,
  type Synthesized,
  synthesizedApp,
  type TemplateResource,
  testApp,
} from './synth-app';

/** CloudFormation's hard limit per stack. */
const STACK_RESOURCE_LIMIT = 500;

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp(PROD_CONTEXT));
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const resourcesOf = (template: Template, type: string) =>
  Object.values(template.findResources(type)) as TemplateResource[];

interface Rule {
  Name: string;
  Priority: number;
  Action: { Block?: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } };
  Statement: {
    RateBasedStatement: {
      AggregateKeyType: string;
      Limit: number;
      EvaluationWindowSec: number;
      ScopeDownStatement: unknown;
    };
  };
}

const byteMatch = (field: 'Method' | 'UriPath', value: string) => ({
  ByteMatchStatement: expect.objectContaining({
    FieldToMatch: { [field]: {} },
    PositionalConstraint: 'EXACTLY',
    SearchString: value,
  }),
});

function webAclOf(template: Template) {
  const [acl, ...others] = resourcesOf(template, 'AWS::WAFv2::WebACL');
  expect(others).toEqual([]);
  return acl?.Properties as { Scope: string; DefaultAction: unknown; Rules: Rule[]; CustomResponseBodies: unknown };
}

describe('the web ACL on the distribution (stack in us-east-1)', () => {
  it('is CloudFront-scoped, allows by default and is attached to the distribution', () => {
    const acl = webAclOf(synth.template);
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const distribution = synth.resourceOf(construct('Web', 'Distribution'));
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetAtt': [synth.logicalId(construct('Firewall', 'WebAcl')), 'Arn'],
    });
  });

  it('limits every client IP, tighter on sign-ups, bookings and first sign-ins, each an existing route', () => {
    const rules = webAclOf(synth.template).Rules;
    const rate = (name: string) => rules.find((rule) => rule.Name === name)?.Statement.RateBasedStatement;
    for (const { name, method, path, limit } of TIGHT_LIMITS) {
      expect(
        routes.some((route) => route.method === method && route.path === path),
        `${method} ${path}`,
      ).toBe(true);
      expect(limit).toBeLessThan(GENERAL_LIMIT);
      expect(rate(name)).toEqual({
        AggregateKeyType: 'IP',
        Limit: limit,
        EvaluationWindowSec: RATE_WINDOW_SECONDS,
        ScopeDownStatement: { AndStatement: { Statements: [byteMatch('Method', method), byteMatch('UriPath', path)] } },
      });
    }
    expect(TIGHT_LIMITS.map(({ path }) => path)).toEqual(['/api/registrations', '/api/sessions', '/api/me']);
    expect(rate('AllRequests')).toEqual({
      AggregateKeyType: 'IP',
      Limit: GENERAL_LIMIT,
      EvaluationWindowSec: RATE_WINDOW_SECONDS,
      // Stripe's few addresses carry every webhook event; that route has its own throttle.
      ScopeDownStatement: { NotStatement: { Statement: byteMatch('UriPath', '/api/webhooks/stripe') } },
    });
    // The tight rules are evaluated first, so their own counts apply.
    const priorities = rules.map((rule) => rule.Priority);
    expect(new Set(priorities).size).toBe(rules.length);
    expect(rules.find((rule) => rule.Name === 'AllRequests')?.Priority).toBe(Math.max(...priorities));
  });

  it('answers a blocked client 429 with the API error envelope and Retry-After', () => {
    const acl = webAclOf(synth.template);
    for (const rule of acl.Rules) {
      expect(rule.Action.Block?.CustomResponse).toMatchObject({
        ResponseCode: 429,
        ResponseHeaders: [{ Name: 'retry-after', Value: String(TOO_MANY_REQUESTS_RESPONSE.retryAfterSeconds) }],
      });
    }
    const key = acl.Rules[0]?.Action.Block?.CustomResponse.CustomResponseBodyKey as string;
    const body = (acl.CustomResponseBodies as Record<string, { ContentType: string; Content: string }>)[key];
    expect(body?.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body?.Content ?? '')).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a moment and try again.' },
    });
  });
});

describe('per-route throttles', () => {
  it('give every route its own budget by kind, set once the route exists: public reads high, writes and sign-up low', () => {
    const stage = synth.resourceOf(construct('Api', 'DefaultStage'));
    const settings = stage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    expect(Object.keys(settings).sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
    const rateOf = (routeKey: string) => settings[routeKey]?.ThrottlingRateLimit ?? 0;
    expect(settings['GET /api/coaches']).toEqual({
      ThrottlingRateLimit: ROUTE_THROTTLES.publicReads.rateLimit,
      ThrottlingBurstLimit: ROUTE_THROTTLES.publicReads.burstLimit,
    });
    expect(rateOf('GET /coaches/{coachId+}')).toBe(ROUTE_THROTTLES.publicReads.rateLimit);
    expect(rateOf('GET /api/me')).toBe(ROUTE_THROTTLES.signedInReads.rateLimit);
    expect(rateOf('POST /api/sessions')).toBe(ROUTE_THROTTLES.writes.rateLimit);
    expect(rateOf('POST /api/registrations')).toBe(ROUTE_THROTTLES.signUps.rateLimit);
    expect(rateOf('POST /api/registrations')).toBeLessThan(rateOf('POST /api/sessions'));
    expect(rateOf('POST /api/sessions')).toBeLessThan(rateOf('GET /api/coaches/{coachId}/slots'));
    // The webhook apart from the user-facing routes: a flood of either cannot starve the other.
    expect(rateOf('POST /api/webhooks/stripe')).toBe(25);
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    const routeIds = Object.keys(synth.template.findResources('AWS::ApiGatewayV2::Route'));
    const stageResource = synth.template.toJSON().Resources[synth.logicalId(construct('Api', 'DefaultStage'))];
    expect(stageResource.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });
});

describe('one way in', () => {
  const distributionConfig = () =>
    resourcesOf(synth.template, 'AWS::CloudFront::Distribution')[0]?.Properties.DistributionConfig;

  it('CloudFront sends the origin secret to the API, and every route function checks it against the same secret', () => {
    const secretId = synth.logicalId(construct('Api', 'OriginSecret'));
    const apiOrigins = distributionConfig().Origins.filter((origin: { CustomOriginConfig?: unknown }) =>
      Boolean(origin.CustomOriginConfig),
    );
    expect(apiOrigins.length).toBeGreaterThan(0);
    for (const origin of apiOrigins) {
      const headerValue = JSON.stringify(origin.OriginCustomHeaders);
      expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: expect.anything() }]);
      expect(headerValue).toContain('{{resolve:secretsmanager:');
      expect(headerValue).toContain(secretId);
    }
    const secret = synth.resourceOf(construct('Api', 'OriginSecret'));
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    for (const route of routes) {
      const fn = synth.resourceOf(construct('Api', route.operation));
      expect(fn.Properties.Environment.Variables[ORIGIN_SECRET_ARN_VARIABLE], route.operation).toEqual({
        Ref: secretId,
      });
    }
  });

  it('rotates the origin secret every 30 days, by a function that may touch only that distribution (and what its configuration names) and that secret', () => {
    const secretRef = { Ref: synth.logicalId(construct('Api', 'OriginSecret')) };
    const rotation = construct('OriginSecretRotation', originSecretRotationEntry.operation) as IFunction;
    expect(synth.resourceOf(construct('OriginSecretRotation', 'Schedule')).Properties).toEqual({
      SecretId: secretRef,
      RotationLambdaARN: { 'Fn::GetAtt': [synth.logicalId(rotation), 'Arn'] },
      RotationRules: { ScheduleExpression: `rate(${ORIGIN_SECRET_ROTATION_DAYS} days)` },
      RotateImmediatelyOnUpdate: false,
    });
    expect(ORIGIN_SECRET_ROTATION_DAYS).toBe(30);
    const distributionId = synth.logicalId(construct('Web', 'Distribution'));
    expect(synth.resourceOf(rotation).Properties.Environment.Variables.DISTRIBUTION_ID).toEqual({
      Ref: distributionId,
    });
    const statements = synth
      .policyStatementsOf(rotation)
      .filter((statement) => !JSON.stringify(statement.Action).includes('xray:'));
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        Resource: stack.resolve((construct('Web', 'Distribution') as Distribution).distributionArn),
      },
      // What UpdateDistribution checks of the configuration it is sent back, and nothing more.
      {
        Effect: 'Allow',
        Action: ['s3:GetBucketAcl', 's3:PutBucketAcl'],
        Resource: stack.resolve((construct('Storage', 'LogBucket') as IBucket).bucketArn),
      },
      {
        Effect: 'Allow',
        Action: ['lambda:EnableReplication*', 'lambda:GetFunction'],
        Resource: stack.resolve((construct('PageFallback', 'Function') as experimental.EdgeFunction).edgeArn),
      },
      {
        Effect: 'Allow',
        Action: 'wafv2:GetWebACL',
        Resource: { 'Fn::GetAtt': [synth.logicalId(construct('Firewall', 'WebAcl')), 'Arn'] },
      },
      {
        Effect: 'Allow',
        Action: [
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
          'secretsmanager:PutSecretValue',
          'secretsmanager:UpdateSecretVersionStage',
        ],
        Resource: secretRef,
      },
    ]);
    // Secrets Manager may invoke it for this secret only.
    const invokers = resourcesOf(synth.template, 'AWS::Lambda::Permission').filter(
      (permission) => permission.Properties.Principal === 'secretsmanager.amazonaws.com',
    );
    expect(invokers.map((permission) => permission.Properties)).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [synth.logicalId(rotation), 'Arn'] },
        Principal: 'secretsmanager.amazonaws.com',
        SourceArn: secretRef,
      },
    ]);
    // Whoever else reads the secret only reads it: the route functions, to check the header.
    const writers = resourcesOf(synth.template, 'AWS::IAM::Role').filter((role) =>
      JSON.stringify(role.Properties.Policies ?? []).match(/secretsmanager:(PutSecretValue|UpdateSecretVersionStage)/),
    );
    expect(writers).toEqual([synth.resourceOf(rotation.role as IConstruct)]);
  });

  it("sends the secret's current value at every deploy, never a pinned version a deploy after a rotation would put back", () => {
    const apiOrigins = distributionConfig().Origins.filter((origin: { CustomOriginConfig?: unknown }) =>
      Boolean(origin.CustomOriginConfig),
    );
    for (const origin of apiOrigins) {
      // secret-id:json-key:version-stage:version-id, the last three empty: AWSCURRENT.
      expect(origin.OriginCustomHeaders[0].HeaderValue).toEqual({
        'Fn::Join': [
          '',
          [
            '{{resolve:secretsmanager:',
            { Ref: synth.logicalId(construct('Api', 'OriginSecret')) },
            ':SecretString:::}}',
          ],
        ],
      });
    }
  });

  it('answers a throttled or failed page route with its loading-state page: an origin-response Lambda@Edge function on both page behaviours', () => {
    const config = distributionConfig();
    // Origin failover never covered a 429, nor a coach page (it asks the fallback for the same path).
    expect(config.OriginGroups).toBeUndefined();
    const edgeFunction = construct('PageFallback', 'Function', 'Fn');
    const fn = synth.resourceOf(edgeFunction);
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Handler: LAMBDA_HANDLER, Timeout: 5 });
    // Lambda@Edge takes no environment variables and no arm64.
    expect(fn.Properties.Environment).toBeUndefined();
    expect(fn.Properties.Architectures ?? ['x86_64']).toEqual(['x86_64']);
    const role = synth.resourceOf((edgeFunction as IFunction).role as IConstruct);
    const trusted = role.Properties.AssumeRolePolicyDocument.Statement.flatMap(
      (statement: { Principal: { Service: string | string[] } }) => [statement.Principal.Service].flat(),
    );
    expect(trusted.sort()).toEqual(['edgelambda.amazonaws.com', 'lambda.amazonaws.com']);
    const [version, ...otherVersions] = Object.keys(synth.template.findResources('AWS::Lambda::Version'));
    expect(otherVersions).toEqual([]);
    const withFunctions = config.CacheBehaviors.filter(
      (behaviour: { LambdaFunctionAssociations?: unknown }) => behaviour.LambdaFunctionAssociations,
    );
    // Only the page behaviours: /coaches/?* catches no /api/coaches/* path (patterns match from the start).
    expect(withFunctions.map((behaviour: { PathPattern: string }) => behaviour.PathPattern)).toEqual(
      pagePathPatterns(),
    );
    expect(pagePathPatterns()).toEqual(['/coaches', '/coaches/?*']);
    for (const behaviour of withFunctions) {
      expect(behaviour.LambdaFunctionAssociations).toEqual([
        { EventType: 'origin-response', LambdaFunctionARN: { Ref: version } },
      ]);
      const origin = config.Origins.find((each: { Id: string }) => each.Id === behaviour.TargetOriginId);
      expect(origin.CustomOriginConfig).toBeDefined();
    }
    expect(config.DefaultCacheBehavior.LambdaFunctionAssociations).toBeUndefined();
  });

  it(`keeps CloudFront's and S3's access logs ${ACCESS_LOG_RETENTION_DAYS} days`, () => {
    expect(ACCESS_LOG_RETENTION_DAYS).toBe(90);
    const logs = synth.resourceOf(construct('Storage', 'LogBucket'));
    expect(logs.Properties.LifecycleConfiguration.Rules).toEqual([{ ExpirationInDays: 90, Status: 'Enabled' }]);
    expect(distributionConfig().Logging.Bucket).toEqual({
      'Fn::GetAtt': [synth.logicalId(construct('Storage', 'LogBucket')), 'RegionalDomainName'],
    });
  });
});

describe('accounts', () => {
  it('let the app client write only what the app writes, and keep the verified address until a new one is confirmed', () => {
    const [client] = resourcesOf(synth.template, 'AWS::Cognito::UserPoolClient');
    expect([...(client?.Properties.WriteAttributes ?? [])].sort()).toEqual([...APP_CLIENT_WRITE_ATTRIBUTES].sort());
    expect(client?.Properties.WriteAttributes).not.toContain('custom:user_type');
    const [pool] = resourcesOf(synth.template, 'AWS::Cognito::UserPool');
    expect(pool?.Properties.UserAttributeUpdateSettings).toEqual({
      AttributesRequireVerificationBeforeUpdate: ['email'],
    });
  });
});

describe('deleting accounts', () => {
  it("lets only DELETE /api/me and support's audited deletion delete users, of the one pool; and the table expires items by expiresAt (unconfirmed sign-ups)", () => {
    const pool = construct('Auth', 'UserPool');
    const deleters = routes.filter((route) =>
      synth
        .policyStatementsOf(construct('Api', route.operation) as IFunction)
        .some((statement) => JSON.stringify(statement.Action).includes('cognito-idp:AdminDeleteUser')),
    );
    expect(deleters.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'DELETE /api/me',
      'POST /api/support/users/{id}/delete',
    ]);
    const [deletion] = synth
      .policyStatementsOf(construct('Api', 'deleteMe') as IFunction)
      .filter((statement) => JSON.stringify(statement.Action).includes('cognito-idp:'));
    expect(deletion).toEqual({
      Effect: 'Allow',
      Action: 'cognito-idp:AdminDeleteUser',
      Resource: { 'Fn::GetAtt': [synth.logicalId(pool), 'Arn'] },
    });
    const [table] = resourcesOf(synth.template, 'AWS::DynamoDB::GlobalTable');
    expect(table?.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });
});

describe('the prod stack', () => {
  it('stays clear of the per-stack resource limit in every stack of the app, and cdk-nag finds nothing', () => {
    // About 480 in the site stack today (478 at issue 40's console), with every function's grants
    // inline in its role, one log group for all (lib/api.ts), ten functions to an errors or
    // throttles alarm (lib/observability.ts) and API Gateway invoking the route functions through
    // shared roles, not a permission each (lib/route-integration.ts). A route costs four (function,
    // role, integration, route): the next routes need the stack split (a stack of the staff routes)
    // or roles shared by functions with the same grants; the guard keeps 15 spare meanwhile.
    for (const each of stack.node.root.node.children.filter((child): child is Stack => child instanceof Stack)) {
      const count = Object.keys(Template.fromStack(each).toJSON().Resources).length;
      expect(count, each.stackName).toBeLessThan(STACK_RESOURCE_LIMIT - 15);
    }
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });

  it('lets API Gateway invoke each route function through an invoke role allowed only that and its siblings, with no permission per function', () => {
    const integrations = resourcesOf(synth.template, 'AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(routes.length);
    const invokable = new Map<string, unknown[]>();
    for (const integration of integrations) {
      const roleId = integration.Properties.CredentialsArn['Fn::GetAtt'][0] as string;
      invokable.set(roleId, [...(invokable.get(roleId) ?? []), integration.Properties.IntegrationUri]);
    }
    expect(invokable.size).toBe(Math.ceil(routes.length / FUNCTIONS_PER_INVOKE_ROLE));
    const resources = synth.template.toJSON().Resources as Record<string, TemplateResource>;
    for (const [roleId, functionArns] of invokable) {
      const role = resources[roleId]?.Properties;
      expect(role?.AssumeRolePolicyDocument.Statement).toEqual([
        expect.objectContaining({ Principal: { Service: 'apigateway.amazonaws.com' }, Action: 'sts:AssumeRole' }),
      ]);
      const statements = role?.Policies.flatMap(
        (policy: TemplateResource['Properties']) => policy.PolicyDocument.Statement,
      );
      expect(statements.map((statement: { Action: unknown }) => statement.Action)).toEqual(
        statements.map(() => 'lambda:InvokeFunction'),
      );
      const allowed = statements.flatMap((statement: { Resource: unknown }) => [statement.Resource].flat());
      expect(allowed.map((arn: unknown) => JSON.stringify(arn)).sort()).toEqual(
        functionArns.map((arn) => JSON.stringify(arn)).sort(),
      );
    }
    const apiGatewayPermissions = resourcesOf(synth.template, 'AWS::Lambda::Permission').filter(
      (permission) => permission.Properties.Principal === 'apigateway.amazonaws.com',
    );
    expect(apiGatewayPermissions).toEqual([]);
  });
});

describe('a site stack outside us-east-1', () => {
  let site: Synthesized;
  let firewall: Template;

  beforeAll(() => {
    const app = testApp({ ...PROD_CONTEXT, region: 'eu-west-1' });
    const siteStack = definePhysicianMentorsApp(app);
    site = synthesize(app, siteStack);
    const assembly = app.synth();
    const firewallStack = assembly.getStackByName('PhysicianMentors-prod-waf');
    expect(firewallStack.environment.region).toBe('us-east-1');
    firewall = Template.fromJSON(firewallStack.template);
  });

  it('gets its web ACL and the page fallback function from a small us-east-1 stack, read across regions by the distribution', () => {
    expect(webAclOf(firewall).Scope).toBe('CLOUDFRONT');
    const types = Object.values(firewall.toJSON().Resources as Record<string, TemplateResource>).map(
      (resource) => resource.Type,
    );
    // The log group is aws-cdk-lib's (useCdkManagedLogGroup); Lambda@Edge logs where it runs, to `us-east-1.<name>` groups.
    // The policy is the function role's deny of rewriting the audit log, which every role carries (lib/audit-log.ts).
    expect(types.sort()).toEqual([
      'AWS::IAM::Policy',
      'AWS::IAM::Role',
      'AWS::Lambda::Function',
      'AWS::Lambda::Version',
      'AWS::Logs::LogGroup',
      'AWS::WAFv2::WebACL',
    ]);
    expect(resourcesOf(site.template, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(resourcesOf(site.template, 'AWS::Lambda::Version')).toEqual([]);
    // No support stack, SSM parameter or cross-region reader of experimental.EdgeFunction's own.
    expect(resourcesOf(site.template, 'Custom::CrossRegionStringParameterReader')).toEqual([]);
    const [distribution] = resourcesOf(site.template, 'AWS::CloudFront::Distribution');
    const fromEdgeStack = {
      'Fn::GetStackOutput': expect.objectContaining({ StackName: 'PhysicianMentors-prod-waf', Region: 'us-east-1' }),
    };
    expect(distribution?.Properties.DistributionConfig.WebACLId).toEqual(fromEdgeStack);
    const pages = distribution?.Properties.DistributionConfig.CacheBehaviors.filter(
      (behaviour: { PathPattern: string }) => pagePathPatterns().includes(behaviour.PathPattern),
    );
    expect(pages).toHaveLength(2);
    for (const behaviour of pages) {
      expect(behaviour.LambdaFunctionAssociations).toEqual([
        { EventType: 'origin-response', LambdaFunctionARN: fromEdgeStack },
      ]);
    }
    expect(site.validationErrors('AwsSolutions')).toEqual([]);
  });
});
