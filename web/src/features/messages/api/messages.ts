import { conversationList, type MessageView, messagePage, sentMessage, unreadCount } from '@functions/schemas/messages';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** New messages show within this long while a thread is open and its tab visible (issue 26: 5 s). */
export const THREAD_POLL_MS = 3_000;
const UNREAD_POLL_MS = 30_000;

/** The header's unread badge: one cheap read, asked again on every page and every half minute. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.unread(),
    queryFn: async () => unreadCount.parse(await api.get('/me/unread')).unread,
    refetchInterval: UNREAD_POLL_MS,
  });

export const useUnread = (enabled: boolean) => useQuery({ ...unreadQuery(), enabled });

export const conversationsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.me.conversations(),
    queryFn: async ({ pageParam }) => conversationList.parse(await api.get('/me/conversations', { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: THREAD_POLL_MS * 3,
  });

export const useConversations = () => useInfiniteQuery(conversationsQuery());

export interface LoadedThread {
  messages: MessageView[];
  /** Pass as `before` for the page before the first loaded message; absent at the start of the thread. */
  olderCursor?: string;
}

const byId = (messages: MessageView[]) => [...new Map(messages.map((message) => [message.id, message])).values()];
const inOrder = (messages: MessageView[]) => byId(messages).sort((a, b) => (a.id < b.id ? -1 : 1));

/** Everything after a message, following the server's cursor to the end. */
async function messagesAfter(conversationId: string, after: string): Promise<MessageView[]> {
  const found: MessageView[] = [];
  let cursor: string | undefined = after;
  while (cursor) {
    const page = messagePage.parse(await api.get(`/conversations/${conversationId}/messages`, { after: cursor }));
    found.push(...page.messages);
    cursor = page.nextCursor;
  }
  return found;
}

/**
 * One thread: the latest page first, then each poll asks only for what came after the newest
 * message held. React Query stops the interval while the tab is in the background.
 */
export const threadQuery = (queryClient: QueryClient, conversationId: string) =>
  queryOptions({
    queryKey: queryKeys.me.conversationMessages(conversationId),
    queryFn: async (): Promise<LoadedThread> => {
      const held = queryClient.getQueryData<LoadedThread>(queryKeys.me.conversationMessages(conversationId));
      const newest = held?.messages.at(-1);
      if (!held || !newest) {
        const page = messagePage.parse(await api.get(`/conversations/${conversationId}/messages`));
        return { messages: page.messages, olderCursor: page.nextCursor };
      }
      const newer = await messagesAfter(conversationId, newest.id);
      return newer.length ? { ...held, messages: inOrder([...held.messages, ...newer]) } : held;
    },
    refetchInterval: THREAD_POLL_MS,
  });

export function useThread(conversationId: string) {
  return useQuery(threadQuery(useQueryClient(), conversationId));
}

export function useLoadOlderMessages(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (before: string) =>
      messagePage.parse(await api.get(`/conversations/${conversationId}/messages`, { before })),
    onSuccess: (page) =>
      queryClient.setQueryData<LoadedThread>(queryKeys.me.conversationMessages(conversationId), (held) => ({
        messages: inOrder([...page.messages, ...(held?.messages ?? [])]),
        olderCursor: page.nextCursor,
      })),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { to: string; body: string }) => sentMessage.parse(await api.post('/messages', input)),
    onSuccess: ({ message, conversationId }) => {
      queryClient.setQueryData<LoadedThread>(queryKeys.me.conversationMessages(conversationId), (held) =>
        held ? { ...held, messages: inOrder([...held.messages, message]) } : held,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.conversations(), exact: true });
    },
  });
}

export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => api.post<void>(`/conversations/${conversationId}/read`, { upTo }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.unread() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me.conversations(), exact: true }),
      ]),
  });
}

export const useReportMessage = () =>
  useMutation({
    mutationFn: ({ messageId, reason }: { messageId: string; reason: string }) =>
      api.post<void>(`/messages/${messageId}/report`, { reason }),
  });
