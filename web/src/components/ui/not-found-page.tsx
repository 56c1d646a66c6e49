import { ButtonLink } from './button-link';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The 404 page: an unknown path, and a staff screen to anyone outside its group (never saying it exists). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-3 text-slate-700">The page you were looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </section>
  );
}
