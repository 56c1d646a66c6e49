import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from '../schemas/zod';
import { awsClientSettings } from '../runtime/dependency-budget';
import { timed } from '../runtime/dependency-latency';

const secretsManager = timed(new SecretsManagerClient(awsClientSettings()));

const secretFields = z.record(z.string(), z.string());

/** The fields of a Secrets Manager secret that holds one JSON object of strings. */
export async function readSecretFields(secretArn: string): Promise<Record<string, string>> {
  const { SecretString } = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretArn }));
  return secretFields.parse(JSON.parse(SecretString ?? '{}'));
}

/**
 * A secret's plain string at one staging label (`AWSCURRENT`, `AWSPENDING`, `AWSPREVIOUS`), or undefined when no
 * version carries that label (a secret never rotated has no previous version).
 */
export async function readSecretString(secretArn: string, versionStage: string): Promise<string | undefined> {
  try {
    const { SecretString } = await secretsManager.send(
      new GetSecretValueCommand({ SecretId: secretArn, VersionStage: versionStage }),
    );
    return SecretString;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}
