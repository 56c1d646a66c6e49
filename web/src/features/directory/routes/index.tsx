import type { RouteObject } from 'react-router';

export const directoryRoutes: RouteObject[] = [
  {
    path: 'coaches',
    // Loaded side by side: the loader's small chunk starts the read while the page's code arrives.
    lazy: {
      loader: async () => (await import('./directory-loader')).directoryLoader,
      Component: async () => (await import('./directory')).DirectoryPage,
    },
  },
];
