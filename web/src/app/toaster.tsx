import { lazy, Suspense } from 'react';

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Loads after the first paint: sonner is not needed to draw a page, and a toast raised before it has
 * loaded is still shown (sonner replays active toasts to a Toaster that subscribes late). Toasts sit
 * in the bottom corner, clear of the header and of the forms that raise them, and at most two show
 * at once (a third waits until one goes).
 */
export function Toaster() {
  return (
    <Suspense>
      <SonnerToaster richColors position="bottom-right" visibleToasts={2} />
    </Suspense>
  );
}
