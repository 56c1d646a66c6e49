import { planTerms } from '@functions/domain/plans';
import { formatPrice } from '@functions/domain/money';
import type { SubscriptionView } from '@functions/schemas/plans';
import type { SessionView } from '@functions/schemas/session';
import { DateTime } from 'luxon';
import { nameWithCredentials } from '@functions/domain/display-name';

function Facts({ rows }: { rows: [string, string][] }) {
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

/** Coach, date, time, duration and total of a session, in the viewer's time zone. */
export function SessionFacts({ session, timeZone }: { session: SessionView; timeZone: string }) {
  const start = DateTime.fromISO(session.start, { zone: timeZone });
  const end = DateTime.fromISO(session.end, { zone: timeZone });
  return (
    <Facts
      rows={[
        ['Mentor', nameWithCredentials(session.otherParty)],
        ['Date', start.toFormat('cccc, LLLL d, yyyy')],
        ['Time', `${start.toFormat('h:mm a')} – ${end.toFormat('h:mm a ZZZZ')}`],
        ['Duration', `${session.durationMinutes} minutes`],
        ['Total paid', session.isFreeConsultation ? 'FREE' : formatPrice(session.priceCents)],
      ]}
    />
  );
}

/** Coach, terms, this month's sessions and the renewal date of a plan, in the viewer's time zone. */
export function PlanFacts({ plan, timeZone }: { plan: SubscriptionView; timeZone: string }) {
  const renews = plan.currentPeriodEnd
    ? DateTime.fromISO(plan.currentPeriodEnd, { zone: timeZone }).toFormat('LLLL d, yyyy')
    : 'Not yet known';
  return (
    <Facts
      rows={[
        ['Mentor', nameWithCredentials(plan.otherParty)],
        ['Plan', planTerms(plan)],
        ['Sessions left this month', `${plan.creditsLeft} of ${plan.sessionsPerMonth}`],
        [plan.cancelAtPeriodEnd ? 'Ends' : 'Renews', renews],
      ]}
    />
  );
}
