import { type RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  ClientAttributes,
  AccountRecovery,
  CfnUserPoolGroup,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { HOSTED_UI_SCOPES } from '../functions/schemas/hosted-ui-scopes';
import { PASSWORD_MIN_LENGTH } from '../functions/schemas/profile';
import { SUPPORT_GROUP } from '../functions/domain/support-group';

export interface GoogleSignIn {
  clientId: string;
  /** Secrets Manager secret holding the Google OAuth client secret as a plain string. */
  clientSecretName: string;
  /** Prefix of the Cognito hosted domain Google redirects back to; unique per region. */
  domainPrefix: string;
}

export interface AuthProps {
  /** Origins the hosted UI may send the browser back to (`/auth/callback`) and sign out to (`/`). */
  siteOrigins: readonly string[];
  google?: GoogleSignIn;
  /** Cognito's codes go through SES from this sender (a verified domain identity) instead of Cognito's own. */
  sesSender?: { from: string; domain: string };
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
}

/** E-mail + password sign-in for the SPA, plus Google when it is configured. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The `iss` of every token this pool signs; the API's JWT authorizer trusts only it. */
  readonly issuer: string;
  /** Cognito hosted domain (no scheme), present only with Google sign-in. */
  readonly oauthDomain?: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed address takes effect only once its code is confirmed; until then the verified one stays.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: { user_type: new StringAttribute({ mutable: true }) },
      // Any password of PASSWORD_MIN_LENGTH or more characters (the spec said six; issue 30 raised it
      // to eight). Cognito checks it only when a password is set: older ones keep working.
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Anyone may turn on an authenticator app (TOTP); a mentor must before opening their payouts
      // (functions/handlers/payment-account.ts). No SMS: no phone numbers, no SMS spend.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      email:
        props.sesSender &&
        UserPoolEmail.withSES({
          fromEmail: props.sesSender.from,
          fromName: 'Physician Mentors',
          sesVerifiedDomain: props.sesSender.domain,
          sesRegion: region,
        }),
      removalPolicy: props.removalPolicy,
      deletionProtection: props.deletionProtection,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password rule is a minimum of 8 characters with no character classes (NIST SP 800-63B favours length over classes).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA (an authenticator app) is optional for everyone and required by the API before a mentor opens their payment dashboard or payout details, and for support staff resolving sessions.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Cognito Plus feature plan, which this marketplace does not budget for yet.',
      },
    );
    this.issuer = `https://cognito-idp.${region}.amazonaws.com/${this.userPool.userPoolId}`;
    // Staff who resolve disputed sessions (functions/http/support.ts, which also requires their authenticator).
    new CfnUserPoolGroup(this, 'SupportGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: SUPPORT_GROUP,
      description:
        'Resolves disputed sessions: pays the mentor, refunds the mentee or splits (needs two-step verification).',
    });

    const google = props.google && this.addGoogle(props.google);
    this.oauthDomain = google && `${google.domainPrefix}.auth.${region}.amazoncognito.com`;

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // cognito-local has no SRP, and the SPA uses one flow everywhere.
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      // APP_CLIENT_WRITE_ATTRIBUTES (functions/adapters/identity.ts).
      writeAttributes: new ClientAttributes().withStandardAttributes({
        email: true,
        givenName: true,
        familyName: true,
        // Google's mapping writes it, and Cognito demands a mapped attribute be writable.
        emailVerified: Boolean(google),
      }),
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(google ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: HOSTED_UI_SCOPES.map((scope) => OAuthScope.custom(scope)),
        callbackUrls: props.siteOrigins.map((origin) => `${origin}/auth/callback`),
        logoutUrls: props.siteOrigins.map((origin) => `${origin}/`),
      },
    });
    if (google) this.client.node.addDependency(google.provider);
  }

  private addGoogle(google: GoogleSignIn) {
    const provider = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: google.clientId,
      clientSecretValue: SecretValue.secretsManager(google.clientSecretName),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        // The PreSignUp trigger links Google to an existing account only when Google vouches for the address.
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
        familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
      },
    });
    this.userPool.addDomain('HostedDomain', { cognitoDomain: { domainPrefix: google.domainPrefix } });
    // The prefix as given, not the domain resource's Ref: the site's CSP names this host, and a
    // reference would tie the distribution to the user pool, whose CustomMessage trigger links to
    // the distribution's own address in a stage without a domain (a template cycle).
    return { provider, domainPrefix: google.domainPrefix };
  }
}
