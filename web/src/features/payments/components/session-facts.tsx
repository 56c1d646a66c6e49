import { formatWholeDollars } from '@functions/domain/money';
import type { SessionView } from '@functions/schemas/session';
import { DateTime } from 'luxon';

/** Coach, date, time, duration and total of a session, in the viewer's time zone. */
export function SessionFacts({ session, timeZone }: { session: SessionView; timeZone: string }) {
  const start = DateTime.fromISO(session.start, { zone: timeZone });
  const end = DateTime.fromISO(session.end, { zone: timeZone });
  const { firstName, lastName, credentials } = session.otherParty;
  const rows: [string, string][] = [
    ['Mentor', `${firstName} ${lastName}${credentials ? `, ${credentials}` : ''}`],
    ['Date', start.toFormat('cccc, LLLL d, yyyy')],
    ['Time', `${start.toFormat('h:mm a')} – ${end.toFormat('h:mm a ZZZZ')}`],
    ['Duration', `${session.durationMinutes} minutes`],
    ['Total paid', session.isFreeConsultation ? 'FREE' : formatWholeDollars(session.priceCents)],
  ];
  return (
    <dl className="divide-y divide-slate-100 rounded-lg bg-slate-50 px-4 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
