import type { CalendarConnectionView } from '@functions/schemas/mentor-calendars';
import { AlertTriangle } from 'lucide-react';
import { PROVIDER_LABELS } from '@/lib/my-calendars';
import { ButtonLink } from './button-link';

/** A calendar connection that stopped working: shown on the dashboard and in settings until it is reconnected. */
export function CalendarReauthBanner({
  connections,
  withLink,
}: {
  connections: readonly CalendarConnectionView[];
  withLink: boolean;
}) {
  const broken = connections.filter((connection) => connection.status === 'reauth_required');
  if (!broken.length) return null;
  const names = broken.map((connection) => PROVIDER_LABELS[connection.provider]).join(' and ');
  return (
    <section
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 h-5 w-5 flex-none text-amber-800" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-amber-950">Reconnect your calendar</h2>
          <p className="text-sm text-amber-950">
            {names} stopped working. Busy times there no longer block your booking slots, and new bookings are not added
            to it.
          </p>
        </div>
      </div>
      {withLink && <ButtonLink to="/settings?tab=coaching">Reconnect</ButtonLink>}
    </section>
  );
}
