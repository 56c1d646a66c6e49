import { planSummary } from '@functions/domain/plans';
import type { PublicPlan } from '@functions/schemas/plans';
import { useMutation } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { creditsLeftLabel, subscribeToPlan, useMyPlanWith } from '@/lib/my-subscriptions';
import { signInReturningTo } from '@/lib/return-path';
import { ProfileCard } from './profile-card';

/** Subscribing goes to the payment provider's Checkout in this tab; it comes back to the payment result pages. */
function SubscribeButton({ coachId }: { coachId: string }) {
  const subscribe = useMutation({
    mutationFn: () => subscribeToPlan(coachId),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
  const busy = subscribe.isPending || subscribe.isSuccess;
  return (
    <div className="space-y-3">
      <Button onClick={() => subscribe.mutate()} disabled={busy} aria-busy={busy}>
        {busy ? 'Opening payment…' : 'Subscribe'}
      </Button>
      {subscribe.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {errorMessage(subscribe.error)}
        </p>
      )}
    </div>
  );
}

function PlanAction({ coachId }: { coachId: string }) {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  const mine = useMyPlanWith(coachId, Boolean(user) && user?.userId !== coachId);
  if (loading) return null;
  if (!user) return <ButtonLink to={signInReturningTo(pathname)}>Sign in to subscribe</ButtonLink>;
  if (user.userId === coachId) {
    return <p className="text-sm text-slate-700">This is your plan as mentees see it.</p>;
  }
  if (mine) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {mine.status === 'past_due'
          ? "You are subscribed, but your plan's last payment failed. Update your card to book with it again."
          : `You are subscribed: ${creditsLeftLabel(mine)}. Book your sessions below with "Use my plan".`}
      </p>
    );
  }
  return <SubscribeButton coachId={coachId} />;
}

/** The coach's monthly plan, beside the slot picker (issue 27): its terms, description and Subscribe. */
export function PlanOffer({ coachId, plan }: { coachId: string; plan: PublicPlan }) {
  return (
    <ProfileCard title="Monthly mentorship plan">
      <div className="flex gap-3">
        <CalendarCheck className="mt-0.5 h-5 w-5 flex-none text-brand-700" aria-hidden="true" />
        <div className="min-w-0 space-y-3">
          <p className="font-semibold text-slate-900">{planSummary(plan)}</p>
          {plan.description && <p className="whitespace-pre-line text-sm text-slate-700">{plan.description}</p>}
          <p className="text-sm text-slate-600">
            Billed monthly by card. Cancel any time; it runs to the end of the month paid for.
          </p>
          <PlanAction coachId={coachId} />
        </div>
      </div>
    </ProfileCard>
  );
}
