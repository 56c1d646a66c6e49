import * as z from './zod';

/** `GET /config.json`: written at deploy by the web construct, served locally by the local stack. */
export const runtimeConfig = z.object({
  stage: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only locally: cognito-local's endpoint, handed to Amplify as `userPoolEndpoint`. */
  userPoolEndpoint: z.optional(z.url()),
  /** Only locally: the same-origin page that stands in for Calendly's scheduling embed (bin/local/calendly-standin.ts). */
  calendlyEmbedPath: z.optional(z.string().check(z.startsWith('/'))),
  /** Cognito hosted domain (no scheme); present only when Google sign-in is configured. */
  oauthDomain: z.optional(z.string()),
  privacyPolicyUrl: z.url(),
  termsOfServiceUrl: z.url(),
  supportEmail: z.email(),
  /** The stage's platform fee (domain/fees.ts), so the rates card shows what a coach receives per session. */
  feeRule: z.object({ percent: z.number(), floorPercent: z.number(), floorCents: z.int() }),
  /** Same-origin path of the web analytics script; absent means no analytics. */
  analyticsScriptPath: z.optional(z.string().check(z.startsWith('/'))),
});

export type RuntimeConfig = z.infer<typeof runtimeConfig>;
