import { planTerms } from '@functions/domain/plans';
import type { SubscriptionView } from '@functions/schemas/plans';
import clsx from 'clsx';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { creditsLeftLabel, useCancelSubscription, useMySubscriptions } from '@/lib/my-subscriptions';
import { nameWithCredentials } from '@functions/domain/display-name';

const day = (iso: string | null, timeZone: string) =>
  iso ? DateTime.fromISO(iso, { zone: timeZone }).toFormat('LLL d, yyyy') : null;

function statusOf(plan: SubscriptionView): { label: string; className: string } {
  if (plan.status === 'canceled') return { label: 'Ended', className: 'bg-slate-100 text-slate-800' };
  if (plan.status === 'past_due') return { label: 'Payment failed', className: 'bg-red-50 text-red-800' };
  if (plan.cancelAtPeriodEnd) return { label: 'Ending', className: 'bg-amber-100 text-amber-900' };
  return { label: 'Active', className: 'bg-green-100 text-green-900' };
}

function PlanCard({
  plan,
  timeZone,
  onEnd,
}: {
  plan: SubscriptionView;
  timeZone: string;
  onEnd(plan: SubscriptionView): void;
}) {
  const name = nameWithCredentials(plan.otherParty);
  const status = statusOf(plan);
  const periodEnd = day(plan.currentPeriodEnd, timeZone);
  const running = plan.status !== 'canceled';
  const headingId = `plan-${plan.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="plan-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
            {plan.viewerRole === 'mentee' ? 'Mentor' : 'Mentee'}
          </p>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {name}
          </h3>
          <p className="text-sm text-slate-700">{planTerms(plan)}</p>
        </div>
        <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.className)}>
          {status.label}
        </span>
      </div>
      {running && (
        <ul className="grid gap-1 text-sm text-slate-800 sm:grid-cols-2">
          <li>Sessions: {creditsLeftLabel(plan)}</li>
          {periodEnd && <li>{plan.cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}</li>}
        </ul>
      )}
      {plan.status === 'past_due' && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {plan.viewerRole === 'mentee'
            ? 'The last monthly payment failed. Update your card with the link in the e-mail we sent you; until then no sessions can be booked with the plan.'
            : "The mentee's last monthly payment failed; no sessions can be booked with the plan until it is paid."}
        </p>
      )}
      {running && !plan.cancelAtPeriodEnd && (
        <div>
          <Button variant="danger" onClick={() => onEnd(plan)}>
            {plan.viewerRole === 'mentee' ? 'Cancel plan' : 'End plan'}
            <span className="sr-only"> with {name}</span>
          </Button>
        </div>
      )}
    </article>
  );
}

function EndPlanDialog({
  plan,
  timeZone,
  onClose,
}: {
  plan: SubscriptionView | null;
  timeZone: string;
  onClose(): void;
}) {
  const cancel = useCancelSubscription();
  const until = plan && (day(plan.currentPeriodEnd, timeZone) ?? 'the end of the month paid for');
  const asMentee = plan?.viewerRole === 'mentee';
  return (
    <ConfirmDialog
      open={plan !== null}
      onOpenChange={(open) => !open && onClose()}
      title={asMentee ? 'Cancel your plan?' : 'End this plan?'}
      description={
        asMentee
          ? `Your plan stays active, with the sessions left this month, until ${until}, and will not renew.`
          : `The plan stays active, with the sessions left this month, until ${until}, and will not renew. The mentee is told by e-mail.`
      }
      confirmLabel={asMentee ? 'Cancel plan' : 'End plan'}
      destructive
      onConfirm={() =>
        plan &&
        cancel.mutate(plan.id, {
          onSuccess: () =>
            toast.success(asMentee ? 'Plan Cancelled' : 'Plan Ended', {
              description: `It runs until ${until} and will not renew.`,
            }),
          onError: (error) => toast.error('Could Not Cancel the Plan', { description: errorMessage(error) }),
        })
      }
    />
  );
}

/** The dashboard's monthly plans: the mentee's with their mentors, the coach's with their mentees. */
export function PlansList({ timeZone, offersPlan }: { timeZone: string; offersPlan: boolean }) {
  const plans = useMySubscriptions();
  const [ending, setEnding] = useState<SubscriptionView | null>(null);
  if (plans.isPending) return <Spinner label="Loading your plans" />;
  if (plans.isError) return <LoadFailed what="your plans" error={plans.error} onRetry={() => void plans.refetch()} />;
  if (plans.data.length === 0 && !offersPlan) return null;
  return (
    <section aria-labelledby="plans-heading" className="space-y-4">
      <h2 id="plans-heading" className="text-xl font-semibold text-slate-900">
        Monthly plans
      </h2>
      {plans.data.length === 0 ? (
        <p className="text-sm text-slate-700">No mentee has subscribed to your plan yet.</p>
      ) : (
        <ul className="space-y-4">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} timeZone={timeZone} onEnd={setEnding} />
            </li>
          ))}
        </ul>
      )}
      <EndPlanDialog plan={ending} timeZone={timeZone} onClose={() => setEnding(null)} />
    </section>
  );
}
