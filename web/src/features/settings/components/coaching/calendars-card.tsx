import type { CalendarConnectionView } from '@functions/schemas/mentor-calendars';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CalendarReauthBanner } from '@/components/ui/calendar-reauth-banner';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { PROVIDER_LABELS, useMyCalendars } from '@/lib/my-calendars';
import { requestCalendarAuthorization, useChooseCalendars, useDisconnectCalendar } from '../../api/my-calendars';
import { SettingsCard } from '../settings-card';

type Provider = CalendarConnectionView['provider'];
const PROVIDERS: readonly Provider[] = ['google', 'microsoft'];

function ConnectButton({ provider, again }: { provider: Provider; again?: boolean }) {
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      window.location.href = await requestCalendarAuthorization(provider);
    } catch (error) {
      toast.error('Calendar Connection Failed', { description: errorMessage(error) });
      setBusy(false);
    }
  };
  return (
    <Button variant={again ? 'primary' : 'secondary'} disabled={busy} onClick={() => void connect()}>
      {again ? 'Reconnect' : 'Connect'} {PROVIDER_LABELS[provider]}
    </Button>
  );
}

/** One connected account: its calendars, which block time, which one receives bookings; disconnect. */
function ConnectionChoices({ connection }: { connection: CalendarConnectionView }) {
  const label = PROVIDER_LABELS[connection.provider];
  const legendId = useId();
  const [calendars, setCalendars] = useState(connection.calendars);
  const choose = useChooseCalendars();
  const disconnect = useDisconnectCalendar();
  const changed = JSON.stringify(calendars) !== JSON.stringify(connection.calendars);
  const update = (id: string, change: Partial<(typeof calendars)[number]>) =>
    setCalendars((current) =>
      current.map((calendar) =>
        calendar.id === id
          ? { ...calendar, ...change }
          : change.receivesBookings
            ? { ...calendar, receivesBookings: false }
            : calendar,
      ),
    );
  const save = () =>
    choose.mutate(
      {
        provider: connection.provider,
        calendars: calendars.map(({ id, blocksTime, receivesBookings }) => ({ id, blocksTime, receivesBookings })),
      },
      {
        onSuccess: () =>
          toast.success('Calendars Saved', { description: 'Your slots follow the calendars you chose.' }),
        onError: (error) => toast.error('Calendars Not Saved', { description: errorMessage(error) }),
      },
    );
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 p-4">
      {connection.status === 'connected' ? (
        <p className="flex items-start gap-2 font-semibold text-green-800">
          <CheckCircle2 className="mt-0.5 h-5 w-5 flex-none" aria-hidden="true" />
          <span>
            {label} connected{' '}
            <span className="block break-all font-normal text-slate-700 sm:inline">as {connection.account}</span>
          </span>
        </p>
      ) : (
        <div className="space-y-3">
          <CalendarReauthBanner connections={[connection]} withLink={false} />
          <ConnectButton provider={connection.provider} again />
        </div>
      )}
      <fieldset aria-labelledby={legendId} className="space-y-3">
        <legend id={legendId} className="text-sm font-semibold text-slate-900">
          Calendars of {connection.account}
        </legend>
        <ul className="space-y-3">
          {calendars.map((calendar) => (
            <li key={calendar.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <span className="break-all text-slate-900">
                {calendar.name}
                {calendar.primary && <span className="ml-2 text-xs text-slate-600">(primary)</span>}
              </span>
              <span className="flex flex-wrap gap-4 text-sm">
                <CheckboxField
                  label="Blocks my time"
                  checked={calendar.blocksTime}
                  onCheckedChange={(blocksTime) => update(calendar.id, { blocksTime })}
                />
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${connection.provider}-receives-bookings`}
                    checked={calendar.receivesBookings}
                    onChange={() => update(calendar.id, { receivesBookings: true })}
                    className="h-4 w-4 accent-brand-700"
                  />
                  Add bookings here
                </label>
              </span>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button disabled={!changed || choose.isPending} onClick={save}>
          {choose.isPending ? 'Saving...' : 'Save calendars'}
        </Button>
        <Button
          variant="secondary"
          disabled={disconnect.isPending}
          onClick={() =>
            disconnect.mutate(connection.provider, {
              onError: (error) => toast.error('Not Disconnected', { description: errorMessage(error) }),
            })
          }
        >
          Disconnect {label}
        </Button>
      </div>
    </div>
  );
}

/** Coach settings: the mentor's own Google and Microsoft calendars block their slots and receive their bookings. */
export function CalendarsCard() {
  const calendars = useMyCalendars();
  return (
    <SettingsCard
      title="Calendars"
      lead="Busy times in your own calendars block your booking slots, and each booking is added to the calendar you choose."
    >
      {calendars.isPending ? (
        <Spinner label="Loading your calendars" />
      ) : calendars.isError ? (
        <LoadFailed what="your calendars" error={calendars.error} onRetry={() => void calendars.refetch()} />
      ) : (
        <div className="space-y-4">
          {PROVIDERS.map((provider) => {
            const connection = calendars.data.find((candidate) => candidate.provider === provider);
            return connection ? (
              <ConnectionChoices
                key={`${provider}:${connection.account}:${connection.status}`}
                connection={connection}
              />
            ) : (
              <ConnectButton key={provider} provider={provider} />
            );
          })}
          <p className="text-sm text-slate-700">
            We only read when you are busy and write the sessions booked with you; event details stay private.
          </p>
        </div>
      )}
    </SettingsCard>
  );
}
