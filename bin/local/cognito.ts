import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { authEmail, type AuthEmailKind } from '../../functions/domain/auth-emails';
import { NO_PASSWORD_GROUP } from '../../functions/domain/sign-in-methods';
import { FINANCE_GROUP } from '../../functions/http/finance';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import { APP_CLIENT_WRITE_ATTRIBUTES } from '../../functions/adapters/identity';
import { COGNITO_PASSWORD_PATTERN, PASSWORD_MIN_LENGTH } from '../../functions/schemas/profile';
import { LOCAL_AWS } from './aws-local';
import { localHostedUi } from './cognito-hosted-ui';
import { localDisabledUsers } from './cognito-disabled-users';
import { localIdentityLinks } from './cognito-linked-identities';
import { localListUsers } from './cognito-list-users';
import { localTotpMfa } from './cognito-mfa';
import { claimsOf, withClaims } from './cognito-tokens';
import { type CognitoAnswer, USER_EXISTENCE_TARGETS, withoutUserExistence } from './cognito-user-existence';
import type { Mailer } from '../../functions/domain/ports';

const require = createRequire(import.meta.url);
// cognito-local is built on the AWS SDK v2, which prints a maintenance notice on load.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
const services = require('cognito-local/lib/services') as typeof import('cognito-local/lib/services');
const { CognitoServiceFactoryImpl } =
  require('cognito-local/lib/services/cognitoService') as typeof import('cognito-local/lib/services/cognitoService');
const { UserPoolServiceFactoryImpl } =
  require('cognito-local/lib/services/userPoolService') as typeof import('cognito-local/lib/services/userPoolService');
const { StormDBDataStoreFactory } =
  require('cognito-local/lib/services/dataStore/stormDb') as typeof import('cognito-local/lib/services/dataStore/stormDb');
const { CryptoService } =
  require('cognito-local/lib/services/crypto') as typeof import('cognito-local/lib/services/crypto');
const { otp } = require('cognito-local/lib/services/otp') as typeof import('cognito-local/lib/services/otp');
const { JwtTokenGenerator } =
  require('cognito-local/lib/services/tokenGenerator') as typeof import('cognito-local/lib/services/tokenGenerator');
const { DefaultConfig } =
  require('cognito-local/lib/server/config') as typeof import('cognito-local/lib/server/config');
const { Router } = require('cognito-local/lib/server/Router') as typeof import('cognito-local/lib/server/Router');
const { createServer } = require('cognito-local/lib/server/server') as typeof import('cognito-local/lib/server/server');
const pino = require('pino') as (options: { level: string }) => import('pino').Logger;

export const POOL_NAME = 'physician-mentors-local';
const CLIENT_NAME = 'physician-mentors-spa';

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  jwksUri: string;
  /**
   * Turns on two-step verification with an authenticator app holding `secret` (base32) for the
   * account of `email`, as AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference
   * would; Cognito makes up the secret itself, so a fixed one is for the local demo account only.
   */
  enrollAuthenticator(email: string, secret: string): Promise<void>;
  stop(): Promise<void>;
}

type MessageSource =
  | 'AdminCreateUser'
  | 'Authentication'
  | 'ForgotPassword'
  | 'ResendCode'
  | 'SignUp'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute';

const emailKindOf = (source: MessageSource): AuthEmailKind =>
  source === 'ForgotPassword' ? 'forgotPassword' : 'signUp';

/**
 * cognito-local, run in-process with its data under `dataDir`, its e-mails written by our own
 * templates into the local mailbox, and a thin front that answers what it lacks
 * (Amplify v6 refreshes tokens with GetTokensFromRefreshToken; the hosted UI's OAuth endpoints).
 */
export async function startLocalCognito(options: {
  port: number;
  dataDir: string;
  siteOrigin: string;
  mailer: Mailer;
}): Promise<LocalCognito> {
  const dataDirectory = `${options.dataDir}/db`;
  await mkdir(dataDirectory, { recursive: true });
  const endpoint = `http://localhost:${options.port}`;
  // Expected failures (an unknown user, a wrong password) are answers, not incidents: log only crashes.
  const logger = pino({ level: 'fatal' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false as const },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoClient = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognitoClient,
    new services.LambdaService(config.TriggerFunctions, undefined as never),
    new CryptoService(config.KMSConfig),
  );
  const messages = {
    async deliver(
      _ctx: unknown,
      source: MessageSource,
      _clientId: unknown,
      _poolId: unknown,
      user: { Username: string },
      code: string,
      _meta: unknown,
      delivery: { Destination: string },
    ) {
      const mail = authEmail(emailKindOf(source), options.siteOrigin, delivery.Destination, code);
      console.log(`[cognito-local] ${source} code for ${delivery.Destination} (${user.Username}): ${code}`);
      await options.mailer.send({ to: delivery.Destination, ...mail });
    },
  };
  const serviceSet = {
    clock,
    cognito: cognitoClient,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const cognitoApp = createServer(Router(serviceSet as never), logger, config.ServerConfig, serviceSet as never);
  const mfa = localTotpMfa({ ...serviceSet, ctx });
  const hostedUi = localHostedUi({ ...serviceSet, ctx, siteOrigin: options.siteOrigin });
  const inner = (await cognitoApp.start()) as http.Server;
  const innerPort = (inner.address() as AddressInfo).port;
  const resendConfirmationCode: LocalTarget = async (request) => {
    const { ClientId, Username } = request as { ClientId: string; Username: string };
    const userPool = await cognitoClient.getUserPoolForClientId(ctx, ClientId);
    const user = await userPool.getUserByUsername(ctx, Username);
    if (!user) return { status: 400, body: { __type: 'UserNotFoundException', message: 'User does not exist.' } };
    const email = user.Attributes.find((attribute) => attribute.Name === 'email')?.Value ?? Username;
    const code = otp();
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
    const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
    await messages.deliver(ctx, 'ResendCode', ClientId, userPool.options.Id, user, code, undefined, delivery);
    return { status: 200, body: { CodeDeliveryDetails: delivery } };
  };
  // cognito-local answers a wrong current password with InvalidPasswordException; Cognito answers NotAuthorizedException.
  const changePassword: LocalTarget = async (request) => {
    const refused = await refuseWithoutAdminScope(request);
    if (refused) return refused;
    const { AccessToken, PreviousPassword } = request as { AccessToken?: string; PreviousPassword?: string };
    const claims = claimsOf(AccessToken);
    const userPool = await cognitoClient.getUserPoolForClientId(ctx, String(claims.client_id));
    const user = await userPool.getUserByUsername(ctx, String(claims.username));
    if (user && user.Password === PreviousPassword) return null;
    return { status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } };
  };
  const disabledUsers = localDisabledUsers({ cognito: cognitoClient, ctx });
  const userPoolApi = cognitoFront(
    innerPort,
    {
      AdminUserGlobalSignOut: disabledUsers.adminUserGlobalSignOut,
      InitiateAuth: disabledUsers.initiateAuth,
      // Answered as the InitiateAuth it becomes (cognitoFront).
      GetTokensFromRefreshToken: disabledUsers.initiateAuth,
      AdminLinkProviderForUser: localIdentityLinks({ cognito: cognitoClient, ctx, now: () => clock.get() }),
      AdminSetUserPassword: refuseWeakPassword('Password'),
      ListUsers: localListUsers({ cognito: cognitoClient, ctx }),
      ChangePassword: async (request) =>
        (await refuseWeakPassword('ProposedPassword')(request)) ?? changePassword(request),
      ConfirmForgotPassword: refuseWeakPassword('Password'),
      ResendConfirmationCode: resendConfirmationCode,
      SignUp: async (request) => (await refuseWeakPassword('Password')(request)) ?? refuseUnwritableAttributes(request),
      UpdateUserAttributes: async (request) =>
        (await refuseWithoutAdminScope(request)) ?? refuseUnwritableAttributes(request),
      VerifySoftwareToken: async (request) =>
        (await refuseWithoutAdminScope(request)) ?? mfa.verifySoftwareToken(request),
      RespondToAuthChallenge: mfa.respondToAuthChallenge,
    },
    {
      InitiateAuth: async (request, answer) => refreshedAsSignedIn(request, await mfa.challengeIssued(request, answer)),
      GetTokensFromRefreshToken: refreshedAsSignedIn,
    },
  );
  const front = await listen((req, res) => hostedUi(req, res) || userPoolApi(req, res), options.port);

  const { userPoolId, userPoolClientId } = await ensurePoolAndClient(endpoint);
  return {
    endpoint,
    userPoolId,
    userPoolClientId,
    issuer: `${endpoint}/${userPoolId}`,
    jwksUri: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
    async enrollAuthenticator(email, secret) {
      const userPool = await cognitoClient.getUserPool(ctx, userPoolId);
      const user = await userPool.getUserByUsername(ctx, email);
      if (!user) throw new Error(`No local account ${email} to enroll an authenticator for`);
      await userPool.saveUser(ctx, {
        ...user,
        SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, FriendlyDeviceName: 'Demo authenticator' },
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
      });
    },
    async stop() {
      await Promise.all([close(front), close(inner)]);
    },
  };
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** The scope AWS requires of an access token before it answers the user's own self-service calls. */
export const COGNITO_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';
/** Calls authorized by the caller's access token alone, which AWS refuses without {@link COGNITO_ADMIN_SCOPE}. */
const SELF_SERVICE_TARGETS = new Set([
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUser',
  'DeleteUserAttributes',
  'ChangePassword',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'AssociateSoftwareToken',
  'SetUserMFAPreference',
]);

const scopesOf = (accessToken: unknown): string[] => {
  const { scope } = claimsOf(accessToken);
  return typeof scope === 'string' ? scope.split(' ') : [];
};

/**
 * cognito-local answers GetUser for any access token; AWS only for one that carries the admin
 * scope (a hosted-UI token carries just the scopes its app client asked for).
 */
const refuseWithoutAdminScope: LocalTarget = async (request) => {
  if (scopesOf((request as { AccessToken?: unknown }).AccessToken).includes(COGNITO_ADMIN_SCOPE)) return null;
  return {
    status: 400,
    body: { __type: 'NotAuthorizedException', message: 'Access Token does not have required scopes' },
  };
};

/** Cognito refuses an attribute the app client may not write (lib/auth.ts); cognito-local writes any. */
const refuseUnwritableAttributes: LocalTarget = async (request) => {
  const attributes = (request as { UserAttributes?: { Name?: string }[] }).UserAttributes ?? [];
  const writable: readonly string[] = APP_CLIENT_WRITE_ATTRIBUTES;
  if (attributes.every(({ Name }) => Name !== undefined && writable.includes(Name))) return null;
  return {
    status: 400,
    body: { __type: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' },
  };
};

/**
 * Cognito holds every new password to its API's pattern (no space at either end) and the pool's
 * policy (lib/auth.ts: only a minimum length); cognito-local to neither.
 */
const refuseWeakPassword =
  (field: string): LocalTarget =>
  async (request) => {
    const password = (request as Record<string, unknown>)[field];
    if (typeof password !== 'string') return null;
    if (!COGNITO_PASSWORD_PATTERN.test(password)) {
      return {
        status: 400,
        body: {
          __type: 'InvalidParameterException',
          message: `1 validation error detected: Value at '${field.charAt(0).toLowerCase()}${field.slice(1)}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
        },
      };
    }
    if (password.length >= PASSWORD_MIN_LENGTH) return null;
    return {
      status: 400,
      body: {
        __type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      },
    };
  };

/**
 * Cognito carries a sign-in's time (`auth_time`) and granted scopes to every refresh of its tokens;
 * cognito-local stamps a refresh with its own time and the admin scope. Its refresh token, a JWT it
 * stored with the user and has just accepted, was made at the sign-in: its `iat` is that time, and a
 * hosted-UI sign-in's names the scopes granted (cognito-hosted-ui.ts).
 */
const refreshedAsSignedIn: AnswerRewrite = async (request, answer) => {
  const { AuthFlow, AuthParameters } = request as { AuthFlow?: string; AuthParameters?: { REFRESH_TOKEN?: string } };
  const body = answer.body as { AuthenticationResult?: { AccessToken?: string; IdToken?: string } } | null;
  const tokens = body?.AuthenticationResult;
  if (answer.status !== 200 || (AuthFlow !== 'REFRESH_TOKEN_AUTH' && AuthFlow !== 'REFRESH_TOKEN') || !tokens)
    return answer;
  const { iat, scope } = claimsOf(AuthParameters?.REFRESH_TOKEN);
  const signIn = { auth_time: iat };
  const granted = { ...signIn, ...(typeof scope === 'string' ? { scope } : {}) };
  return {
    ...answer,
    body: {
      ...body,
      AuthenticationResult: {
        ...tokens,
        ...(tokens.AccessToken ? { AccessToken: withClaims(tokens.AccessToken, granted) } : {}),
        ...(tokens.IdToken ? { IdToken: withClaims(tokens.IdToken, signIn) } : {}),
      },
    },
  };
};

/**
 * An operation the front answers itself in the AWS JSON protocol (one cognito-local lacks, or a
 * refusal where AWS refuses); null passes the call on to cognito-local.
 */
type LocalTarget = (request: unknown) => Promise<CognitoAnswer | null>;

/** Rewrites cognito-local's answer to an operation before the caller sees it. */
type AnswerRewrite = (request: unknown, answer: CognitoAnswer) => Promise<CognitoAnswer>;

/**
 * Forwards every call to cognito-local, turning GetTokensFromRefreshToken into the InitiateAuth
 * it knows (before a local target sees it), answering the operations it lacks or gets wrong (ResendConfirmationCode, TOTP MFA)
 * itself and rewriting answers it gives otherwise than Cognito (`rewrites`). Answers that
 * could tell an unknown address from a known one are put into AWS's words first.
 */
function cognitoFront(
  innerPort: number,
  localTargets: Record<string, LocalTarget>,
  rewrites: Record<string, AnswerRewrite>,
): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      const headers = { ...req.headers };
      const target = String(headers['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
      const local = localTargets[target] ?? (SELF_SERVICE_TARGETS.has(target) ? refuseWithoutAdminScope : undefined);
      const reply = (answer: CognitoAnswer) => {
        const { status, body: answered } = USER_EXISTENCE_TARGETS.has(target)
          ? withoutUserExistence(target, JSON.parse(body.toString('utf8')), answer)
          : answer;
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(answered));
      };
      if (headers['x-amz-target'] === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
        const request = JSON.parse(body.toString('utf8')) as { ClientId: string; RefreshToken: string };
        headers['x-amz-target'] = `${TARGET_PREFIX}InitiateAuth`;
        body = Buffer.from(
          JSON.stringify({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: request.ClientId,
            AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
          }),
        );
      }
      if (local) {
        local(JSON.parse(body.toString('utf8')))
          .then((answer) => (answer ? reply(answer) : forward(body)))
          .catch(() => res.writeHead(500).end());
        return;
      }
      forward(body);

      function forward(forwarded: Buffer) {
        headers['content-length'] = String(forwarded.length);
        const upstream = http.request(
          { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers },
          (answer) => {
            const rewrite = rewrites[target];
            if (!USER_EXISTENCE_TARGETS.has(target) && !rewrite) {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
              return;
            }
            const answerChunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
            answer.on('end', () => {
              const answered = {
                status: answer.statusCode ?? 502,
                body: jsonOrText(Buffer.concat(answerChunks).toString('utf8')),
              };
              if (!rewrite) return reply(answered);
              rewrite(JSON.parse(forwarded.toString('utf8')), answered)
                .then(reply)
                .catch(() => res.writeHead(500).end());
            });
          },
        );
        upstream.on('error', () => {
          res.writeHead(502).end();
        });
        upstream.end(forwarded);
      }
    });
  };
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An SDK client for cognito-local: any credentials sign, the region is the local stack's. */
export const localCognitoClient = (endpoint: string | undefined) =>
  new CognitoIdentityProviderClient({ endpoint, ...LOCAL_AWS });

async function ensurePoolAndClient(endpoint: string) {
  const client = localCognitoClient(endpoint);
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: PASSWORD_MIN_LENGTH } },
        Schema: [{ Name: 'user_type', AttributeDataType: 'String', Mutable: true }],
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new Error('cognito-local did not create the user pool');
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId;
  }
  if (!userPoolClientId) throw new Error('cognito-local did not create the app client');
  // As lib/auth.ts: an authenticator app (TOTP) as an optional second step, no SMS.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  // The groups the CDK stack creates (lib/finance.ts, lib/auth.ts, lib/account-linking.ts).
  const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  for (const groupName of [FINANCE_GROUP, SUPPORT_GROUP, NO_PASSWORD_GROUP])
    if (!groups.Groups?.some((group) => group.GroupName === groupName))
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: groupName }));
  client.destroy();
  return { userPoolId, userPoolClientId };
}

function listen(listener: http.RequestListener, port: number): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(listener);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
