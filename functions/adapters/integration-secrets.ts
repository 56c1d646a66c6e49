import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { awsClientSettings } from './dependency-budget';
import { traced } from './tracing';

/**
 * The third-party credentials of a deployment: one Secrets Manager secret (JSON) per integration,
 * so a function can read only the integrations it uses (the Zoom callback never sees the Stripe
 * key). Each field lands in the environment variable the adapters read.
 */
export const integrationSecrets = {
  stripe: {
    secretKey: 'STRIPE_SECRET_KEY',
    /** Signing secret of the platform endpoint (Checkout, charge and dispute events). */
    webhookSecret: 'STRIPE_WEBHOOK_SECRET',
    /** Signing secret of the Connect endpoint (connected accounts' events: account.updated). */
    connectWebhookSecret: 'STRIPE_CONNECT_WEBHOOK_SECRET',
  },
  zoom: { clientId: 'ZOOM_CLIENT_ID', clientSecret: 'ZOOM_CLIENT_SECRET' },
  calendly: { clientId: 'CALENDLY_CLIENT_ID', clientSecret: 'CALENDLY_CLIENT_SECRET' },
} as const;

export type Integration = keyof typeof integrationSecrets;

const INTEGRATIONS = Object.keys(integrationSecrets) as Integration[];

/** `stripe` → `STRIPE_SECRET_ARN`: the variable through which a function learns that secret's ARN. */
export const secretArnVariable = (integration: Integration) => `${integration.toUpperCase()}_SECRET_ARN`;

const secretFields = z.record(z.string(), z.string());

const loaded = new Map<Integration, Promise<void>>();

async function load(integration: Integration, secretArn: string): Promise<void> {
  const { SecretString } = await traced(new SecretsManagerClient(awsClientSettings())).send(
    new GetSecretValueCommand({ SecretId: secretArn }),
  );
  const values = secretFields.parse(JSON.parse(SecretString ?? '{}'));
  for (const [field, name] of Object.entries(integrationSecrets[integration])) {
    const value = values[field];
    if (value) process.env[name] = value;
  }
}

function loadOnce(integration: Integration, secretArn: string): Promise<void> {
  let loading = loaded.get(integration);
  if (!loading) {
    loading = load(integration, secretArn).catch((error: unknown) => {
      loaded.delete(integration);
      throw error;
    });
    loaded.set(integration, loading);
  }
  return loading;
}

/**
 * Reads, once per cold start, each secret the function was given an ARN for, so the values never
 * sit in the function's configuration. A no-op where none is configured (the local stack and
 * tests); a failed read is retried next time.
 */
export async function integrationSecretsLoaded(): Promise<void> {
  await Promise.all(
    INTEGRATIONS.flatMap((integration) => {
      const secretArn = process.env[secretArnVariable(integration)];
      return secretArn ? [loadOnce(integration, secretArn)] : [];
    }),
  );
}
