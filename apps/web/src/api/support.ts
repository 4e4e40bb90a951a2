/**
 * Customer service (docs/support.md): the customer's conversations with their unread counts, one conversation's
 * messages, starting one, sending text and images, and read marks. New messages arrive over the live socket
 * (accountEvents.ts refetches the conversation and the lists), so nothing here polls. The server echoes the
 * customer's own message and read mark as such an event, so sending and reading refetch nothing themselves.
 */
import type { DataOf, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { support } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';

export type SupportThread = DataOf<typeof support.supportDetail>;
export type SupportListPage = DataOf<typeof support.supportList>;

export const supportKeys = {
  all: ['support'] as const,
  lists: () => [...supportKeys.all, 'list'] as const,
  unread: () => [...supportKeys.lists(), 'unread'] as const,
  threads: () => [...supportKeys.all, 'thread'] as const,
  thread: (id: number) => [...supportKeys.threads(), id] as const,
};

export const SUPPORT_PAGE_SIZE = 20;

/** The caller's conversations, the latest message first, page by page. */
export function useSupportConversations() {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: supportKeys.lists(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.call(support.supportList, { page: pageParam, pageSize: SUPPORT_PAGE_SIZE }, undefined, {
        signal,
      });
      queryClient.setQueryData(supportKeys.unread(), page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

/** The unread answers of customer service in all conversations (the badge on Me and Settings). */
export function useSupportUnreadQuery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: supportKeys.unread(),
    queryFn: async ({ signal }) =>
      (await api.call(support.supportList, { page: 1, pageSize: 1 }, undefined, { signal })).unread,
    enabled: loggedIn,
    staleTime: 30_000,
  });
}

/** One conversation with its newest messages (another customer's id answers 404). */
export function useSupportThread(id: number | undefined) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: supportKeys.thread(id ?? 0),
    queryFn: ({ signal }) => api.call(support.supportDetail, {}, { id: id ?? 0 }, { signal }),
    enabled: loggedIn && id !== undefined,
  });
}

export function useStartSupportMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof support.supportApply>) => api.call(support.supportApply, request),
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.thread(thread.conversation.id), thread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });
}

export function useSendSupportMutation(id: number) {
  return useMutation({
    mutationFn: (request: RequestOf<typeof support.supportSend>) => api.call(support.supportSend, request, { id }),
  });
}

/** Marks the operators' messages read; the badge follows at once (the lists with the echo). Silent: the customer did not ask for it. */
export function useReadSupportMutation(id: number) {
  return useMutation({
    mutationFn: () => api.call(support.supportRead, {}, { id }),
    meta: { silentError: true },
    onSuccess: (result) => queryClient.setQueryData(supportKeys.unread(), result.unread),
  });
}
