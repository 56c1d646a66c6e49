import type { RouteObject } from 'react-router';

/** Every console screen comes from one lazy chunk, loaded on the first visit to /support. */
const screen = (name: keyof typeof import('./support-console')) => () =>
  import('./support-console').then((screens) => ({ Component: screens[name] }));

/**
 * `/support`, the operations console (issue 40), behind the staff layout, which shows the 404 page to
 * anyone outside the support group (finance sees the audit log too).
 */
export const supportRoutes: RouteObject[] = [
  {
    path: 'support',
    lazy: screen('SupportLayout'),
    children: [
      { index: true, lazy: screen('UserSearchPage') },
      { path: 'users/:userId', lazy: screen('UserPage') },
      { path: 'disputes', lazy: screen('DisputesPage') },
      { path: 'reports', lazy: screen('ReportsPage') },
      { path: 'dead-letters', lazy: screen('DeadLettersPage') },
      { path: 'audit', lazy: screen('AuditPage') },
    ],
  },
];
