import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_PASSWORD_GROUP } from '../../functions/domain/sign-in-methods';
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

  it('lets any user turn on an authenticator app (TOTP) as a second step, never SMS', () => {
    const pool = synth.resourceOf(construct('Auth', 'UserPool')).Properties;
    expect(pool.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool.SmsConfiguration).toBeUndefined();
  });

  it('lets the payment account function read whether its caller has MFA on (AdminGetUser)', () => {
    const statements = JSON.stringify(synth.policyStatementsOf(construct('Api', 'paymentAccount') as IFunction));
    expect(statements).toContain('cognito-idp:AdminGetUser');
  });

  it('keeps function logs six months', () => {
    expect(synth.resourceOf(construct('FunctionLogs')).Properties.RetentionInDays).toBe(180);
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
    expect(stack.node.tryFindChild('UploadCors')).toBeUndefined();
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
      AttributeMapping: {
        email: 'email',
        email_verified: 'email_verified',
        given_name: 'given_name',
        family_name: 'family_name',
      },
    });
  });

  it('links a first Google sign-in to a native account with a PreSignUp trigger that may touch only this pool', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: NO_PASSWORD_GROUP,
      UserPoolId: { Ref: synth.logicalId(construct('Auth', 'UserPool')) },
    });
    const trigger = construct('AccountLinking', 'PreSignUp') as IFunction;
    const pool = construct('Auth', 'UserPool');
    expect(synth.resourceOf(pool).Properties.LambdaConfig.PreSignUp).toEqual({
      'Fn::GetAtt': [synth.logicalId(trigger), 'Arn'],
    });
    const poolAccess = synth.resourceOf(construct('AccountLinking', 'PoolAccess')).Properties;
    expect(poolAccess.Roles).toEqual([{ Ref: synth.logicalId(trigger.role as IConstruct) }]);
    const userAdministration = synth
      .policyStatementsOf(trigger)
      .filter((statement) => JSON.stringify(statement.Action).includes('cognito-idp:'));
    expect(userAdministration).toEqual([
      {
        Effect: 'Allow',
        Action: [
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminLinkProviderForUser',
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:ListUsers',
        ],
        Resource: { 'Fn::GetAtt': [synth.logicalId(pool), 'Arn'] },
      },
    ]);
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
    expect(csp).toContain('https://physician-mentors-prod.auth.us-east-1.amazoncognito.com');
  });

  it('keeps the Google client secret away from every function: only CloudFormation resolves it', () => {
    for (const { operation } of [...routes, ...jobs]) {
      const fn = construct('Api', operation) as IFunction;
      expect(JSON.stringify(synth.policyStatementsOf(fn)), operation).not.toContain(
        GOOGLE_CONTEXT.googleClientSecretName,
      );
      // The Google Calendar integration's own secret ARN (GOOGLECALENDAR_SECRET_ARN) is another matter.
      expect(JSON.stringify(synth.resourceOf(fn).Properties.Environment), operation).not.toMatch(/google(?!calendar)/i);
    }
  });
});

describe('mail through SES (always in prod)', () => {
  const SENDER = `no-reply@${PROD_CONTEXT.domainName}`;
  const mailStack = () => stack.node.scope?.node.findChild(`${stack.stackName}-mail`) as Stack;

  it('has Cognito send its codes through SES from the domain identity', () => {
    expect(synth.resourceOf(construct('Auth', 'UserPool')).Properties.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: `Physician Mentors <${SENDER}>`,
      SourceArn: {
        'Fn::Join': ['', ['arn:aws:ses:us-east-1:', { Ref: 'AWS::AccountId' }, `:identity/${PROD_CONTEXT.domainName}`]],
      },
    });
  });

  it('creates the domain identity in a stack deployed first, with its three DKIM records as outputs', () => {
    expect(stack.dependencies).toEqual([mailStack()]);
    const mail = Template.fromStack(mailStack());
    mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: PROD_CONTEXT.domainName });
    const outputs = mail.findOutputs('*');
    expect(Object.keys(outputs).sort()).toEqual(['DkimRecord1', 'DkimRecord2', 'DkimRecord3']);
    const identity = Object.keys(mail.findResources('AWS::SES::EmailIdentity'))[0];
    expect(outputs.DkimRecord1?.Value).toEqual({
      'Fn::Join': [
        '',
        [
          { 'Fn::GetAtt': [identity, 'DkimDNSTokenName1'] },
          ' CNAME ',
          { 'Fn::GetAtt': [identity, 'DkimDNSTokenValue1'] },
        ],
      ],
    });
    expect(mailStack().terminationProtection).toBe(true);
  });

  it('lets the API send as that sender, whose domain SES has verified', () => {
    const fn = construct('Api', 'finishBooking') as IFunction;
    expect(synth.resourceOf(fn).Properties.Environment.Variables.MAIL_FROM).toBe(SENDER);
    expect(JSON.stringify(synth.policyStatementsOf(fn))).toContain(`:identity/${PROD_CONTEXT.domainName}`);
  });
});
