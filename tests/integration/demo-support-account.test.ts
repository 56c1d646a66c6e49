import { readFileSync } from 'node:fs';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCognitoClient } from '../../bin/local/cognito';
import { DEMO_SUPPORT_EMAIL, DEMO_SUPPORT_TOTP_SECRET } from '../../bin/local/demo-support';
import { DEMO_PASSWORD } from '../../bin/local/seed';
import { signedInAsDemoSupport } from '../support/authenticator';
import { startTestStack, type TestStack } from '../support/local-stack';

/** The seeded demo support account: in the support group, its authenticator's secret the README's. */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: true });
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
});

it('is printed in the README with its authenticator secret', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  expect(readme).toContain(DEMO_SUPPORT_EMAIL);
  expect(readme).toContain(DEMO_SUPPORT_TOTP_SECRET);
});

it('asks for an authenticator code after the password', async () => {
  const client = localCognitoClient(stack.config.userPoolEndpoint);
  try {
    const signIn = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: DEMO_SUPPORT_EMAIL, PASSWORD: DEMO_PASSWORD },
      }),
    );
    expect(signIn.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(signIn.AuthenticationResult).toBeUndefined();
  } finally {
    client.destroy();
  }
});

it('signs in with a code from the secret and passes the support guard', async () => {
  const support = await signedInAsDemoSupport(stack.config);
  const audit = await fetch(`${stack.apiUrl}/api/support/audit`, { headers: support.auth });
  expect(audit.status).toBe(200);
});
