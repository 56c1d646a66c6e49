import { type RuntimeConfig, runtimeConfig } from '@functions/schemas/config';
import { createContext, useContext } from 'react';

/** The deployment's settings: written at deploy into /config.json, served locally by the local stack. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return runtimeConfig.parse(await response.json());
}

export const ConfigContext = createContext<RuntimeConfig | null>(null);

export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside the ConfigContext provider');
  return config;
}
