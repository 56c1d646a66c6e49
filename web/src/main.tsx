import '@/lib/zod-without-eval';
import './index.css';
import { QUERY_STATE_ELEMENT_ID } from '@functions/domain/page-html';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from '@/app/router';
import { Toaster } from '@/app/toaster';
import { loadAnalytics } from '@/lib/analytics';
import { AuthProvider } from '@/lib/auth';
import { runtimeConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';

loadAnalytics(runtimeConfig().analyticsScriptPath);

// A page rendered with its data (functions/http/render-page.ts) carries the query cache it was rendered from.
const queryState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (queryState) hydrate(queryClient, JSON.parse(queryState));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

/**
 * As a transition, the first render yields to the browser every few milliseconds instead of holding
 * the main thread for the whole tree, so taps and scrolls on the page answer meanwhile.
 */
function render() {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// A prerendered page (vite.config.ts) stays on screen until its route's code has loaded, so the
// first render replaces it with the same page rather than with a loading spinner.
if (container.hasChildNodes() && !router.state.initialized) {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
} else {
  render();
}
