import type { DistributionConfig } from '@aws-sdk/client-cloudfront';
import { describe, expect, it, vi } from 'vitest';
import {
  cameThroughCloudFront,
  ORIGIN_HEADER,
  ORIGIN_SECRET_ARN_VARIABLE,
  ORIGIN_SECRET_VARIABLE,
  RELOAD_AFTER_MS,
} from '../../functions/adapters/origin-secret';
import { rotateOriginSecret } from '../../functions/workflows/operations/rotate-origin-secret';
import {
  type RotationStep,
  rotationAction,
  sendsOriginHeader,
  waitBeforeSending,
  withOriginHeader,
} from '../../functions/domain/origin-secret-rotation';
import type { RotatingSecret } from '../../functions/domain/ports';

const STEPS: RotationStep[] = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'];

describe('which step does what, by the version stages', () => {
  const rotating = { rotationEnabled: true, versionStages: { old: ['AWSCURRENT'], token: ['AWSPENDING'] } };

  it('creates, sends, checks, then promotes the pending version over the current one', () => {
    expect(STEPS.map((step) => rotationAction(step, 'token', rotating))).toEqual([
      { kind: 'create-pending' },
      { kind: 'send-pending' },
      { kind: 'check-sent' },
      { kind: 'promote', fromVersion: 'old' },
    ]);
  });

  it('does nothing for a version that is current already (a step repeated after the rotation finished)', () => {
    const finished = { rotationEnabled: true, versionStages: { old: ['AWSPREVIOUS'], token: ['AWSCURRENT'] } };
    for (const step of STEPS) expect(rotationAction(step, 'token', finished)).toEqual({ kind: 'nothing' });
  });

  it('refuses a version that is not pending, a version the secret lacks, and a secret without rotation', () => {
    const stale = { rotationEnabled: true, versionStages: { old: ['AWSCURRENT'], token: ['AWSPREVIOUS'] } };
    expect(() => rotationAction('setSecret', 'token', stale)).toThrow(/not AWSPENDING/);
    expect(() => rotationAction('createSecret', 'other', rotating)).toThrow(/no version other/);
    expect(() => rotationAction('createSecret', 'token', { ...rotating, rotationEnabled: false })).toThrow(
      /not enabled/,
    );
  });

  it('waits before CloudFront sends the new value until every API function may have looked it up', () => {
    const created = new Date('2026-11-25T10:00:00Z');
    expect(waitBeforeSending(created, RELOAD_AFTER_MS, created)).toBe(RELOAD_AFTER_MS + 2_000);
    expect(waitBeforeSending(created, RELOAD_AFTER_MS, new Date(created.getTime() + 5_000))).toBe(
      RELOAD_AFTER_MS - 3_000,
    );
    expect(waitBeforeSending(created, RELOAD_AFTER_MS, new Date(created.getTime() + 60_000))).toBe(0);
  });
});

/** The shape GetDistributionConfig returns: two API origins carrying the header, one bucket origin without. */
const distributionConfig = (value: string): DistributionConfig =>
  ({
    CallerReference: 'ref',
    Comment: '',
    Enabled: true,
    Origins: {
      Quantity: 3,
      Items: [
        { Id: 'site', DomainName: 'site.s3.amazonaws.com', CustomHeaders: { Quantity: 0 } },
        {
          Id: 'api',
          DomainName: 'abc.execute-api.us-east-1.amazonaws.com',
          CustomHeaders: { Quantity: 1, Items: [{ HeaderName: ORIGIN_HEADER, HeaderValue: value }] },
        },
        {
          Id: 'api-directory',
          DomainName: 'abc.execute-api.us-east-1.amazonaws.com',
          CustomHeaders: { Quantity: 1, Items: [{ HeaderName: ORIGIN_HEADER, HeaderValue: value }] },
        },
      ],
    },
  }) as DistributionConfig;

describe("the distribution's origin header", () => {
  it('is replaced in every API origin, leaving the rest of the configuration as it was', () => {
    const before = distributionConfig('old-value');
    const { config, changed } = withOriginHeader(before, ORIGIN_HEADER, 'new-value');
    expect(changed).toBe(true);
    expect(config).toEqual(
      expect.objectContaining({
        CallerReference: 'ref',
        Enabled: true,
        Origins: distributionConfig('new-value').Origins,
      }),
    );
    expect(before).toEqual(distributionConfig('old-value'));
    expect(sendsOriginHeader(config, ORIGIN_HEADER, 'new-value')).toBe(true);
    expect(sendsOriginHeader(before, ORIGIN_HEADER, 'new-value')).toBe(false);
  });

  it('is left alone when it already holds the value, and a configuration without it is an error', () => {
    expect(withOriginHeader(distributionConfig('v'), ORIGIN_HEADER, 'v').changed).toBe(false);
    const bare = { Origins: { Quantity: 1, Items: [{ Id: 'site', CustomHeaders: { Quantity: 0 } }] } };
    expect(() => withOriginHeader(bare, ORIGIN_HEADER, 'v')).toThrow(/No origin/);
    expect(sendsOriginHeader(bare, ORIGIN_HEADER, 'v')).toBe(false);
  });
});

/** Secrets Manager's bookkeeping of versions and labels, as the rotation contract describes it. */
function fakeSecret(): RotatingSecret & {
  values: Map<string, { value: string; createdAt: Date }>;
  stages: Map<string, string[]>;
} {
  const values = new Map([['v1', { value: 'first-value', createdAt: new Date(0) }]]);
  const stages = new Map([['v1', ['AWSCURRENT']]]);
  return {
    values,
    stages,
    async versions() {
      return { rotationEnabled: true, versionStages: Object.fromEntries(stages) };
    },
    async pending(version) {
      return stages.get(version)?.includes('AWSPENDING') ? values.get(version) : undefined;
    },
    async putPending(version, value) {
      values.set(version, { value, createdAt: new Date('2026-11-25T10:00:00Z') });
    },
    async promote(version, fromVersion) {
      for (const [id, labels] of stages)
        stages.set(
          id,
          labels.filter((label) => label !== 'AWSPREVIOUS'),
        );
      if (fromVersion) stages.set(fromVersion, ['AWSPREVIOUS']);
      stages.set(version, ['AWSCURRENT', ...(stages.get(version) ?? []).filter((label) => label !== 'AWSCURRENT')]);
    },
  };
}

describe('a whole rotation, as Secrets Manager calls it', () => {
  it('makes a new value, has CloudFront send it (with the ETag it read), checks it and makes it current; repeating any step changes nothing', async () => {
    const secret = fakeSecret();
    let stored = { config: distributionConfig('first-value'), etag: 'E1' };
    const writes: string[] = [];
    const waits: number[] = [];
    const ports = {
      secret,
      distribution: {
        read: async () => stored,
        async write(config: DistributionConfig, etag: string) {
          if (etag !== stored.etag) throw new Error('PreconditionFailed');
          writes.push(etag);
          stored = { config, etag: `E${writes.length + 1}` };
        },
      },
      newValue: () => 'second-value',
      now: () => new Date('2026-11-25T10:00:05Z'),
      wait: async (ms: number) => {
        waits.push(ms);
      },
    };
    // RotateSecret stages AWSPENDING on the new version id before calling createSecret.
    secret.stages.set('v2', ['AWSPENDING']);
    for (const step of STEPS) {
      await rotateOriginSecret(step, 'v2', ports);
      if (step !== 'finishSecret') await rotateOriginSecret(step, 'v2', ports);
    }
    expect(secret.values.get('v2')?.value).toBe('second-value');
    expect(sendsOriginHeader(stored.config, ORIGIN_HEADER, 'second-value')).toBe(true);
    expect(writes).toEqual(['E1']);
    expect(waits[0]).toBe(RELOAD_AFTER_MS - 3_000);
    expect(Object.fromEntries(secret.stages)).toEqual({ v1: ['AWSPREVIOUS'], v2: ['AWSCURRENT', 'AWSPENDING'] });
    await rotateOriginSecret('finishSecret', 'v2', ports);
    expect(Object.fromEntries(secret.stages)).toEqual({ v1: ['AWSPREVIOUS'], v2: ['AWSCURRENT', 'AWSPENDING'] });
  });

  it('fails testSecret when the distribution does not send the pending value, so the rotation stops before promoting it', async () => {
    const secret = fakeSecret();
    secret.stages.set('v2', ['AWSPENDING']);
    const ports = {
      secret,
      distribution: {
        read: async () => ({ config: distributionConfig('first-value'), etag: 'E1' }),
        write: async () => {},
      },
      newValue: () => 'second-value',
      now: () => new Date(),
      wait: async () => {},
    };
    await rotateOriginSecret('createSecret', 'v2', ports);
    await expect(rotateOriginSecret('testSecret', 'v2', ports)).rejects.toThrow(/does not send version v2/);
    expect(secret.stages.get('v1')).toEqual(['AWSCURRENT']);
  });
});

const secretLabels = vi.hoisted(() => new Map<string, string>());
const lookups = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../functions/adapters/secret-fields', () => ({
  readSecretString: async (_arn: string, stage: string) => {
    lookups.count += 1;
    return secretLabels.get(stage);
  },
}));

describe("the API's origin check during a rotation", () => {
  it('accepts the current, pending and previous values, looks an unknown one up again only after a pause, and forgets a retired one', async () => {
    vi.stubEnv(ORIGIN_SECRET_ARN_VARIABLE, 'arn:aws:secretsmanager:us-east-1:111111111111:secret:origin');
    vi.stubEnv(ORIGIN_SECRET_VARIABLE, '');
    const start = Date.parse('2026-11-25T10:00:00Z');
    secretLabels.set('AWSCURRENT', 'first');
    expect(await cameThroughCloudFront('first', start)).toBe(true);
    // createSecret: a pending value this function has not read yet is refused until the pause is over.
    secretLabels.set('AWSPENDING', 'second');
    expect(await cameThroughCloudFront('second', start + 1_000)).toBe(false);
    const before = lookups.count;
    expect(await cameThroughCloudFront('forged', start + 2_000)).toBe(false);
    expect(lookups.count).toBe(before);
    expect(await cameThroughCloudFront('second', start + RELOAD_AFTER_MS)).toBe(true);
    // finishSecret: the old value is AWSPREVIOUS, still sent by edges not yet switched.
    secretLabels.set('AWSCURRENT', 'second');
    secretLabels.set('AWSPREVIOUS', 'first');
    expect(await cameThroughCloudFront('first', start + RELOAD_AFTER_MS + 1_000)).toBe(true);
    // The next rotation retires it: once the kept values are older than five minutes they are read again.
    secretLabels.set('AWSCURRENT', 'third');
    secretLabels.set('AWSPENDING', 'third');
    secretLabels.set('AWSPREVIOUS', 'second');
    expect(await cameThroughCloudFront('first', start + RELOAD_AFTER_MS + 5 * 60_000)).toBe(false);
    expect(await cameThroughCloudFront(undefined, start + RELOAD_AFTER_MS + 5 * 60_000)).toBe(false);
    vi.unstubAllEnvs();
  });
});
