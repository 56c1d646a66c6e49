/** Where an OAuth app's settings are read: its credentials' variables, and each address's variable with the provider's own address. */
export interface OAuthAppVariables<Address extends string> {
  clientId: string;
  clientSecret: string;
  addresses: Record<Address, readonly [variable: string, providersOwn: string]>;
}

export type OAuthApp<Address extends string> = { clientId: string; clientSecret: string } & Record<Address, string>;

/**
 * An OAuth provider's app as the environment configures it: null unless its credentials are set;
 * each address the provider's own unless the configuration names another (`npm start` names its
 * stand-ins'). `settings` is every value read, which a port is built again for when it changes.
 */
export function configuredOAuthApp<Address extends string>(
  variables: OAuthAppVariables<Address>,
): { app: OAuthApp<Address> | null; settings: string } {
  const env = process.env;
  const addressEntries = Object.entries(variables.addresses) as [Address, readonly [string, string]][];
  const clientId = env[variables.clientId];
  const clientSecret = env[variables.clientSecret];
  const settings = [variables.clientId, variables.clientSecret, ...addressEntries.map(([, [variable]]) => variable)]
    .map((name) => env[name] ?? '')
    .join(' ');
  if (!clientId || !clientSecret) return { app: null, settings };
  const addresses = Object.fromEntries(
    addressEntries.map(([address, [variable, providersOwn]]) => [address, env[variable] ?? providersOwn]),
  ) as Record<Address, string>;
  return { app: { clientId, clientSecret, ...addresses }, settings };
}
