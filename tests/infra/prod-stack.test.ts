import type { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, routes } from '../../functions/routes';
import { definePhysicianMentorsApp } from '../../lib/stack';
import { PROD_CONTEXT, type Synthesized, synthesize, testApp } from './synth-app';

const GOOGLE_CONTEXT = { googleClientId: 'google-client-id', googleClientSecretName: 'physician-mentors/google' };
const SITE = `https://${PROD_CONTEXT.domainName}`;

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  const app = testApp({ ...PROD_CONTEXT, ...GOOGLE_CONTEXT });
  stack = definePhysicianMentorsApp(app);
  synth = synthesize(app, stack);
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);

describe('prod stack', () => {
  it('is named for prod and protected from deletion', () => {
    expect(stack.stackName).toBe('PhysicianMentors-prod');
    expect(stack.terminationProtection).toBe(true);
  });

  it('passes cdk-nag AwsSolutions with no unacknowledged error', () => {
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });

  it('passes CloudFormation schema validation', () => {
    expect(synth.validationErrors('CloudFormation Validate')).toEqual([]);
  });
});

describe('prod data survives the stack', () => {
  it('retains the table, with point-in-time recovery and deletion protection', () => {
    const table = synth.resourceOf(construct('Data', 'Table'));
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties.Replicas).toEqual([
      expect.objectContaining({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    ]);
  });

  it('retains the media and log buckets and the user pool, but not the rebuildable site bucket', () => {
    for (const path of [
      ['Storage', 'MediaBucket'],
      ['Storage', 'LogBucket'],
      ['Auth', 'UserPool'],
    ]) {
      expect(synth.resourceOf(construct(...path)).DeletionPolicy, path.join('/')).toBe('Retain');
    }
    expect(synth.resourceOf(construct('Auth', 'UserPool')).Properties.DeletionProtection).toBe('ACTIVE');
    expect(synth.resourceOf(construct('Storage', 'SiteBucket')).DeletionPolicy).toBe('Delete');
  });

  it('keeps function logs six months', () => {
    const operation = routes[0]?.operation ?? jobs[0]?.operation;
    expect(synth.resourceOf(construct('Api', `${operation}Logs`)).Properties.RetentionInDays).toBe(180);
  });
});

describe('prod domain', () => {
  it('serves the distribution on the custom domain with its certificate and TLS 1.2+', () => {
    synth.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [PROD_CONTEXT.domainName],
        ViewerCertificate: {
          AcmCertificateArn: PROD_CONTEXT.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
  });

  it('points Cognito callbacks, media CORS and the functions at the site origin', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: [`${SITE}/auth/callback`],
      LogoutURLs: [`${SITE}/`],
    });
    const cors = synth.resourceOf(construct('Storage', 'MediaBucket')).Properties.CorsConfiguration;
    expect(cors.CorsRules[0].AllowedOrigins).toEqual([SITE]);
    const fn = synth.resourceOf(construct('Api', routes[0]?.operation ?? ''));
    expect(fn.Properties.Environment.Variables).toMatchObject({ STAGE: 'prod', SITE_ORIGIN: SITE });
  });
});

describe('Google sign-in (configured by context)', () => {
  it('adds Google as an identity provider with its secret from Secrets Manager', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: GOOGLE_CONTEXT.googleClientId,
        client_secret: `{{resolve:secretsmanager:${GOOGLE_CONTEXT.googleClientSecretName}:SecretString:::}}`,
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', given_name: 'given_name', family_name: 'family_name' },
    });
  });

  it('creates the hosted domain Google returns to, and lets the client use Google', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'physician-mentors-prod' });
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
  });

  it('allows the hosted domain in the CSP connect-src', () => {
    const policy = synth.resourceOf(construct('Web', 'SecurityHeaders')).Properties.ResponseHeadersPolicyConfig;
    const csp = JSON.stringify(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    const domain = synth.logicalId(construct('Auth', 'UserPool', 'HostedDomain'));
    expect(csp).toContain(`https://",{"Ref":"${domain}"},".auth.us-east-1.amazoncognito.com`);
  });
});
