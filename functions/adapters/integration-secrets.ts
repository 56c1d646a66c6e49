import * as z from 'zod';

/**
 * The third-party credentials of a deployment, kept in one Secrets Manager secret (JSON) whose ARN
 * the function gets as INTEGRATIONS_SECRET_ARN. Read once per cold start into the environment
 * variables the adapters read, so the secret values never sit in the function's configuration.
 */
const integrationSecret = z.object({
  stripeSecretKey: z.string().optional(),
  stripeWebhookSecret: z.string().optional(),
  zoomClientId: z.string().optional(),
  zoomClientSecret: z.string().optional(),
  calendlyClientId: z.string().optional(),
  calendlyClientSecret: z.string().optional(),
});

const ENVIRONMENT_NAMES = {
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  zoomClientId: 'ZOOM_CLIENT_ID',
  zoomClientSecret: 'ZOOM_CLIENT_SECRET',
  calendlyClientId: 'CALENDLY_CLIENT_ID',
  calendlyClientSecret: 'CALENDLY_CLIENT_SECRET',
} as const;

let loaded: Promise<void> | undefined;

async function load(secretArn: string): Promise<void> {
  // Only deployed functions have a secret to read; the client loads then, and nowhere else.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn }));
  const values = integrationSecret.parse(JSON.parse(SecretString ?? '{}'));
  for (const [field, name] of Object.entries(ENVIRONMENT_NAMES)) {
    const value = values[field as keyof typeof ENVIRONMENT_NAMES];
    if (value) process.env[name] = value;
  }
}

/** A no-op where no secret is configured (the local stack and tests); a failed read is retried next time. */
export function integrationSecretsLoaded(): Promise<void> {
  const secretArn = process.env.INTEGRATIONS_SECRET_ARN;
  if (!secretArn) return Promise.resolve();
  loaded ??= load(secretArn).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
