import type { RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { authRoutes, confirmSignUpLinkRoute } from '@/features/auth/routes';
import { coachProfileRoutes } from '@/features/coach-profile/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { directoryRoutes } from '@/features/directory/routes';
import { financeRoutes } from '@/features/finance/routes';
import { marketingRoutes, notFoundRoute } from '@/features/marketing/routes';
import { messagesRoutes } from '@/features/messages/routes';
import { paymentRoutes } from '@/features/payments/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { supportRoutes } from '@/features/support/routes';
import { Layout } from './layout';
import { RouteError } from './route-error';

/**
 * Each feature exports its route list from `features/<feature>/routes/index.tsx` (lazy route modules, so
 * a screen's code loads on its first visit) and is spread in below; the catch-all 404 stays last.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    HydrateFallback: Spinner,
    children: [
      {
        // A pathless route inside the layout, so header and footer stay when a screen fails.
        ErrorBoundary: RouteError,
        children: [
          confirmSignUpLinkRoute([
            ...marketingRoutes,
            ...authRoutes,
            ...settingsRoutes,
            ...directoryRoutes,
            ...coachProfileRoutes,
            ...paymentRoutes,
            ...dashboardRoutes,
            ...financeRoutes,
            ...supportRoutes,
            ...messagesRoutes,
            notFoundRoute,
          ]),
        ],
      },
    ],
  },
];
