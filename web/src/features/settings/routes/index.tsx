import type { RouteObject } from 'react-router';

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: () => import('./settings').then((m) => ({ Component: m.SettingsPage })) },
];
