import type { RouteObject } from 'react-router';

export const financeRoutes: RouteObject[] = [
  { path: 'finance', lazy: () => import('./finance-page').then((m) => ({ Component: m.FinancePage })) },
];
