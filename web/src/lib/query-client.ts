import { QueryClient } from '@tanstack/react-query';

/** The one cache: the provider in main.tsx and the route loaders that fill it before a screen renders. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
