import { MAX_MESSAGE_LENGTH } from '@functions/domain/messages';
import clsx from 'clsx';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

const draftKey = (draftOf: string) => `message-draft:${draftOf}`;

function readDraft(draftOf: string): string {
  try {
    return sessionStorage.getItem(draftKey(draftOf)) ?? '';
  } catch {
    return '';
  }
}

function keepDraft(draftOf: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(draftKey(draftOf), text);
    else sessionStorage.removeItem(draftKey(draftOf));
  } catch {
    // Storage may be off (private mode); the draft then lives as long as the screen.
  }
}

/** What the composer says when sending failed: the rate limit in its own words, with when to try again. */
function sendFailure(error: unknown): string {
  if (isApiError(error, 'RATE_LIMITED')) {
    return `You are sending messages too quickly. ${error.message} Your message is kept here.`;
  }
  return `Your message was not sent: ${errorMessage(error)}`;
}

/**
 * The message box under a thread. The draft survives leaving the thread and reloading the page
 * (kept per conversation for the tab's session); the count shows the 4,000-character limit.
 */
export function Composer({
  draftOf,
  recipientName,
  sending,
  error,
  onSend,
}: {
  /** Whose draft this is: the conversation, or the member a new one is with. */
  draftOf: string;
  recipientName: string;
  sending: boolean;
  error: unknown;
  onSend(body: string): Promise<unknown>;
}) {
  const [text, setText] = useState(() => readDraft(draftOf));
  const fieldId = useId();
  const countId = useId();
  useEffect(() => setText(readDraft(draftOf)), [draftOf]);
  const length = text.trim().length;
  const tooLong = length > MAX_MESSAGE_LENGTH;

  const change = (value: string) => {
    setText(value);
    keepDraft(draftOf, value);
  };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!length || tooLong || sending) return;
    try {
      await onSend(text.trim());
      change('');
    } catch {
      // Shown from `error`; the draft stays.
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2 border-t border-slate-200 bg-white p-3">
      {Boolean(error) && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {sendFailure(error)}
        </p>
      )}
      <label htmlFor={fieldId} className="sr-only">
        Message to {recipientName}
      </label>
      <textarea
        id={fieldId}
        value={text}
        rows={3}
        placeholder={`Write to ${recipientName}…`}
        aria-describedby={countId}
        aria-invalid={tooLong || undefined}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
        }}
        className="block w-full resize-y rounded-lg border border-slate-300 p-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      <div className="flex items-center justify-between gap-3">
        <p id={countId} className={clsx('text-xs', tooLong ? 'font-semibold text-red-800' : 'text-slate-600')}>
          {length.toLocaleString('en-US')} / {MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters
          {tooLong ? ' (too long)' : ''}
        </p>
        <Button type="submit" disabled={!length || tooLong || sending}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
