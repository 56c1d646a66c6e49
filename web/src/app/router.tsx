import { createBrowserRouter } from 'react-router';
import { marketingRoutes, notFoundRoute } from '@/features/marketing/routes';
import { Layout } from './layout';

/**
 * Screens are added here, one feature's route list at a time; the catch-all 404 stays last.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [...marketingRoutes, notFoundRoute],
  },
]);
