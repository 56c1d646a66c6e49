import type { RouteObject } from 'react-router';

export const coachProfileRoutes: RouteObject[] = [
  {
    path: 'coaches/:coachId',
    // Loaded side by side: the loader's small chunk starts the reads while the page's code arrives.
    lazy: {
      loader: async () => (await import('./coach-page-loader')).coachPageLoader,
      Component: async () => (await import('./coach-page')).CoachPage,
    },
  },
];
