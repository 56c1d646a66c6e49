/**
 * The pages rendered to HTML at build time (vite.config.ts writes them beside index.html), as a visitor
 * without an account sees them before any data has arrived, so they paint before any script has run:
 * the public pages whole, the directory and the coach page as they look while their data loads. In the
 * browser, main.tsx renders the same page over it once the route's code has loaded.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type DataStrategyFunction,
  type DataStrategyResult,
  StaticRouterProvider,
} from 'react-router';
import type { RuntimeConfig } from '@functions/schemas/config';
import { runtimeConfigPlaceholder } from '@functions/schemas/runtime-config-html';
import { appRoutes } from '@/app/routes';
import { SignedOutAuthProvider } from '@/lib/auth';
import { provideRuntimeConfig } from '@/lib/config';
import { type PageHead, PageHeadContext } from '@/lib/page-head';

const PLACEHOLDER_CONFIG = Object.fromEntries(
  ['stage', 'region', 'userPoolId', 'userPoolClientId', 'privacyPolicyUrl', 'termsOfServiceUrl', 'supportEmail'].map(
    (name) => [name, runtimeConfigPlaceholder(name)],
  ),
) as unknown as RuntimeConfig;

export interface PrerenderedPage {
  /** The markup of everything inside #root. */
  html: string;
  head: PageHead;
}

/** Loads each matched route's code but runs no loader: the page is rendered as it looks before its data. */
const withoutLoaders: DataStrategyFunction = async ({ matches }) => {
  const results: Record<string, DataStrategyResult> = {};
  for (const match of matches) results[match.route.id] = await match.resolve(() => null);
  return results;
};

export async function prerender(path: string): Promise<PrerenderedPage> {
  provideRuntimeConfig(PLACEHOLDER_CONFIG);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')), {
    dataStrategy: withoutLoaders,
  });
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status}`);
  if (context.statusCode !== 200) throw new Error(`Prerendering ${path} answered ${context.statusCode}`);
  const head: PageHead = {};
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <SignedOutAuthProvider>
          <PageHeadContext.Provider value={head}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </PageHeadContext.Provider>
        </SignedOutAuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { html, head };
}
