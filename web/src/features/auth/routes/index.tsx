import type { RouteObject } from 'react-router';
import { ConfirmSignUpLink } from '../components/confirm-sign-up-link';
import { SignedOutOnlyRoute } from '../components/signed-out-only-route';

/** Wraps the other screens so a sign-up confirmation link works wherever it lands. */
export const confirmSignUpLinkRoute = (children: RouteObject[]): RouteObject => ({
  Component: ConfirmSignUpLink,
  children,
});

export const authRoutes: RouteObject[] = [
  {
    Component: SignedOutOnlyRoute,
    children: [
      { path: 'register', lazy: () => import('./register').then((m) => ({ Component: m.RegisterPage })) },
      { path: 'login', lazy: () => import('./login').then((m) => ({ Component: m.LoginPage })) },
    ],
  },
  {
    path: 'forgot-password',
    lazy: () => import('./forgot-password').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  { path: 'reset-password', lazy: () => import('./reset-password').then((m) => ({ Component: m.ResetPasswordPage })) },
  { path: 'auth/callback', lazy: () => import('./auth-callback').then((m) => ({ Component: m.AuthCallbackPage })) },
];
