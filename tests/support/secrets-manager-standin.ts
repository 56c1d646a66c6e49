import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestLog } from '../../bin/local/request-log';

/**
 * Secrets Manager's JSON 1.1 API (`X-Amz-Target: secretsmanager.<Operation>`), for the calls the
 * product's adapters make (functions/adapters/secret-fields.ts, rotating-secret.ts): DescribeSecret,
 * GetSecretValue, PutSecretValue and UpdateSecretVersionStage, with the staging-label bookkeeping
 * of https://docs.aws.amazon.com/secretsmanager/latest/userguide/whats-in-a-secret.html (a label is
 * on one version at most; moving AWSCURRENT puts AWSPREVIOUS on the version that had it).
 * Point the SDK at it with AWS_ENDPOINT_URL_SECRETS_MANAGER.
 */
export interface SecretsManagerStandIn {
  url: string;
  /** A secret as CreateSecret makes it: one version, AWSCURRENT. */
  createSecret(name: string, value: string, versionId?: string): string;
  enableRotation(name: string): void;
  /**
   * What RotateSecret does before it calls the rotation function's createSecret step: a version
   * `token` labelled AWSPENDING that has no value yet.
   */
  startRotation(name: string, token: string): void;
  /** The value a label is on, as the console would show it. */
  valueAt(name: string, stage: string): string | undefined;
  stop(): Promise<void>;
}

interface Version {
  value?: string;
  stages: string[];
  createdAt: number;
}

interface Secret {
  arn: string;
  name: string;
  rotationEnabled: boolean;
  versions: Map<string, Version>;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () =>
  new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
const noValue = () =>
  new ServiceError(
    'ResourceNotFoundException',
    "Secrets Manager can't find the specified secret value for staging label",
  );

export async function startSecretsManagerStandIn(options: {
  log: RequestLog;
  /** The stand-in's clock, for each version's CreatedDate. */
  now?: () => number;
}): Promise<SecretsManagerStandIn> {
  const now = options.now ?? Date.now;
  const secrets = new Map<string, Secret>();

  const secretNamed = (id: unknown) => {
    const secret =
      typeof id === 'string' ? (secrets.get(id) ?? [...secrets.values()].find((s) => s.arn === id)) : undefined;
    if (!secret) throw notFound();
    return secret;
  };
  const versionAt = (secret: Secret, stage: string) =>
    [...secret.versions].find(([, version]) => version.stages.includes(stage));
  const moveLabel = (secret: Secret, stage: string, to: string) => {
    for (const version of secret.versions.values()) version.stages = version.stages.filter((each) => each !== stage);
    secret.versions.get(to)?.stages.push(stage);
  };
  const dropUnlabelled = (secret: Secret) => {
    for (const [id, version] of secret.versions) if (version.stages.length === 0) secret.versions.delete(id);
  };

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    DescribeSecret(input) {
      const secret = secretNamed(input.SecretId);
      return {
        ARN: secret.arn,
        Name: secret.name,
        RotationEnabled: secret.rotationEnabled,
        VersionIdsToStages: Object.fromEntries([...secret.versions].map(([id, version]) => [id, version.stages])),
      };
    },
    GetSecretValue(input) {
      const secret = secretNamed(input.SecretId);
      const stage = typeof input.VersionStage === 'string' ? input.VersionStage : undefined;
      const versionId =
        typeof input.VersionId === 'string' ? input.VersionId : versionAt(secret, stage ?? 'AWSCURRENT')?.[0];
      const version = versionId ? secret.versions.get(versionId) : undefined;
      if (!versionId || !version || version.value === undefined) throw noValue();
      if (stage && !version.stages.includes(stage)) throw noValue();
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: versionId,
        SecretString: version.value,
        VersionStages: version.stages,
        CreatedDate: version.createdAt / 1000,
      };
    },
    PutSecretValue(input) {
      const secret = secretNamed(input.SecretId);
      const token = input.ClientRequestToken;
      const value = input.SecretString;
      if (typeof token !== 'string' || typeof value !== 'string')
        throw new ServiceError('InvalidParameterException', 'ClientRequestToken and SecretString are required here.');
      const stages = Array.isArray(input.VersionStages) ? (input.VersionStages as string[]) : ['AWSCURRENT'];
      const existing = secret.versions.get(token);
      // A version's value never changes: the same token again is a retry, with another value a mistake.
      if (existing?.value !== undefined && existing.value !== value)
        throw new ServiceError('ResourceExistsException', `A resource with the ID you requested already exists.`);
      const version = existing ?? { stages: [], createdAt: now() };
      if (version.value === undefined) {
        version.value = value;
        version.createdAt = now();
      }
      secret.versions.set(token, version);
      for (const stage of stages) moveLabel(secret, stage, token);
      dropUnlabelled(secret);
      return { ARN: secret.arn, Name: secret.name, VersionId: token, VersionStages: version.stages };
    },
    UpdateSecretVersionStage(input) {
      const secret = secretNamed(input.SecretId);
      const stage = input.VersionStage;
      const to = input.MoveToVersionId;
      if (typeof stage !== 'string' || typeof to !== 'string' || !secret.versions.has(to))
        throw new ServiceError(
          'InvalidParameterException',
          'VersionStage and an existing MoveToVersionId are required.',
        );
      const holder = versionAt(secret, stage)?.[0];
      if (holder && holder !== to && input.RemoveFromVersionId !== holder)
        throw new ServiceError(
          'InvalidParameterException',
          `The parameter RemoveFromVersionId can't be empty. Staging label ${stage} is currently attached to version ${holder}, so you must explicitly reference that version in RemoveFromVersionId.`,
        );
      if (stage === 'AWSCURRENT' && holder && holder !== to) moveLabel(secret, 'AWSPREVIOUS', holder);
      moveLabel(secret, stage, to);
      dropUnlabelled(secret);
      return { ARN: secret.arn, Name: secret.name };
    },
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(body));
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.replace(/^secretsmanager\./, '');
    options.log.recordOnAnswer('secretsmanager', req, res, { action: operation });
    if (
      !/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/secretsmanager\/aws4_request/.test(
        String(req.headers.authorization ?? ''),
      )
    )
      return answer(res, 400, {
        __type: 'MissingAuthenticationTokenException',
        message: 'Missing Authentication Token',
      });
    const run = operations[operation];
    if (req.method !== 'POST' || !target.startsWith('secretsmanager.') || !run)
      return answer(res, 400, { __type: 'UnknownOperationException' });
    try {
      answer(res, 200, run(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      answer(res, 400, { __type: error.type, message: error.message });
    }
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) =>
      answer(res, 500, { __type: 'InternalServiceError', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    createSecret(name, value, versionId = 'initial-version') {
      const arn = `arn:aws:secretsmanager:us-east-1:111111111111:secret:${name}-AbCdEf`;
      secrets.set(name, {
        arn,
        name,
        rotationEnabled: false,
        versions: new Map([[versionId, { value, stages: ['AWSCURRENT'], createdAt: now() }]]),
      });
      return arn;
    },
    enableRotation(name) {
      secretNamed(name).rotationEnabled = true;
    },
    startRotation(name, token) {
      const secret = secretNamed(name);
      secret.versions.set(token, { stages: [], createdAt: now() });
      moveLabel(secret, 'AWSPENDING', token);
      dropUnlabelled(secret);
    },
    valueAt(name, stage) {
      return versionAt(secretNamed(name), stage)?.[1].value;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
