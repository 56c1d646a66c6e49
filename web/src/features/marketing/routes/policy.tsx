import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { runtimeConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';

const MAX_CHECKS = 5;
const CHECK_INTERVAL_MS = 1000;

type DocumentState = 'loading' | 'ready' | 'unavailable';

/**
 * The policy documents are hosted elsewhere. A cross-origin frame cannot be inspected, so the page
 * checks that the host answers (an opaque no-cors request) up to five times, a second apart.
 */
function usePolicyDocument(url: string): DocumentState {
  const [state, setState] = useState<DocumentState>('loading');
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (attempt: number) => {
      const reachable = await fetch(url, { mode: 'no-cors', cache: 'no-store' }).then(
        () => true,
        () => false,
      );
      if (cancelled) return;
      if (reachable) setState('ready');
      else if (attempt >= MAX_CHECKS) setState('unavailable');
      else timer = setTimeout(() => void check(attempt + 1), CHECK_INTERVAL_MS);
    };
    void check(1);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [url]);
  return state;
}

function PolicyPage({ title, url }: { title: string; url: string }) {
  useDocumentTitle(title);
  useMetaDescription(`The ${title.toLowerCase()} of Physician Mentors.`);
  const state = usePolicyDocument(url);
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {state === 'loading' && (
        <p role="status" className="mt-6 text-slate-600">
          Loading the {title.toLowerCase()}…
        </p>
      )}
      {state === 'unavailable' && (
        <div role="alert" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6">
          <p className="font-medium text-slate-900">Unable to load the policy at this time.</p>
          <Button onClick={() => window.location.reload()} className="mt-4">
            Reload Page
          </Button>
        </div>
      )}
      {state === 'ready' && (
        <iframe title={title} src={url} className="mt-6 h-[75vh] w-full rounded-2xl border border-slate-200" />
      )}
    </section>
  );
}

export function PrivacyPage() {
  return <PolicyPage title="Privacy Policy" url={runtimeConfig().privacyPolicyUrl} />;
}

export function TermsPage() {
  return <PolicyPage title="Terms of Service" url={runtimeConfig().termsOfServiceUrl} />;
}
