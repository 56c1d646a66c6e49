import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type App, CfnOutput, RemovalPolicy, Stack, Tags, Validations } from 'aws-cdk-lib';
import { UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct, Node } from 'constructs';
import { jobs, routes } from '../functions/routes';
import { type RuntimeConfig, runtimeConfig } from '../functions/schemas/config';
import { Api, OperationFunction } from './api';
import { Auth, type GoogleSignIn } from './auth';
import { Data } from './data';
import { IntegrationSecrets } from './integrations';
import {
  DEFAULT_DEV_ARCHIVE_RETENTION_DAYS,
  DEFAULT_PROD_ARCHIVE_RETENTION_DAYS,
  Finance,
  WebhookArchive,
} from './finance';
import { JobScheduler } from './scheduler';
import { Storage } from './storage';
import { type CustomDomain, Web } from './web';

const STAGES = ['dev', 'prod'] as const;
type StageName = (typeof STAGES)[number];
const isStage = (value: string): value is StageName => STAGES.some((stage) => stage === value);

/** Where the SPA runs when no domain is given: the Vite dev server of the local stack. */
const LOCAL_SITE_ORIGIN = 'http://localhost:5173';
/** Stands in for the real domain in addresses and links until context gives one. */
const PLACEHOLDER_DOMAIN = 'physicianmentors.example';
const SPA_BUILD_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

/** Everything that differs between deployments; read from `-c key=value` context. */
export interface DeploymentSettings {
  stage: StageName;
  region: string;
  account?: string;
  customDomain?: CustomDomain;
  google?: GoogleSignIn;
  /** Sender address of the mails the API sends (a verified SES identity, or its domain). */
  mailFrom: string;
  /** The share of each paid session the platform keeps, in percent. */
  platformFeePercent: number;
  /** How long the raw webhook archive keeps each event body. */
  webhookArchiveRetentionDays: number;
  site: Pick<RuntimeConfig, 'privacyPolicyUrl' | 'termsOfServiceUrl' | 'supportEmail' | 'analyticsScriptPath'>;
}

export function settingsFromContext(node: Node): DeploymentSettings {
  const context = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    return value === undefined || value === '' ? undefined : String(value);
  };
  const pair = (first: string, second: string): [string, string] | undefined => {
    const [a, b] = [context(first), context(second)];
    if (!a !== !b) throw new Error(`Give -c ${first}=… and -c ${second}=… together, or neither.`);
    return a && b ? [a, b] : undefined;
  };

  const stage = context('stage') ?? 'dev';
  if (!isStage(stage)) throw new Error(`Unknown stage "${stage}": use -c stage=dev or -c stage=prod.`);
  const domain = pair('domainName', 'certificateArn');
  // Cognito callbacks and the media bucket's CORS rule need the real site origin, and the
  // CloudFront domain cannot be used for them without a dependency cycle.
  if (stage === 'prod' && !domain) {
    throw new Error('stage=prod needs -c domainName=… -c certificateArn=… (an ACM certificate in us-east-1).');
  }
  const google = pair('googleClientId', 'googleClientSecretName');
  const siteDomain = domain?.[0] ?? PLACEHOLDER_DOMAIN;
  return {
    stage,
    region: context('region') ?? (process.env.CDK_DEFAULT_REGION || 'us-east-1'),
    account: process.env.CDK_DEFAULT_ACCOUNT,
    customDomain: domain && { domainName: domain[0], certificateArn: domain[1] },
    google: google && {
      clientId: google[0],
      clientSecretName: google[1],
      domainPrefix: context('authDomainPrefix') ?? `physician-mentors-${stage}`,
    },
    mailFrom: context('mailFrom') ?? `no-reply@${siteDomain}`,
    platformFeePercent: platformFeePercent(context('platformFeePercent')),
    webhookArchiveRetentionDays: archiveRetentionDays(context('webhookArchiveRetentionDays'), stage),
    site: {
      privacyPolicyUrl: context('privacyPolicyUrl') ?? `https://policies.${PLACEHOLDER_DOMAIN}/privacy`,
      termsOfServiceUrl: context('termsOfServiceUrl') ?? `https://policies.${PLACEHOLDER_DOMAIN}/terms`,
      supportEmail: context('supportEmail') ?? `support@${siteDomain}`,
      analyticsScriptPath: context('analyticsScriptPath'),
    },
  };
}

const DEFAULT_PLATFORM_FEE_PERCENT = 10;

function platformFeePercent(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PLATFORM_FEE_PERCENT;
  const percent = Number(value);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new Error(`-c platformFeePercent=${value} must be a number from 0 to 100.`);
  }
  return percent;
}

function archiveRetentionDays(value: string | undefined, stage: StageName): number {
  if (value === undefined) {
    return stage === 'prod' ? DEFAULT_PROD_ARCHIVE_RETENTION_DAYS : DEFAULT_DEV_ARCHIVE_RETENTION_DAYS;
  }
  const days = Number(value);
  if (!Number.isSafeInteger(days) || days < 1) {
    throw new Error(`-c webhookArchiveRetentionDays=${value} must be a whole number of days, at least 1.`);
  }
  return days;
}

const stackName = (stage: StageName) => `PhysicianMentors-${stage}`;

export class PhysicianMentorsStack extends Stack {
  constructor(scope: Construct, settings: DeploymentSettings) {
    const keepsData = settings.stage === 'prod';
    super(scope, stackName(settings.stage), {
      env: { account: settings.account, region: settings.region },
      description: `Physician Mentors marketplace (${settings.stage})`,
      terminationProtection: keepsData,
    });
    Tags.of(this).add('project', 'physician-mentors');
    Tags.of(this).add('stage', settings.stage);

    const removalPolicy = keepsData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const siteOrigin = settings.customDomain ? `https://${settings.customDomain.domainName}` : LOCAL_SITE_ORIGIN;

    const storage = new Storage(this, 'Storage', { removalPolicy, siteOrigin });
    const data = new Data(this, 'Data', { removalPolicy, deletionProtection: keepsData });
    const auth = new Auth(this, 'Auth', {
      siteOrigin,
      google: settings.google,
      removalPolicy,
      deletionProtection: keepsData,
    });
    const logs = { retention: keepsData ? RetentionDays.SIX_MONTHS : RetentionDays.TWO_WEEKS, removalPolicy };
    auth.userPool.addTrigger(
      UserPoolOperation.CUSTOM_MESSAGE,
      new OperationFunction(this, 'CustomMessage', {
        module: 'triggers/custom-message',
        environment: { SITE_ORIGIN: siteOrigin },
        logs,
      }),
    );
    const scheduler = new JobScheduler(this, 'Scheduler', { removalPolicy });
    const webhookArchive = new WebhookArchive(this, 'WebhookArchive', {
      removalPolicy,
      retentionDays: settings.webhookArchiveRetentionDays,
      logBucket: storage.logBucket,
    });
    const api = new Api(this, 'Api', {
      routes,
      jobs,
      table: data.table,
      mediaBucket: storage.mediaBucket,
      webhookArchive: webhookArchive.bucket,
      scheduler,
      issuer: auth.issuer,
      audience: auth.client.userPoolClientId,
      mailFrom: settings.mailFrom,
      integrationSecrets: new IntegrationSecrets(this, 'Integrations', { removalPolicy }).secrets,
      environment: {
        PLATFORM_FEE_PERCENT: String(settings.platformFeePercent),
        STAGE: settings.stage,
        SITE_ORIGIN: siteOrigin,
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.client.userPoolClientId,
      },
      logs,
    });
    new Finance(this, 'Finance', {
      userPool: auth.userPool,
      scheduler,
      reconcileFunction: api.jobFunctions.get('reconcileLedger') as OperationFunction,
      stage: settings.stage,
    });
    const web = new Web(this, 'Web', {
      siteBucket: storage.siteBucket,
      mediaBucket: storage.mediaBucket,
      logBucket: storage.logBucket,
      apiOriginDomainName: api.originDomainName,
      // Parsed here so a bad URL or e-mail in the context fails the synth, not the browser.
      config: runtimeConfig.parse({
        stage: settings.stage,
        region: this.region,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        oauthDomain: auth.oauthDomain,
        ...settings.site,
      }),
      spaBuildDir: existsSync(`${SPA_BUILD_DIR}/index.html`) ? SPA_BUILD_DIR : undefined,
      customDomain: settings.customDomain,
    });

    new CfnOutput(this, 'DistributionDomainName', { value: web.distribution.distributionDomainName });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
  }
}

/** The whole CDK app: the stage's stack, checked by cdk-nag's AWS Solutions pack. */
export function definePhysicianMentorsApp(app: App): PhysicianMentorsStack {
  const stack = new PhysicianMentorsStack(app, settingsFromContext(app.node));
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
