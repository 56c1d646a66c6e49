import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { awsClientSettings } from '../runtime/dependency-budget';
import type { RotatingSecret } from '../domain/ports';

export function rotatingSecret(secretId: string): RotatingSecret {
  const client = new SecretsManagerClient(awsClientSettings());
  return {
    async versions() {
      const secret = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
      return { rotationEnabled: secret.RotationEnabled === true, versionStages: secret.VersionIdsToStages ?? {} };
    },
    async pending(version) {
      try {
        const { SecretString, CreatedDate } = await client.send(
          new GetSecretValueCommand({ SecretId: secretId, VersionId: version, VersionStage: 'AWSPENDING' }),
        );
        return SecretString ? { value: SecretString, createdAt: CreatedDate ?? new Date(0) } : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
        throw error;
      }
    },
    async putPending(version, value) {
      await client.send(
        new PutSecretValueCommand({
          SecretId: secretId,
          ClientRequestToken: version,
          SecretString: value,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },
    async promote(version, fromVersion) {
      await client.send(
        new UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: version,
          RemoveFromVersionId: fromVersion,
        }),
      );
    },
  };
}
