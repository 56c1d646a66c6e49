import type { RouteObject } from 'react-router';

export const coachProfileRoutes: RouteObject[] = [
  { path: 'coaches/:coachId', lazy: () => import('./coach-page').then((m) => ({ Component: m.CoachPage })) },
];
