import type { ConnectedService } from '../data/service-connections';
import { serviceCallbackQuery } from '../schemas/service-connection';
import {
  finishServiceConnect,
  type ServiceConnection,
  startServiceConnect,
} from '../workflows/connections/connect-service';
import { httpHandler } from './handler';
import { requireMentor } from './mentor';
import { type ConsentPages, consentFinished, consentStarted } from './oauth-consent';

/** A service's connection, its provider made from the environment on each request. */
interface ServiceConnectionSetup extends Omit<ServiceConnection, 'provider'> {
  provider: () => ServiceConnection['provider'];
}

/** Back on the settings page with `{service}=connected` or `{service}_error=…`. */
const consentPages = (service: ConnectedService): ConsentPages => ({ purpose: service, resultParameter: service });

const connectionOf = ({ provider, ...setup }: ServiceConnectionSetup): ServiceConnection => ({
  ...setup,
  provider: provider(),
});

/** `POST /api/me/{service}` → `{url}`: where the coach's browser goes to let us act on their account there. */
export function connectServiceHandler(setup: ServiceConnectionSetup) {
  return httpHandler({ auth: true }, async ({ caller, now }) => {
    const profile = await requireMentor(caller);
    return consentStarted(consentPages(setup.service), (browserHash) =>
      startServiceConnect(connectionOf(setup), profile.userId, browserHash, now),
    );
  });
}

/** `GET /api/{service}/callback`: the provider sends the browser here after consent. */
export function serviceCallbackHandler(setup: ServiceConnectionSetup) {
  return httpHandler({ schemas: { query: serviceCallbackQuery } }, async ({ query, event, now }) =>
    consentFinished(consentPages(setup.service), event, (isThisBrowser) =>
      finishServiceConnect(connectionOf(setup), query, isThisBrowser, now),
    ),
  );
}
