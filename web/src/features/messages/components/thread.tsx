import type { MessageView, OtherParty } from '@functions/schemas/messages';
import clsx from 'clsx';
import { DateTime } from 'luxon';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useLoadOlderMessages, useMarkRead, useReportMessage, useSendMessage, useThread } from '../api/messages';
import { Composer } from './composer';
import { MessageText } from './message-text';
import { nameWithCredentials } from '@functions/domain/display-name';

function ReportForm({ messageId, onDone }: { messageId: string; onDone(): void }) {
  const report = useReportMessage();
  const [reason, setReason] = useState('');
  const fieldId = useId();
  if (report.isSuccess) {
    return (
      <p role="status" className="mt-1 text-xs text-slate-700">
        Thank you. The message was sent to moderation.
      </p>
    );
  }
  return (
    <form
      className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-2 text-slate-900"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) report.mutate({ messageId, reason: reason.trim() });
      }}
    >
      <label htmlFor={fieldId} className="block text-xs font-medium">
        Why are you reporting this message?
      </label>
      <input
        id={fieldId}
        value={reason}
        maxLength={1000}
        onChange={(event) => setReason(event.target.value)}
        className="block w-full rounded border border-slate-300 px-2 py-1 text-sm"
      />
      {report.isError && (
        <p role="alert" className="text-xs text-red-800">
          {errorMessage(report.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="danger" className="px-3 py-1.5" disabled={!reason.trim() || report.isPending}>
          Report
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function MessageBubble({ message, mine, otherName }: { message: MessageView; mine: boolean; otherName: string }) {
  const [reporting, setReporting] = useState(false);
  const at = DateTime.fromISO(message.at);
  return (
    <li className={clsx('flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="message">
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-4 py-2 text-sm',
          mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">{mine ? 'You' : otherName}: </span>
        {message.removed ? (
          <p className="italic">This message was removed by moderation.</p>
        ) : (
          <MessageText text={message.body} />
        )}
      </div>
      <p className="mt-1 flex items-center gap-2 text-xs text-slate-600">
        <time dateTime={message.at}>{at.toFormat('LLL d, h:mm a')}</time>
        {!mine && !message.removed && !reporting && (
          <button type="button" className="underline hover:text-slate-900" onClick={() => setReporting(true)}>
            Report<span className="sr-only"> this message</span>
          </button>
        )}
      </p>
      {reporting && <ReportForm messageId={message.id} onDone={() => setReporting(false)} />}
    </li>
  );
}

/** The messages of a thread as a log region: screen readers announce what arrives. */
function MessageLog({
  messages,
  me,
  other,
  before,
}: {
  messages: MessageView[];
  me: string;
  other: OtherParty;
  before?: React.ReactNode;
}) {
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest) end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4">
      {before}
      <div role="log" aria-live="polite" aria-label={`Messages with ${nameWithCredentials(other)}`}>
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              mine={message.from === me}
              otherName={nameWithCredentials(other)}
            />
          ))}
        </ol>
      </div>
      {messages.length === 0 && (
        <p className="py-8 text-center text-sm text-slate-600">No messages yet. Say hello to {other.firstName}.</p>
      )}
      <div ref={end} />
    </div>
  );
}

/** An existing conversation: polled for new messages while open, marked read as they are shown. */
export function Thread({ conversationId, me, other }: { conversationId: string; me: string; other: OtherParty }) {
  const thread = useThread(conversationId);
  const older = useLoadOlderMessages(conversationId);
  const send = useSendMessage();
  const markRead = useMarkRead(conversationId);
  const messages = thread.data?.messages ?? [];
  const newestFromOther = messages.findLast((message) => message.from !== me)?.id;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (newestFromOther && document.visibilityState === 'visible') read(newestFromOther);
  }, [newestFromOther, read]);

  if (thread.isPending) return <Spinner label="Loading messages..." />;
  if (thread.isError)
    return <LoadFailed what="the messages" error={thread.error} onRetry={() => void thread.refetch()} />;
  const olderCursor = thread.data.olderCursor;
  return (
    <>
      <MessageLog
        messages={messages}
        me={me}
        other={other}
        before={
          olderCursor && (
            <div className="mb-3 text-center">
              <Button variant="secondary" disabled={older.isPending} onClick={() => older.mutate(olderCursor)}>
                {older.isPending ? 'Loading…' : 'Load earlier messages'}
              </Button>
            </div>
          )
        }
      />
      <Composer
        draftOf={conversationId}
        recipientName={other.firstName}
        sending={send.isPending}
        error={send.error}
        onSend={(body) => send.mutateAsync({ to: other.userId, body })}
      />
    </>
  );
}

/** A conversation not started yet: the first message opens it. */
export function NewThread({
  me,
  other,
  onStarted,
}: {
  me: string;
  other: OtherParty;
  onStarted(conversationId: string): void;
}) {
  const send = useSendMessage();
  return (
    <>
      <MessageLog messages={[]} me={me} other={other} />
      <Composer
        draftOf={`with:${other.userId}`}
        recipientName={other.firstName}
        sending={send.isPending}
        error={send.error}
        onSend={async (body) => onStarted((await send.mutateAsync({ to: other.userId, body })).conversationId)}
      />
    </>
  );
}
