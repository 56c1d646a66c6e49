import type { CognitoAnswer } from './cognito-user-existence';

type CognitoService = import('cognito-local/lib/services/cognitoService').CognitoService;
type User = import('cognito-local/lib/services/userPoolService').User;
type Context = import('cognito-local/lib/services/context').Context;

/** The pool's one external identity provider (lib/auth.ts). */
const IDENTITY_PROVIDERS = new Set(['Google']);

const refusal = (type: string, message: string): CognitoAnswer => ({ status: 400, body: { __type: type, message } });

interface LinkedIdentity {
  userId: string;
  providerName: string;
}

const identitiesOf = (user: User): LinkedIdentity[] =>
  JSON.parse(user.Attributes.find((attribute) => attribute.Name === 'identities')?.Value ?? '[]') as LinkedIdentity[];

interface LinkRequest {
  UserPoolId?: string;
  DestinationUser?: { ProviderName?: string; ProviderAttributeValue?: string };
  SourceUser?: { ProviderName?: string; ProviderAttributeName?: string; ProviderAttributeValue?: string };
}

/**
 * AdminLinkProviderForUser, which cognito-local lacks: the Google identity goes into the native
 * user's `identities` attribute, where Cognito lists it, so a later sign-in with it is that user.
 * Cognito refuses to link an identity linked already, to this user or another (InvalidParameterException,
 * aws/aws-sdk-js-v3#5281), and a destination that does not exist (UserNotFoundException).
 */
export function localIdentityLinks(services: { cognito: CognitoService; ctx: Context; now: () => Date }) {
  return async (request: unknown): Promise<CognitoAnswer> => {
    const { UserPoolId, DestinationUser, SourceUser } = request as LinkRequest;
    if (
      !UserPoolId ||
      DestinationUser?.ProviderName !== 'Cognito' ||
      !DestinationUser.ProviderAttributeValue ||
      !SourceUser?.ProviderName ||
      !IDENTITY_PROVIDERS.has(SourceUser.ProviderName) ||
      SourceUser.ProviderAttributeName !== 'Cognito_Subject' ||
      !SourceUser.ProviderAttributeValue
    )
      return refusal('InvalidParameterException', 'Invalid DestinationUser or SourceUser.');
    const source = { providerName: SourceUser.ProviderName, userId: SourceUser.ProviderAttributeValue };
    const userPool = await services.cognito.getUserPool(services.ctx, UserPoolId);
    const user = await userPool.getUserByUsername(services.ctx, DestinationUser.ProviderAttributeValue);
    if (!user) return refusal('UserNotFoundException', 'User does not exist.');
    const linked = (await userPool.listUsers(services.ctx)).some((each) =>
      identitiesOf(each).some(
        (identity) => identity.providerName === source.providerName && identity.userId === source.userId,
      ),
    );
    if (linked)
      return refusal(
        'InvalidParameterException',
        'Merging is not currently supported, provide a SourceUser that has not been linked to a different user',
      );
    const identities = [
      ...identitiesOf(user),
      {
        ...source,
        providerType: source.providerName,
        issuer: null,
        primary: 'false',
        dateCreated: String(services.now().getTime()),
      },
    ];
    await userPool.saveUser(services.ctx, {
      ...user,
      Attributes: [
        ...user.Attributes.filter((attribute) => attribute.Name !== 'identities'),
        { Name: 'identities', Value: JSON.stringify(identities) },
      ],
    });
    return { status: 200, body: {} };
  };
}
