import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Shown inside the layout when a screen fails to render or load. The usual cause in production is
 * a browser holding an old index after a deploy, asking for a chunk that no longer exists: a reload fixes it.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => console.error(error), [error]);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-700">This page could not be shown. Reloading usually fixes it.</p>
      <Button onClick={() => window.location.reload()} className="mt-8">
        Reload Page
      </Button>
    </section>
  );
}
