import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type App, CfnOutput, Lazy, RemovalPolicy, SecretValue, Stack, Tags, Validations } from 'aws-cdk-lib';
import { UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct, Node } from 'constructs';
import { type FeeRule, feeRuleFrom, isFeeRule } from '../functions/domain/fees';
import { jobs, routes } from '../functions/routes';
import { feeRuleEnvironment } from '../functions/runtime/fee-rule';
import { type RuntimeConfig, runtimeConfig } from '../functions/schemas/config';
import { AccountLinking } from './account-linking';
import { AuditExport, denyAuditRewrites } from './audit-log';
import { Api, OperationFunction } from './api';
import { Auth, type GoogleSignIn } from './auth';
import { deadLetterKeeperEntry, directoryRebuildEntry, originSecretRotationEntry } from './bundling';
import { DeadLetterKeeper } from './dead-letters';
import { Data } from './data';
import { DirectorySnapshot } from './directory-snapshot';
import { IntegrationSecrets } from './integrations';
import { CalendarBusyRefresh, TokenKey } from './mentor-calendars';
import {
  DEFAULT_DEV_ARCHIVE_RETENTION_DAYS,
  DEFAULT_PROD_ARCHIVE_RETENTION_DAYS,
  Finance,
  WebhookArchive,
} from './finance';
import { EdgeStack, type EdgeResources, edgeResources } from './edge-stack';
import { EDGE_REGION } from './page-fallback';
import { MailIdentityStack } from './mail';
import { type AlarmDestination, Observability } from './observability';
import { JobScheduler } from './scheduler';
import { DEFAULT_NPI_REGISTRY_URL, NpiRecheck } from './npi-recheck';
import { feedSessionWork } from './session-work';
import { OriginSecretRotation } from './origin-secret-rotation';
import { Storage, UploadCors } from './storage';
import { type CustomDomain, Web } from './web';

const STAGES = ['dev', 'prod'] as const;
type StageName = (typeof STAGES)[number];
const isStage = (value: string): value is StageName => STAGES.some((stage) => stage === value);

/**
 * The local stack's Vite dev server: a stage without a domain also lets it sign in and upload,
 * for developing the SPA against that stage.
 */
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
  /**
   * Set when a sender is configured (`-c mailFrom=…`), and always in prod: Cognito then sends its
   * codes through SES from `mailFrom` (its default sender stops at 50 e-mails a day), and the app
   * gets a stack with the SES identity of `domain`.
   */
  sesSender?: { from: string; domain: string };
  /** What the platform keeps of each paid session: a share, never below a floor covering Stripe's fee (domain/fees.ts). */
  feeRule: FeeRule;
  /** How long the raw webhook archive keeps each event body. */
  webhookArchiveRetentionDays: number;
  site: Pick<RuntimeConfig, 'privacyPolicyUrl' | 'termsOfServiceUrl' | 'supportEmail' | 'analyticsScriptPath'>;
  /** Where alarms go; required in prod, so an alarm always reaches someone. */
  alarmDestination?: AlarmDestination;
  /** Where the NPI checks reach the NPPES NPI Registry API (`-c npiRegistryUrl=…`). */
  npiRegistryUrl: string;
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

  if (context('originSecretVersion')) {
    throw new Error(
      '-c originSecretVersion is gone: the origin secret rotates itself and CloudFront always sends its AWSCURRENT value (README, One way in). Drop the flag.',
    );
  }
  const stage = context('stage') ?? 'dev';
  if (!isStage(stage)) throw new Error(`Unknown stage "${stage}": use -c stage=dev or -c stage=prod.`);
  const domain = pair('domainName', 'certificateArn');
  if (stage === 'prod' && !domain) {
    throw new Error('stage=prod needs -c domainName=… -c certificateArn=… (an ACM certificate in us-east-1).');
  }
  const google = pair('googleClientId', 'googleClientSecretName');
  const siteDomain = domain?.[0] ?? PLACEHOLDER_DOMAIN;
  const mailFrom = context('mailFrom') ?? `no-reply@${siteDomain}`;
  const senderConfigured = context('mailFrom') !== undefined || stage === 'prod';
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
    mailFrom,
    sesSender: senderConfigured ? { from: mailFrom, domain: mailFrom.split('@')[1] ?? mailFrom } : undefined,
    feeRule: feeRuleFromContext(context),
    webhookArchiveRetentionDays: archiveRetentionDays(context('webhookArchiveRetentionDays'), stage),
    site: {
      privacyPolicyUrl: context('privacyPolicyUrl') ?? `https://policies.${PLACEHOLDER_DOMAIN}/privacy`,
      termsOfServiceUrl: context('termsOfServiceUrl') ?? `https://policies.${PLACEHOLDER_DOMAIN}/terms`,
      supportEmail: context('supportEmail') ?? `support@${siteDomain}`,
      analyticsScriptPath: context('analyticsScriptPath'),
    },
    alarmDestination: alarmDestination(context('alarmEmail'), context('alarmTopicArn'), stage),
    npiRegistryUrl: httpsUrl('npiRegistryUrl', context('npiRegistryUrl') ?? DEFAULT_NPI_REGISTRY_URL),
  };
}

function httpsUrl(key: string, value: string): string {
  if (!URL.canParse(value) || new URL(value).protocol !== 'https:') {
    throw new Error(`-c ${key}=${value} must be an https:// address.`);
  }
  return value.replace(/\/+$/, '');
}

function alarmDestination(
  email: string | undefined,
  topicArn: string | undefined,
  stage: StageName,
): AlarmDestination | undefined {
  if (email && topicArn) throw new Error('Give -c alarmEmail=… or -c alarmTopicArn=…, not both.');
  if (topicArn && !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/.test(topicArn)) {
    throw new Error(`-c alarmTopicArn=${topicArn} is not an SNS topic ARN.`);
  }
  if (stage === 'prod' && !email && !topicArn) {
    throw new Error(
      'stage=prod needs somewhere to send alarms: -c alarmEmail=<operators@…> or -c alarmTopicArn=<arn:aws:sns:…> (an existing topic, e.g. one paging on-call).',
    );
  }
  if (email) return { email };
  return topicArn ? { topicArn } : undefined;
}

const FEE_RULE_CONTEXT: Record<keyof FeeRule, string> = {
  percent: 'platformFeePercent',
  floorPercent: 'platformFeeFloorPercent',
  floorCents: 'platformFeeFloorCents',
};

function feeRuleFromContext(context: (key: string) => string | undefined): FeeRule {
  const rule = feeRuleFrom((part) => context(FEE_RULE_CONTEXT[part]));
  if (!isFeeRule(rule)) {
    throw new Error(
      `-c platformFeePercent, platformFeeFloorPercent (each from 0 to below 100) and platformFeeFloorCents (a whole number, at least 0) are invalid: ${JSON.stringify(rule)}.`,
    );
  }
  return rule;
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
  /** `edge`: the resources of an EdgeStack when this stack is not in us-east-1; else they are made here. */
  constructor(scope: Construct, settings: DeploymentSettings, edge?: EdgeResources) {
    const keepsData = settings.stage === 'prod';
    super(scope, stackName(settings.stage), {
      env: { account: settings.account, region: settings.region },
      description: `Physician Mentors marketplace (${settings.stage})`,
      terminationProtection: keepsData,
      crossRegionReferences: edge !== undefined,
    });
    Tags.of(this).add('project', 'physician-mentors');
    Tags.of(this).add('stage', settings.stage);

    const removalPolicy = keepsData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    // Without a domain the site lives at the distribution's address, which exists only once the
    // distribution is defined (after the API it fronts): read lazily, at synth, by everything that
    // links to the site (Cognito's callbacks, e-mails, Stripe and OAuth return URLs).
    let web: Web | undefined;
    const siteOrigin = settings.customDomain
      ? `https://${settings.customDomain.domainName}`
      : Lazy.string({ produce: () => `https://${web?.distribution.distributionDomainName}` });
    const siteOrigins = settings.customDomain ? [siteOrigin] : [siteOrigin, LOCAL_SITE_ORIGIN];

    const storage = new Storage(this, 'Storage', {
      removalPolicy,
      uploadOrigins: settings.customDomain ? siteOrigins : undefined,
    });
    const data = new Data(this, 'Data', { removalPolicy, deletionProtection: keepsData });
    const auth = new Auth(this, 'Auth', {
      siteOrigins,
      google: settings.google,
      sesSender: settings.sesSender,
      removalPolicy,
      deletionProtection: keepsData,
    });
    const logs = { retention: keepsData ? RetentionDays.SIX_MONTHS : RetentionDays.TWO_WEEKS, removalPolicy };
    const customMessage = new OperationFunction(this, 'CustomMessage', {
      module: 'handlers/cognito/custom-message',
      environment: { SITE_ORIGIN: siteOrigin },
      logs,
    });
    auth.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, customMessage);
    const accountLinking =
      settings.google && new AccountLinking(this, 'AccountLinking', { userPool: auth.userPool, logs });
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
      userPool: auth.userPool,
      mediaBucket: storage.mediaBucket,
      siteBucket: storage.siteBucket,
      webhookArchive: webhookArchive.bucket,
      scheduler,
      issuer: auth.issuer,
      audience: auth.client.userPoolClientId,
      mailFrom: settings.mailFrom,
      integrationSecrets: new IntegrationSecrets(this, 'Integrations', { removalPolicy }).secrets,
      tokenKey: new TokenKey(this, 'TokenKey', { removalPolicy }).key,
      environment: {
        ...feeRuleEnvironment(settings.feeRule),
        STAGE: settings.stage,
        SITE_ORIGIN: siteOrigin,
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.client.userPoolClientId,
        NPI_REGISTRY_URL: settings.npiRegistryUrl,
      },
      logs,
    });
    feedSessionWork(
      api.jobFunctions.get('startSessionWork') as OperationFunction,
      data.table,
      scheduler.deadLetterQueue,
    );
    const directory = new DirectorySnapshot(this, 'DirectorySnapshot', {
      table: data.table,
      mediaBucket: storage.mediaBucket,
      deadLetterQueue: scheduler.deadLetterQueue,
      logs,
    });
    const deadLetters = new DeadLetterKeeper(this, 'DeadLetters', {
      table: data.table,
      deadLetterQueue: scheduler.deadLetterQueue,
      logs,
    });
    new CalendarBusyRefresh(this, 'CalendarBusyRefresh', {
      scheduler,
      refreshFunction: api.jobFunctions.get('refreshCalendarBusy') as OperationFunction,
    });
    const finance = new Finance(this, 'Finance', {
      userPool: auth.userPool,
      scheduler,
      reconcileFunction: api.jobFunctions.get('reconcileLedger') as OperationFunction,
      payOwedTransfersFunction: api.jobFunctions.get('payOwedTransfers') as OperationFunction,
      sweepSettlementsFunction: api.jobFunctions.get('sweepSettlements') as OperationFunction,
      stage: settings.stage,
    });
    new AuditExport(this, 'AuditExport', {
      scheduler,
      exportFunction: api.jobFunctions.get('exportAuditDay') as OperationFunction,
    });
    new NpiRecheck(this, 'NpiRecheck', {
      scheduler,
      recheckFunction: api.jobFunctions.get('recheckVerifiedMentors') as OperationFunction,
    });
    const { firewall, pageFallback } = edge ?? edgeResources(this, settings.stage);
    web = new Web(this, 'Web', {
      siteBucket: storage.siteBucket,
      mediaBucket: storage.mediaBucket,
      logBucket: storage.logBucket,
      apiOriginDomainName: api.originDomainName,
      // AWSCURRENT at each deploy, never a pinned version: the rotation (below) changes the distribution's
      // header and then makes its value current, so a later deploy sends what CloudFront already sends.
      apiOriginSecret: SecretValue.secretsManager(api.originSecret.secretArn).unsafeUnwrap(),
      // Parsed here so a bad URL or e-mail in the context fails the synth, not the browser.
      config: runtimeConfig.parse({
        stage: settings.stage,
        region: this.region,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        oauthDomain: auth.oauthDomain,
        feeRule: settings.feeRule,
        ...settings.site,
      }),
      spaBuildDir: existsSync(`${SPA_BUILD_DIR}/index.html`) ? SPA_BUILD_DIR : undefined,
      customDomain: settings.customDomain,
      webAclArn: firewall.webAclArn,
      pageFallback: pageFallback.edgeFunction,
    });

    const originSecretRotation = new OriginSecretRotation(this, 'OriginSecretRotation', {
      secret: api.originSecret,
      distribution: web.distribution,
      distributionParts: {
        logBucket: storage.logBucket,
        edgeFunction: pageFallback.edgeFunction,
        webAclArn: firewall.webAclArn,
      },
      logs,
    });
    new Observability(this, 'Observability', {
      stage: settings.stage,
      functions: new Map([
        ['customMessage', customMessage],
        ...(accountLinking ? ([['preSignUp', accountLinking.trigger]] as const) : []),
        ...api.functions,
        [directoryRebuildEntry.operation, directory.rebuild],
        [deadLetterKeeperEntry.operation, deadLetters.keeper],
        [originSecretRotationEntry.operation, originSecretRotation.rotation],
      ]),
      httpApi: api.httpApi,
      table: data.table,
      deadLetterQueue: scheduler.deadLetterQueue,
      otherAlarms: finance.alarms,
      alarmDestination: settings.alarmDestination,
      removalPolicy,
    });

    if (!settings.customDomain)
      new UploadCors(this, 'UploadCors', { bucket: storage.mediaBucket, origins: siteOrigins });

    new CfnOutput(this, 'DistributionDomainName', { value: web.distribution.distributionDomainName });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
  }
}

/**
 * The whole CDK app: the stage's stack (after the stack of its SES sender, when one is
 * configured), its functions denied rewriting the audit log, checked by cdk-nag's AWS Solutions pack.
 */
export function definePhysicianMentorsApp(app: App): PhysicianMentorsStack {
  const settings = settingsFromContext(app.node);
  // Named -waf since it held only the web ACL: renaming it would replace the deployed ACL.
  const edgeStack =
    settings.region === EDGE_REGION
      ? undefined
      : new EdgeStack(app, `${stackName(settings.stage)}-waf`, {
          env: { account: settings.account, region: EDGE_REGION },
          description: `Physician Mentors web ACL and page fallback (${settings.stage}): CloudFront takes them only from ${EDGE_REGION}`,
          terminationProtection: settings.stage === 'prod',
          stage: settings.stage,
        });
  const stack = new PhysicianMentorsStack(app, settings, edgeStack?.resources);
  if (settings.sesSender) {
    const mail = new MailIdentityStack(app, `${stack.stackName}-mail`, {
      env: { account: settings.account, region: settings.region },
      description: `Physician Mentors mail sender (${settings.stage}): deploy first, then publish its DKIM records`,
      terminationProtection: settings.stage === 'prod',
      domain: settings.sesSender.domain,
    });
    stack.addStackDependency(mail);
  }
  // Every stack's functions, the edge stack's too: none may rewrite or delete an audit entry.
  denyAuditRewrites(app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
