import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDeadLetters } from '../api/dead-letters';
import { ConsolePage, EmptyState } from '../components/console-page';
import { DeadLetterList } from '../components/dead-letter-list';
import { type DeadLetter, RedriveDialog } from '../components/redrive-dialog';
import { SupportLoadFailed } from '../components/refusal';

function DeadLetters() {
  const deadLetters = useDeadLetters();
  const [redriving, setRedriving] = useState<DeadLetter | null>(null);
  if (deadLetters.isPending) return <Spinner label="Loading the dead letters" />;
  if (deadLetters.isError)
    return (
      <SupportLoadFailed what="the dead letters" error={deadLetters.error} onRetry={() => void deadLetters.refetch()} />
    );
  const list = deadLetters.data.deadLetters;
  if (list.length === 0) return <EmptyState>No job ran out of retries.</EmptyState>;
  return (
    <>
      <DeadLetterList deadLetters={list} onRedrive={setRedriving} />
      <RedriveDialog deadLetter={redriving} onClose={() => setRedriving(null)} />
    </>
  );
}

/** `/support/dead-letters`: the jobs that ran out of retries, each to run again once. */
export function DeadLettersPage() {
  return (
    <ConsolePage
      title="Dead letters"
      intro="Jobs that failed every retry. Re-drive one after fixing what made it fail."
    >
      <DeadLetters />
    </ConsolePage>
  );
}
