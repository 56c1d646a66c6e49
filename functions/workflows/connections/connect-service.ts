import {
  type ConnectedService,
  rememberConsent,
  type ServiceTokens,
  saveServiceTokens,
  takeConsent,
} from '../../data/service-connections';
import { DomainError } from '../../domain/errors';
import { siteOrigin } from '../../runtime/site';
import {
  type ConsentCallback,
  type ConsentProvider,
  type ConsentResult,
  type ConsentStore,
  finishConsent,
  startConsent,
} from './oauth-consent';

/**
 * A coach's account at an OAuth-connected third party (Zoom for meetings, Calendly for the external
 * calendar), connected through the one OAuth consent flow; the tokens stay in the table.
 */
export interface ServiceConnection {
  service: ConnectedService;
  /** The provider's name as the coach reads it: 'Zoom', 'Calendly'. */
  label: string;
  /** Null where this deployment has neither the provider's credentials nor its local stand-in. */
  provider: Omit<ConsentProvider<ServiceTokens>, 'label'> | null;
}

const redirectUri = (service: ConnectedService) => `${siteOrigin()}/api/${service}/callback`;

const consentStore = (service: ConnectedService): ConsentStore => ({
  remember: (state, consent, now) => rememberConsent(service, state, consent, now),
  take: (state, now) => takeConsent(service, state, now),
});

const consentProviderOf = ({ label, provider }: ServiceConnection): ConsentProvider<ServiceTokens> | null =>
  provider && {
    label,
    authorizeUrl: (request) => provider.authorizeUrl(request),
    exchangeCode: (code, codeVerifier, uri) => provider.exchangeCode(code, codeVerifier, uri),
  };

/** `POST /api/me/{service}`: the provider's consent page, to let us act on the coach's account there. */
export function startServiceConnect(connection: ServiceConnection, userId: string, browserHash: string, now: Date) {
  const provider = consentProviderOf(connection);
  if (!provider) {
    throw new DomainError('PROVIDER_NOT_CONFIGURED', `${connection.label} is not available on this site yet.`);
  }
  const { service } = connection;
  return startConsent(consentStore(service), provider, { userId, browserHash, redirectUri: redirectUri(service) }, now);
}

/** `GET /api/{service}/callback`: the tokens kept, and the coach's profile marked connected. */
export function finishServiceConnect(
  connection: ServiceConnection,
  callback: ConsentCallback,
  isThisBrowser: (browserHash: string) => boolean,
  now: Date,
): Promise<ConsentResult> {
  const { service } = connection;
  return finishConsent(
    consentStore(service),
    consentProviderOf(connection),
    { ...callback, redirectUri: redirectUri(service), isThisBrowser },
    (userId, tokens) => saveServiceTokens(service, userId, tokens, now),
    now,
  );
}
