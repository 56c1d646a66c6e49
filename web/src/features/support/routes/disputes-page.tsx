import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDisputes } from '../api/disputes';
import { ConsolePage, EmptyState } from '../components/console-page';
import { DisputeCard } from '../components/dispute-card';
import { SupportLoadFailed } from '../components/refusal';
import { type Dispute, ResolveDisputeDialog } from '../components/resolve-dispute-dialog';

function DisputeQueue() {
  const disputes = useDisputes();
  const [resolving, setResolving] = useState<Dispute | null>(null);
  if (disputes.isPending) return <Spinner label="Loading the disputes" />;
  if (disputes.isError)
    return <SupportLoadFailed what="the disputes" error={disputes.error} onRetry={() => void disputes.refetch()} />;
  const queue = disputes.data.disputes;
  return (
    <section aria-labelledby="queue-title" className="space-y-3">
      <h2 id="queue-title" className="text-xl font-semibold text-slate-900">
        {queue.length === 1 ? '1 dispute' : `${queue.length} disputes`} waiting
      </h2>
      {queue.length === 0 ? (
        <EmptyState>No disputed session is waiting for a decision.</EmptyState>
      ) : (
        <ol className="space-y-4">
          {queue.map((dispute) => (
            <DisputeCard key={dispute.session.id} dispute={dispute} onResolve={setResolving} />
          ))}
        </ol>
      )}
      <ResolveDisputeDialog dispute={resolving} onClose={() => setResolving(null)} />
    </section>
  );
}

/** `/support/disputes`: disputed sessions, oldest first, each with both sides' reports and joins. */
export function DisputesPage() {
  return (
    <ConsolePage
      title="Disputes"
      intro="Sessions whose mentor and mentee disagree on what happened, oldest first. The mentor is not paid until you decide."
    >
      <DisputeQueue />
    </ConsolePage>
  );
}
