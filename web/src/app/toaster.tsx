import { lazy, Suspense } from 'react';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Loads after the first paint: sonner is not needed to draw a page, and a toast raised before it has
 * loaded is still shown (sonner replays active toasts to a Toaster that subscribes late).
 */
export function Toaster() {
  return (
    <Suspense>
      <SonnerToaster richColors position="top-center" />
    </Suspense>
  );
}
