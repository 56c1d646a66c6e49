import type { ConversationSummary } from '@functions/schemas/messages';
import clsx from 'clsx';
import { DateTime } from 'luxon';
import { NavLink } from 'react-router';
import { CoachHeadshot } from '@/components/ui/coach-headshot';
import { nameWithCredentials } from '@functions/domain/display-name';

function when(iso: string): string {
  const at = DateTime.fromISO(iso);
  return at.hasSame(DateTime.now(), 'day') ? at.toFormat('h:mm a') : at.toFormat('LLL d');
}

/** The caller's conversations, most recent first, each with its unread count. */
export function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  if (conversations.length === 0) {
    return (
      <p className="p-4 text-sm text-slate-700">
        No conversations yet. Once you have booked a session, use “Message” on the session to write to your mentor or
        mentee.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((conversation) => {
        const name = nameWithCredentials(conversation.otherParty);
        return (
          <li key={conversation.id}>
            <NavLink
              to={`/messages/${conversation.id}`}
              className={({ isActive }) =>
                clsx('flex gap-3 p-3 hover:bg-slate-50', isActive && 'bg-brand-50 hover:bg-brand-50')
              }
            >
              <CoachHeadshot
                url={conversation.otherParty.headshotUrl}
                name={name}
                alt=""
                displaySize={40}
                className="h-10 w-10 shrink-0 rounded-full"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={clsx('truncate text-sm text-slate-900', conversation.unreadCount > 0 && 'font-bold')}
                  >
                    {name}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600">{when(conversation.lastMessage.at)}</span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-700">
                    {conversation.lastMessage.fromMe ? 'You: ' : ''}
                    {conversation.lastMessage.body}
                  </span>
                  {conversation.unreadCount > 0 && (
                    <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {conversation.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
              </span>
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
