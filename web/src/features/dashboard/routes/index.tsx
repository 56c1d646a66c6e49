import type { RouteObject } from 'react-router';

export const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: () => import('./dashboard').then((m) => ({ Component: m.DashboardPage })) },
  {
    path: 'sessions/:id/join',
    lazy: () => import('./join-session').then((m) => ({ Component: m.JoinSessionPage })),
  },
];
