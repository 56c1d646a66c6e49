/**
 * Rotating the origin secret (functions/adapters/origin-secret.ts) the way Secrets Manager rotates
 * any secret: four calls of one function, each naming its step and the version being made
 * (`ClientRequestToken`). This is what each step does, decided without AWS; the handler
 * (origin-secret-rotation.ts) performs it.
 */

export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

/** What DescribeSecret says of the secret: whether rotation is on, and each version's staging labels. */
export interface SecretVersions {
  rotationEnabled: boolean;
  versionStages: Readonly<Record<string, readonly string[]>>;
}

export type RotationAction =
  /** The version is current already: a step repeated after the rotation finished. */
  | { kind: 'nothing' }
  /** createSecret: give the pending version a new random value, unless an earlier try did. */
  | { kind: 'create-pending' }
  /** setSecret: CloudFront sends the pending value from now on. */
  | { kind: 'send-pending' }
  /** testSecret: the distribution's configuration carries the pending value. */
  | { kind: 'check-sent' }
  /** finishSecret: the pending version becomes AWSCURRENT; the one that was becomes AWSPREVIOUS. */
  | { kind: 'promote'; fromVersion: string | undefined };

export function rotationAction(step: RotationStep, token: string, secret: SecretVersions): RotationAction {
  if (!secret.rotationEnabled) throw new Error('Rotation is not enabled on the origin secret.');
  const stages = secret.versionStages[token];
  if (!stages) throw new Error(`The origin secret has no version ${token} to rotate to.`);
  if (stages.includes('AWSCURRENT')) return { kind: 'nothing' };
  if (!stages.includes('AWSPENDING')) throw new Error(`Version ${token} of the origin secret is not AWSPENDING.`);
  switch (step) {
    case 'createSecret':
      return { kind: 'create-pending' };
    case 'setSecret':
      return { kind: 'send-pending' };
    case 'testSecret':
      return { kind: 'check-sent' };
    case 'finishSecret': {
      const current = Object.entries(secret.versionStages).find(([, labels]) => labels.includes('AWSCURRENT'));
      return { kind: 'promote', fromVersion: current?.[0] };
    }
  }
}

/**
 * How long setSecret waits before CloudFront starts sending the pending value: until every warm
 * API function may have looked its values up again (origin-secret.ts refreshes an unknown value at
 * most once per RELOAD_AFTER_MS), so none refuses the new header for having read the secret just
 * before the pending version existed.
 */
export function waitBeforeSending(pendingCreatedAt: Date, reloadAfterMs: number, now: Date): number {
  const margin = 2_000;
  return Math.max(0, pendingCreatedAt.getTime() + reloadAfterMs + margin - now.getTime());
}

/** The parts of CloudFront's DistributionConfig this reads and writes; everything else passes through as it is. */
export interface OriginsConfig {
  Origins?: {
    Quantity: number | undefined;
    Items?: { Id?: string; CustomHeaders?: { Quantity: number | undefined; Items?: OriginHeader[] } }[];
  };
}

interface OriginHeader {
  HeaderName: string | undefined;
  HeaderValue: string | undefined;
}

const headersOf = (config: OriginsConfig, header: string): OriginHeader[] =>
  (config.Origins?.Items ?? [])
    .flatMap((origin) => origin.CustomHeaders?.Items ?? [])
    .filter((each) => each.HeaderName?.toLowerCase() === header.toLowerCase());

/** The value each origin carrying `header` sends (the API's origins; the buckets carry none). */
export const originHeaderValues = (config: OriginsConfig, header: string): (string | undefined)[] =>
  headersOf(config, header).map((each) => each.HeaderValue);

/**
 * The configuration with `value` in every origin's `header`, for UpdateDistribution; `changed` is
 * false when it was there already (a repeated setSecret). A configuration without the header is an
 * error: the rotation would otherwise change nothing and then promote a value nobody sends.
 */
export function withOriginHeader<T extends OriginsConfig>(
  config: T,
  header: string,
  value: string,
): { config: T; changed: boolean } {
  const values = originHeaderValues(config, header);
  if (values.length === 0) throw new Error(`No origin of the distribution sends ${header}.`);
  if (values.every((each) => each === value)) return { config, changed: false };
  const copy = structuredClone(config);
  for (const each of headersOf(copy, header)) each.HeaderValue = value;
  return { config: copy, changed: true };
}

/** testSecret's check: every origin carrying `header` sends `value`. */
export function sendsOriginHeader(config: OriginsConfig, header: string, value: string): boolean {
  const values = originHeaderValues(config, header);
  return values.length > 0 && values.every((each) => each === value);
}
