import type { OtherParty } from '@functions/schemas/messages';
import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { SignInRequired } from '@/components/ui/sign-in-required';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useContact } from '@/lib/contacts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConversations } from '../api/messages';
import { ConversationList } from '../components/conversation-list';
import { NewThread, Thread } from '../components/thread';
import { nameWithCredentials } from '@functions/domain/display-name';

function ThreadHeader({ other }: { other: OtherParty }) {
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 p-3">
      <Link
        to="/messages"
        className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 md:hidden"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All messages
      </Link>
      <h2 className="truncate text-lg font-semibold text-slate-900">{nameWithCredentials(other)}</h2>
    </div>
  );
}

/** `/messages?with=<userId>`: the conversation with a member, or a new one if they may talk. */
function WithMember({ userId, me }: { userId: string; me: string }) {
  const contact = useContact(userId);
  const navigate = useNavigate();
  if (contact.isPending) return <Spinner label="Loading..." />;
  if (contact.isError)
    return <LoadFailed what="this member" error={contact.error} onRetry={() => void contact.refetch()} />;
  const { otherParty, canMessage, conversationId } = contact.data;
  if (conversationId) return <Navigate to={`/messages/${conversationId}`} replace />;
  return (
    <>
      <ThreadHeader other={otherParty} />
      {canMessage ? (
        <NewThread me={me} other={otherParty} onStarted={(id) => navigate(`/messages/${id}`, { replace: true })} />
      ) : (
        <p className="p-4 text-sm text-slate-700">
          You can message {otherParty.firstName} once you have booked a session together.
        </p>
      )}
    </>
  );
}

function MessagesScreen({ me }: { me: string }) {
  const { conversationId } = useParams();
  const [search] = useSearchParams();
  const withUser = search.get('with');
  const list = useConversations();
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  const open = conversations.find((conversation) => conversation.id === conversationId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // A link to an older conversation than the first page holds: read on until it is found.
  useEffect(() => {
    if (conversationId && !open && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [conversationId, open, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const threadShown = Boolean(conversationId || withUser);
  useDocumentTitle(open ? `Messages with ${nameWithCredentials(open.otherParty)}` : 'Messages');

  let thread: React.ReactNode;
  if (withUser) thread = <WithMember userId={withUser} me={me} />;
  else if (conversationId && open) {
    thread = (
      <>
        <ThreadHeader other={open.otherParty} />
        <Thread key={conversationId} conversationId={conversationId} me={me} other={open.otherParty} />
      </>
    );
  } else if (conversationId && (list.isPending || hasNextPage)) thread = <Spinner label="Loading messages..." />;
  else if (conversationId) thread = <p className="p-4 text-sm text-slate-700">This conversation was not found.</p>;
  else thread = <p className="m-auto p-4 text-sm text-slate-600">Choose a conversation to read it.</p>;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className={clsx('mb-4 text-2xl font-bold text-slate-900', threadShown && 'max-md:sr-only')}>Messages</h1>
      <div className="grid h-[calc(100dvh-12rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white md:grid-cols-[20rem_1fr]">
        <section
          aria-label="Conversations"
          className={clsx('min-h-0 overflow-y-auto border-slate-200 md:border-r', threadShown && 'max-md:hidden')}
        >
          {list.isPending ? (
            <Spinner label="Loading conversations..." />
          ) : list.isError ? (
            <LoadFailed what="your conversations" error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <>
              <ConversationList conversations={conversations} />
              {hasNextPage && (
                <div className="p-3">
                  <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                    {isFetchingNextPage ? 'Loading…' : 'Load more conversations'}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
        <section aria-label="Conversation" className={clsx('flex min-h-0 flex-col', !threadShown && 'max-md:hidden')}>
          {thread}
        </section>
      </div>
    </div>
  );
}

export function MessagesPage() {
  const { user, loading } = useAuth();
  if (loading) return <Spinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <SignInRequired heading="Messages" message="Please log in to read and send messages." />
      </div>
    );
  }
  return <MessagesScreen me={user.userId} />;
}
