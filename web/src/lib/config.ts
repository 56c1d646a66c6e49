import type { RuntimeConfig } from '@functions/schemas/config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@functions/schemas/runtime-config-html';

const REQUIRED_TEXTS = [
  'stage',
  'region',
  'userPoolId',
  'userPoolClientId',
  'privacyPolicyUrl',
  'termsOfServiceUrl',
  'supportEmail',
] as const;

/**
 * Checked by hand rather than with the zod schema, which would put zod into the code every page
 * loads first; the deploy writes the config from that schema's type, so presence is what can go wrong.
 */
function asRuntimeConfig(value: unknown): RuntimeConfig {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const missing = REQUIRED_TEXTS.filter((name) => typeof record[name] !== 'string');
  if (missing.length > 0) throw new Error(`The runtime config lacks ${missing.join(', ')}`);
  return record as unknown as RuntimeConfig;
}

let config: RuntimeConfig | undefined;

/** Prerendering has no index.html to read: it renders with placeholders the deploy fills in (runtime-config-html.ts). */
export function provideRuntimeConfig(value: RuntimeConfig): void {
  config = value;
}

/** The deployment's settings, inlined into index.html (see functions/schemas/runtime-config-html.ts). */
export function runtimeConfig(): RuntimeConfig {
  if (config) return config;
  const element = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('index.html carries no runtime config');
  config = asRuntimeConfig(JSON.parse(element.textContent));
  return config;
}
