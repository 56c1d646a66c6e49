import type { RuntimeConfig } from '@functions/schemas/config';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { configureAmplify } from '@/lib/amplify';
import { loadAnalytics } from '@/lib/analytics';
import { ConfigContext, loadRuntimeConfig } from '@/lib/config';

type ConfigState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: RuntimeConfig };

/** Renders the app only once the deployment's /config.json has loaded and sign-in is configured from it. */
export function RuntimeConfigGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfigState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    loadRuntimeConfig().then(
      (config) => {
        configureAmplify(config);
        loadAnalytics(config.analyticsScriptPath);
        setState({ status: 'ready', config });
      },
      () => setState({ status: 'failed' }),
    );
  }, []);
  useEffect(load, [load]);

  if (state.status === 'failed') return <ConfigUnavailable onRetry={load} />;
  if (state.status === 'loading') return <Spinner label="Loading Physician Mentors" />;
  return <ConfigContext.Provider value={state.config}>{children}</ConfigContext.Provider>;
}

function ConfigUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">We could not reach Physician Mentors</h1>
      <p className="mt-3 text-slate-700">The site’s settings did not load. Check your connection, then try again.</p>
      <Button onClick={onRetry} className="mt-6">
        Retry
      </Button>
    </main>
  );
}
