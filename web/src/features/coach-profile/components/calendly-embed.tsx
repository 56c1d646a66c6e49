import type { Coach } from '@functions/schemas/coach';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { runtimeConfig } from '@/lib/config';
import { queryKeys } from '@/lib/query-keys';
import { errorMessage } from '@/lib/error-message';
import { useViewerTimeZone } from '@/lib/use-viewer-time-zone';
import { getExternalEvent } from '../api/get-external-event';
import { type BookingChoice, ConfirmBookingDialog } from './confirm-booking-dialog';
import { LoginDialog } from './login-dialog';

/** Spec section 5 'External calendar': the host, then a username of letters, digits, _ . or -. */
const CALENDLY_URL = /^https:\/\/calendly\.com\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)?\/?$/;
const CALENDLY_ORIGIN = 'https://calendly.com';
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

/**
 * Where the embed is loaded from, and the origin its messages must come from: Calendly itself,
 * or, where the config names one (the local stack), a stand-in page on the site's own origin.
 */
function useEmbedSource(url: string): { src: string; origin: string } {
  const { calendlyEmbedPath } = runtimeConfig();
  return useMemo(() => {
    if (calendlyEmbedPath) {
      return { src: `${calendlyEmbedPath}?${new URLSearchParams({ url })}`, origin: window.location.origin };
    }
    // Calendly's inline embed tells the parent page about bookings only when it knows the embedding domain.
    const src = new URL(url);
    src.searchParams.set('embed_domain', window.location.host);
    src.searchParams.set('embed_type', 'Inline');
    return { src: src.toString(), origin: CALENDLY_ORIGIN };
  }, [calendlyEmbedPath, url]);
}

/** The event URI of Calendly's `calendly.event_scheduled` message; null for any other message. */
function scheduledEventUri(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { event?: unknown; payload?: { event?: { uri?: unknown } } };
  if (message.event !== 'calendly.event_scheduled') return null;
  const uri = message.payload?.event?.uri;
  return typeof uri === 'string' && uri.length <= 500 ? uri : null;
}

export function CalendlyEmbed({ coach, coachName }: { coach: Coach; coachName: string }) {
  const url = coach.calendlyUrl ?? '';
  if (!CALENDLY_URL.test(url)) return <Alert title="Invalid Calendly URL" />;
  return <CalendlyFrame coach={coach} coachName={coachName} url={url} />;
}

function CalendlyFrame({ coach, coachName, url }: { coach: Coach; coachName: string; url: string }) {
  const { user } = useAuth();
  const timeZone = useViewerTimeZone();
  const { src, origin } = useEmbedSource(url);
  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [scheduledUri, setScheduledUri] = useState<string | null>(null);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // Only the embed's own messages count; the times are then read by the server, never taken from here.
  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      if (message.origin !== origin || message.source !== frame.current?.contentWindow) return;
      const uri = scheduledEventUri(message.data);
      if (uri) setScheduledUri(uri);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  const event = useQuery({
    queryKey: queryKeys.coaches.externalEvent(coach.userId, scheduledUri),
    queryFn: () => getExternalEvent(coach.userId, scheduledUri as string),
    enabled: Boolean(user && scheduledUri),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const choice: BookingChoice | null =
    user && scheduledUri && event.data
      ? {
          coachId: coach.userId,
          coachName,
          hourlyRateCents: coach.hourlyRateCents,
          option: {
            id: 'external',
            label: `${event.data.durationMinutes} minutes`,
            minutes: event.data.durationMinutes,
            isFreeConsultation: false,
          },
          slot: { start: event.data.start, end: event.data.end },
          timeZone,
          externalCalendar: { eventType: event.data.eventType, uri: scheduledUri, priceCents: event.data.priceCents },
        }
      : null;

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
    <div className="space-y-4">
      {state === 'loading' && <Spinner label="Loading calendar..." />}
      {user && scheduledUri && event.isPending && <Spinner label="Checking your booking..." />}
      {user && scheduledUri && event.isError && (
        <Alert title="This booking cannot be completed">
          <p>{errorMessage(event.error)}</p>
        </Alert>
      )}
      <iframe
        ref={frame}
        key={attempt}
        src={src}
        title={`Booking calendar of ${coachName}`}
        onLoad={() => setState('loaded')}
        className={state === 'loaded' ? 'h-[700px] w-full rounded-lg border-0' : 'h-0 w-full border-0'}
      />
      {user ? (
        <ConfirmBookingDialog choice={choice} onClose={() => setScheduledUri(null)} />
      ) : (
        <LoginDialog
          open={scheduledUri !== null}
          onOpenChange={(open) => !open && setScheduledUri(null)}
          returnTo={`/coaches/${coach.userId}`}
        />
      )}
    </div>
  );
}
