/**
 * Pages rendered to HTML on the server, as a visitor without an account sees them, so they paint
 * before any script has run:
 * - at build time (vite.config.ts writes them beside index.html): the public pages whole, and the
 *   directory and the coach page as they look while their data loads;
 * - by the page functions (web/src/page-functions, functions/http/render-page.ts), the directory and a coach page with their data, rendered
 *   from a query cache filled as the route's loader would fill it, which the page carries for main.tsx.
 * In the browser, main.tsx renders the same page over it once the route's code has loaded.
 */
import { type Coach, type CoachList, coach as coachSchema, coachList } from '@functions/schemas/coach';
import type { RenderedPage } from '@functions/domain/page-html';
import { dehydrate, type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type DataStrategyFunction,
  type DataStrategyResult,
  type StaticHandler,
  StaticRouterProvider,
} from 'react-router';
import type { RuntimeConfig } from '@functions/schemas/config';
import { runtimeConfigPlaceholder } from '@functions/schemas/runtime-config-html';
import { appRoutes } from '@/app/routes';
import { coachQuery } from '@/features/coach-profile/api/get-coach';
import { coachesQuery, type DirectoryFilters } from '@/features/directory/api/get-coaches';
import { directoryFilters } from '@/features/directory/use-directory-filters';
import { SignedOutAuthProvider } from '@/lib/auth';
import { provideRuntimeConfig } from '@/lib/config';
import { type PageHead, PageHeadContext } from '@/lib/page-head';

const PLACEHOLDER_CONFIG = Object.fromEntries(
  ['stage', 'region', 'userPoolId', 'userPoolClientId', 'privacyPolicyUrl', 'termsOfServiceUrl', 'supportEmail'].map(
    (name) => [name, runtimeConfigPlaceholder(name)],
  ),
) as unknown as RuntimeConfig;

export type PrerenderedPage = Omit<RenderedPage, 'queryState'>;

/** Loads each matched route's code but runs no loader: the page is rendered as it looks before its data. */
const withoutLoaders: DataStrategyFunction = async ({ matches }) => {
  const results: Record<string, DataStrategyResult> = {};
  for (const match of matches) results[match.route.id] = await match.resolve(() => null);
  return results;
};

/**
 * One handler for every render: resolving a route's lazy properties empties the route object's `lazy`,
 * which a second handler made from the same routes would copy, and then match nothing.
 */
let staticHandler: StaticHandler | undefined;

async function render(path: string, config: RuntimeConfig, queryClient: QueryClient): Promise<PrerenderedPage> {
  provideRuntimeConfig(config);
  staticHandler ??= createStaticHandler(appRoutes);
  const handler = staticHandler;
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')), {
    dataStrategy: withoutLoaders,
  });
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status}`);
  if (context.statusCode !== 200) throw new Error(`Prerendering ${path} answered ${context.statusCode}`);
  const head: PageHead = {};
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
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

/** A page as it looks before its data, with placeholders where the deploy puts the config's values. */
export const prerender = (path: string) => render(path, PLACEHOLDER_CONFIG, new QueryClient());

async function renderWithData(
  url: URL,
  config: RuntimeConfig,
  fill: (client: QueryClient) => void,
): Promise<RenderedPage> {
  const client = new QueryClient();
  fill(client);
  const page = await render(`${url.pathname}${url.search}`, config, client);
  return { ...page, queryState: dehydrate(client) };
}

/** The directory with the first page of mentors for the URL's filters, which `readList` reads as the API would answer. */
export async function renderDirectoryPage(
  url: URL,
  config: RuntimeConfig,
  readList: (filters: DirectoryFilters) => Promise<CoachList>,
): Promise<RenderedPage> {
  const filters = directoryFilters(url.searchParams);
  const list = coachList.parse(await readList(filters));
  const firstPage: InfiniteData<CoachList, string | undefined> = { pages: [list], pageParams: [undefined] };
  return renderWithData(url, config, (client) => client.setQueryData(coachesQuery(filters).queryKey, firstPage));
}

/** A coach's page with the mentor's details; the scheduling and review cards load in the browser. */
export const renderCoachPage = (url: URL, config: RuntimeConfig, found: Coach): Promise<RenderedPage> =>
  renderWithData(url, config, (client) =>
    client.setQueryData(coachQuery(found.userId).queryKey, coachSchema.parse(found)),
  );
