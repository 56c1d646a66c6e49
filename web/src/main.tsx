import './index.css';
import type { RuntimeConfig } from '@functions/schemas/config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { router } from '@/app/router';
import { configureAmplify } from '@/lib/amplify';
import { loadAnalytics } from '@/lib/analytics';
import { AuthProvider } from '@/lib/auth';
import { ConfigContext, loadRuntimeConfig } from '@/lib/config';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });

function App() {
  const [state, setState] = useState<{ config?: RuntimeConfig; failed?: boolean }>({});
  const load = useCallback(() => {
    setState({});
    loadRuntimeConfig()
      .then((config) => {
        configureAmplify(config);
        loadAnalytics(config.analyticsScriptPath);
        setState({ config });
      })
      .catch(() => setState({ failed: true }));
  }, []);
  useEffect(load, [load]);

  if (state.failed) {
    return (
      <main className="mx-auto max-w-lg px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">We could not reach Physician Mentors</h1>
        <p className="mt-3 text-slate-600">Check your connection and try again.</p>
        <button
          type="button"
          onClick={load}
          className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white"
        >
          Retry
        </button>
      </main>
    );
  }
  if (!state.config)
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        Loading…
      </p>
    );
  return (
    <ConfigContext.Provider value={state.config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toaster richColors position="top-center" />
        </AuthProvider>
      </QueryClientProvider>
    </ConfigContext.Provider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
