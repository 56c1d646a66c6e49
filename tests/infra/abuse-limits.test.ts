import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { GENERAL_LIMIT, RATE_WINDOW_SECONDS, TIGHT_LIMITS, TOO_MANY_REQUESTS_RESPONSE } from '../../lib/firewall';
import { definePhysicianMentorsApp } from '../../lib/stack';
import { PROD_CONTEXT, type Synthesized, synthesize, type TemplateResource, testApp } from './synth-app';

/** CloudFormation's hard limit per stack. */
const STACK_RESOURCE_LIMIT = 500;

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  const app = testApp(PROD_CONTEXT);
  stack = definePhysicianMentorsApp(app);
  synth = synthesize(app, stack);
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

describe('the Stripe webhook route', () => {
  it('has its own throttle apart from the stage default, set once the route exists', () => {
    const stage = synth.resourceOf(construct('Api', 'DefaultStage'));
    const webhook = routes.find((route) => route.operation === 'stripeWebhook');
    expect(webhook?.throttle).toBeDefined();
    expect(stage.Properties.RouteSettings).toEqual({
      'POST /api/webhooks/stripe': {
        ThrottlingRateLimit: webhook?.throttle?.rateLimit,
        ThrottlingBurstLimit: webhook?.throttle?.burstLimit,
      },
    });
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(webhook?.throttle?.rateLimit).toBeLessThan(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit);
    const [webhookRoute] = Object.keys(
      synth.template.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'POST /api/webhooks/stripe' },
      }),
    );
    const stageResource = synth.template.toJSON().Resources[synth.logicalId(construct('Api', 'DefaultStage'))];
    expect(stageResource.DependsOn).toContain(webhookRoute);
  });
});

describe('the prod stack', () => {
  it('stays clear of the per-stack resource limit, and cdk-nag finds nothing', () => {
    const count = Object.keys(synth.template.toJSON().Resources).length;
    expect(count).toBeLessThan(STACK_RESOURCE_LIMIT - 50);
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
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

  it('gets its web ACL from a small us-east-1 stack, read across regions by the distribution', () => {
    expect(webAclOf(firewall).Scope).toBe('CLOUDFRONT');
    expect(Object.keys(firewall.toJSON().Resources)).toHaveLength(1);
    expect(resourcesOf(site.template, 'AWS::WAFv2::WebACL')).toEqual([]);
    const [distribution] = resourcesOf(site.template, 'AWS::CloudFront::Distribution');
    expect(distribution?.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ StackName: 'PhysicianMentors-prod-waf', Region: 'us-east-1' }),
    });
    expect(site.validationErrors('AwsSolutions')).toEqual([]);
  });
});
