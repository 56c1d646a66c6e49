import { onFirstUse } from './on-first-use';

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
  zoom: {
    clientId: 'ZOOM_CLIENT_ID',
    clientSecret: 'ZOOM_CLIENT_SECRET',
    /** The app's event subscription's secret token, which Zoom signs its webhook deliveries with. */
    webhookSecretToken: 'ZOOM_WEBHOOK_SECRET_TOKEN',
  },
  calendly: { clientId: 'CALENDLY_CLIENT_ID', clientSecret: 'CALENDLY_CLIENT_SECRET' },
  /** The OAuth client of the mentors' Google calendars (not the Google sign-in one, which only Cognito reads). */
  googleCalendar: { clientId: 'GOOGLE_CALENDAR_CLIENT_ID', clientSecret: 'GOOGLE_CALENDAR_CLIENT_SECRET' },
  microsoftCalendar: { clientId: 'MICROSOFT_CALENDAR_CLIENT_ID', clientSecret: 'MICROSOFT_CALENDAR_CLIENT_SECRET' },
} as const;

export type Integration = keyof typeof integrationSecrets;

const INTEGRATIONS = Object.keys(integrationSecrets) as Integration[];

/** `stripe` → `STRIPE_SECRET_ARN`: the variable through which a function learns that secret's ARN. */
export const secretArnVariable = (integration: Integration) => `${integration.toUpperCase()}_SECRET_ARN`;

// Only deployed functions are given secrets: the Secrets Manager client loads then, and in no cold start that reads none.
const secretsManager = onFirstUse(() => import('./secret-fields'));

const loaded = new Map<Integration, Promise<void>>();

async function load(integration: Integration, secretArn: string): Promise<void> {
  const values = await (await secretsManager()).readSecretFields(secretArn);
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
