import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** Spec section 5 'External calendar': the host, then a username of letters, digits, _ . or -. */
const CALENDLY_URL = /^https:\/\/calendly\.com\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)?\/?$/;
/** A cross-origin frame never reports a failed load, so one that stays silent this long counts as failed. */
const LOAD_TIMEOUT_MS = 15_000;

function Alert({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-4 py-4 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}

export function CalendlyEmbed({ url, coachName }: { url: string; coachName: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (!CALENDLY_URL.test(url)) return <Alert title="Invalid Calendly URL" />;
  if (state === 'failed') {
    return (
      <Alert title="Failed to Load Calendar">
        <button
          type="button"
          className="mt-2 font-semibold underline"
          onClick={() => {
            setAttempt(attempt + 1);
            setState('loading');
          }}
        >
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <div>
      {state === 'loading' && <Spinner label="Loading calendar..." />}
      <iframe
        key={attempt}
        src={url}
        title={`Booking calendar of ${coachName}`}
        onLoad={() => setState('loaded')}
        className={state === 'loaded' ? 'h-[700px] w-full rounded-lg border-0' : 'h-0 w-full border-0'}
      />
    </div>
  );
}
