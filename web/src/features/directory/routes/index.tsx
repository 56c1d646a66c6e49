import type { RouteObject } from 'react-router';

export const directoryRoutes: RouteObject[] = [
  { path: 'coaches', lazy: () => import('./directory').then((m) => ({ Component: m.DirectoryPage })) },
];
