import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestLog } from '../../bin/local/request-log';
import { cloudFrontDistribution } from '../../functions/adapters/distribution-config';
import { integrationSecretsLoaded, secretArnVariable } from '../../functions/adapters/integration-secrets';
import {
  cameThroughCloudFront,
  ORIGIN_HEADER,
  ORIGIN_SECRET_ARN_VARIABLE,
  ORIGIN_SECRET_VARIABLE,
  RELOAD_AFTER_MS,
} from '../../functions/adapters/origin-secret';
import { rotatingSecret } from '../../functions/adapters/rotating-secret';
import type { RotationStep } from '../../functions/domain/origin-secret-rotation';
import { type RotationPorts, rotateOriginSecret } from '../../functions/workflows/operations/rotate-origin-secret';
import { type CloudFrontStandIn, startCloudFrontStandIn } from '../support/cloudfront-standin';
import { type SecretsManagerStandIn, startSecretsManagerStandIn } from '../support/secrets-manager-standin';

/**
 * The production adapters for Secrets Manager and CloudFront (functions/adapters/secret-fields.ts,
 * rotating-secret.ts, distribution-config.ts, integration-secrets.ts) over the AWS SDK, against
 * stand-ins speaking those services' wire protocols.
 */

const log = new RequestLog();
let clock = Date.parse('2026-11-25T10:00:00Z');
let secretsManager: SecretsManagerStandIn;
let cloudFront: CloudFrontStandIn;

beforeAll(async () => {
  secretsManager = await startSecretsManagerStandIn({ log, now: () => clock });
  cloudFront = await startCloudFrontStandIn({ log });
  vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', secretsManager.url);
  vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT', cloudFront.url);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
  vi.stubEnv('AWS_PROFILE', undefined);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([secretsManager.stop(), cloudFront.stop()]);
});

beforeEach(() => log.clear());

const actions = (provider: 'secretsmanager' | 'cloudfront') =>
  log.list(provider).map(({ action, status }) => `${action} ${status}`);

/** The origins as lib/web.ts makes them: the site bucket without the header, the API's two origins with it. */
const distributionXml = (value: string) => `<DistributionConfig xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/">
  <CallerReference>web-stack</CallerReference>
  <Origins><Quantity>3</Quantity><Items>
    <Origin><Id>site</Id><DomainName>site.s3.amazonaws.com</DomainName><CustomHeaders><Quantity>0</Quantity></CustomHeaders></Origin>
    <Origin><Id>api</Id><DomainName>abc.execute-api.us-east-1.amazonaws.com</DomainName>
      <CustomHeaders><Quantity>1</Quantity><Items><OriginCustomHeader><HeaderName>${ORIGIN_HEADER}</HeaderName><HeaderValue>${value}</HeaderValue></OriginCustomHeader></Items></CustomHeaders></Origin>
    <Origin><Id>api-directory</Id><DomainName>abc.execute-api.us-east-1.amazonaws.com</DomainName>
      <CustomHeaders><Quantity>1</Quantity><Items><OriginCustomHeader><HeaderName>${ORIGIN_HEADER}</HeaderName><HeaderValue>${value}</HeaderValue></OriginCustomHeader></Items></CustomHeaders></Origin>
  </Items></Origins>
  <Comment>site</Comment>
  <Enabled>true</Enabled>
</DistributionConfig>`;

/** What the rotation function (functions/jobs/rotate-origin-secret.ts) gives the workflow, on the stand-ins' clock; waits are recorded, not slept. */
const rotationPorts = (secretArn: string, distributionId: string, waits: number[] = []): RotationPorts => ({
  secret: rotatingSecret(secretArn),
  distribution: cloudFrontDistribution(distributionId),
  newValue: () => 'second-value',
  now: () => new Date(clock),
  wait: async (ms) => {
    waits.push(ms);
  },
});

const STEPS: RotationStep[] = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'];

describe('a rotation of the origin secret, as Secrets Manager calls it', () => {
  it('makes a pending value, has CloudFront send it once, checks it and promotes it; every step may be retried', async () => {
    const arn = secretsManager.createSecret('origin', 'first-value', 'v1');
    secretsManager.enableRotation('origin');
    cloudFront.createDistribution('E2DIST', distributionXml('first-value'));
    const waits: number[] = [];
    const ports = rotationPorts(arn, 'E2DIST', waits);
    secretsManager.startRotation('origin', 'v2');
    for (const step of STEPS) {
      await rotateOriginSecret(step, 'v2', ports);
      if (step === 'createSecret') clock += 5_000;
      await rotateOriginSecret(step, 'v2', ports);
    }

    expect(secretsManager.valueAt('origin', 'AWSCURRENT')).toBe('second-value');
    expect(secretsManager.valueAt('origin', 'AWSPREVIOUS')).toBe('first-value');
    expect(cloudFront.headerValues('E2DIST', ORIGIN_HEADER)).toEqual(['second-value', 'second-value']);
    // The wait runs from the pending version's CreatedDate, as Secrets Manager reports it.
    expect(waits).toEqual([RELOAD_AFTER_MS - 3_000, RELOAD_AFTER_MS - 3_000]);
    expect(actions('cloudfront').filter((each) => each.startsWith('UpdateDistribution'))).toEqual([
      'UpdateDistribution 200',
    ]);
    // createSecret's first try finds no value for the pending version (404 from the SDK's point of view: 400 ResourceNotFoundException) and writes one.
    expect(actions('secretsmanager').slice(0, 3)).toEqual([
      'DescribeSecret 200',
      'GetSecretValue 400',
      'PutSecretValue 200',
    ]);
  });

  it('stops at testSecret when the distribution does not send the pending value, leaving the current one current', async () => {
    const arn = secretsManager.createSecret('unsent', 'first-value', 'v1');
    secretsManager.enableRotation('unsent');
    cloudFront.createDistribution('E2UNSENT', distributionXml('first-value'));
    const ports = rotationPorts(arn, 'E2UNSENT');
    secretsManager.startRotation('unsent', 'v2');
    await rotateOriginSecret('createSecret', 'v2', ports);
    await expect(rotateOriginSecret('testSecret', 'v2', ports)).rejects.toThrow(/does not send version v2/);
    expect(secretsManager.valueAt('unsent', 'AWSCURRENT')).toBe('first-value');
  });

  it('refuses a rotation of a secret whose rotation is off, before writing anything', async () => {
    const arn = secretsManager.createSecret('not-rotating', 'value', 'v1');
    secretsManager.startRotation('not-rotating', 'v2');
    const ports = rotationPorts(arn, 'E2NONE');
    await expect(rotateOriginSecret('createSecret', 'v2', ports)).rejects.toThrow(/not enabled/);
    expect(actions('secretsmanager')).toEqual(['DescribeSecret 200']);
  });

  it("writes the distribution with the ETag it read, so another writer's change in between is not overwritten", async () => {
    cloudFront.createDistribution('E2RACE', distributionXml('first-value'));
    const distribution = cloudFrontDistribution('E2RACE');
    const { config, etag } = await distribution.read();
    cloudFront.touch('E2RACE');
    await expect(distribution.write(config, etag)).rejects.toMatchObject({ name: 'PreconditionFailed' });
    await expect(cloudFrontDistribution('E2MISSING').read()).rejects.toMatchObject({ name: 'NoSuchDistribution' });
    const fresh = await distribution.read();
    await distribution.write(fresh.config, fresh.etag);
    expect(actions('cloudfront')).toEqual([
      'GetDistributionConfig 200',
      'UpdateDistribution 412',
      'GetDistributionConfig 404',
      'GetDistributionConfig 200',
      'UpdateDistribution 200',
    ]);
  });

  it('lets the API accept the current and previous values through the origin check, read from Secrets Manager', async () => {
    const arn = secretsManager.createSecret('checked', 'first', 'v1');
    vi.stubEnv(ORIGIN_SECRET_ARN_VARIABLE, arn);
    vi.stubEnv(ORIGIN_SECRET_VARIABLE, '');
    // Never rotated: no version is AWSPENDING or AWSPREVIOUS, and Secrets Manager says so with ResourceNotFoundException.
    expect(await cameThroughCloudFront('first', clock)).toBe(true);
    expect(actions('secretsmanager').sort()).toEqual([
      'GetSecretValue 200',
      'GetSecretValue 400',
      'GetSecretValue 400',
    ]);
    secretsManager.enableRotation('checked');
    secretsManager.startRotation('checked', 'v2');
    const secret = rotatingSecret(arn);
    await secret.putPending('v2', 'second');
    await secret.promote('v2', 'v1');
    expect(await cameThroughCloudFront('first', clock + RELOAD_AFTER_MS + 5 * 60_000)).toBe(true);
    expect(await cameThroughCloudFront('second', clock + RELOAD_AFTER_MS + 5 * 60_000)).toBe(true);
    expect(await cameThroughCloudFront('forged', clock + RELOAD_AFTER_MS + 5 * 60_000)).toBe(false);
  });
});

describe("a function's integration secrets", () => {
  beforeEach(() => {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CONNECT_WEBHOOK_SECRET'])
      vi.stubEnv(name, undefined);
    for (const name of ['ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET', 'ZOOM_WEBHOOK_SECRET_TOKEN'])
      vi.stubEnv(name, undefined);
  });

  it('are read once per cold start into the variables the adapters read, leaving out fields the secret lacks', async () => {
    const arn = secretsManager.createSecret(
      'stripe',
      JSON.stringify({ secretKey: 'sk_test_123', webhookSecret: 'whsec_456', unrelated: 'x' }),
    );
    vi.stubEnv(secretArnVariable('stripe'), arn);
    await Promise.all([integrationSecretsLoaded(), integrationSecretsLoaded()]);
    await integrationSecretsLoaded();
    expect(process.env.STRIPE_SECRET_KEY).toBe('sk_test_123');
    expect(process.env.STRIPE_WEBHOOK_SECRET).toBe('whsec_456');
    expect(process.env.STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
    expect(actions('secretsmanager')).toEqual(['GetSecretValue 200']);
  });

  it('are read again on the next call after a failed read, and a secret that is not an object of strings is refused', async () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:zoom-AbCdEf';
    vi.stubEnv(secretArnVariable('zoom'), arn);
    await expect(integrationSecretsLoaded()).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    secretsManager.createSecret('zoom', JSON.stringify({ clientId: 'zoom-id', clientSecret: 42 }));
    await expect(integrationSecretsLoaded()).rejects.toThrow(/expected string/i);
    expect(process.env.ZOOM_CLIENT_ID).toBeUndefined();
    secretsManager.createSecret(
      'zoom',
      JSON.stringify({ clientId: 'zoom-id', clientSecret: 'zoom-secret', webhookSecretToken: 'zoom-token' }),
    );
    await integrationSecretsLoaded();
    expect([process.env.ZOOM_CLIENT_ID, process.env.ZOOM_CLIENT_SECRET, process.env.ZOOM_WEBHOOK_SECRET_TOKEN]).toEqual(
      ['zoom-id', 'zoom-secret', 'zoom-token'],
    );
    expect(actions('secretsmanager')).toEqual(['GetSecretValue 400', 'GetSecretValue 200', 'GetSecretValue 200']);
  });
});
