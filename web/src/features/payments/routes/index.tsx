import type { RouteObject } from 'react-router';

export const paymentRoutes: RouteObject[] = [
  {
    path: 'payment-success',
    lazy: () => import('./payment-success').then((m) => ({ Component: m.PaymentSuccessPage })),
  },
  {
    path: 'payment-cancelled',
    lazy: () => import('./payment-cancelled').then((m) => ({ Component: m.PaymentCancelledPage })),
  },
];
