import { Button } from '@/components/ui/button';
import { momentTime } from '../format';
import type { DeadLetter } from './redrive-dialog';

/** The jobs that ran out of retries, one card each, the button beside it from tablet width up. */
export function DeadLetterList({
  deadLetters,
  onRedrive,
}: {
  deadLetters: DeadLetter[];
  onRedrive(deadLetter: DeadLetter): void;
}) {
  return (
    <ul aria-label="Dead letters" className="space-y-3">
      {deadLetters.map((letter) => (
        <li
          key={letter.id}
          data-testid="dead-letter"
          data-dead-letter-id={letter.id}
          className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm md:grid-cols-[1fr_auto] md:items-start"
        >
          <div className="min-w-0 space-y-1">
            <p className="font-semibold text-slate-900">
              {letter.kind}
              {letter.subject && (
                <span className="ml-2 break-all font-mono text-xs text-slate-700">{letter.subject}</span>
              )}
            </p>
            <p className="text-slate-700">
              {letter.tries} {letter.tries === 1 ? 'try' : 'tries'}, the last {momentTime(letter.at)}
            </p>
            <p className="break-words rounded bg-red-50 p-2 font-mono text-xs text-red-900">{letter.lastError}</p>
          </div>
          <Button
            variant="secondary"
            onClick={() => onRedrive(letter)}
            aria-label={`Re-drive ${letter.kind}${letter.subject ? ` for ${letter.subject}` : ''}`}
            data-focus-key={`redrive-${letter.id}`}
          >
            Re-drive…
          </Button>
        </li>
      ))}
    </ul>
  );
}
