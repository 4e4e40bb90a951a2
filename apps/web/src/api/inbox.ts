/**
 * The inbox (docs/money.md "The inbox"): messages page by page, one message, marking read and the unread
 * count shown on the profile tab. Messages are written in the request language, so keys carry it.
 */
import type { DataOf, UserMessage } from '@beurs/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { inbox } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';

export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  list: (language: string) => [...inboxKeys.lists(), language] as const,
  messages: () => [...inboxKeys.all, 'message'] as const,
  message: (id: number, language: string) => [...inboxKeys.messages(), id, language] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
};

export type MessagesPage = DataOf<typeof inbox.getMessages>;

export const INBOX_PAGE_SIZE = 20;

/** The caller's messages, newest first, page by page. Each page also refreshes the unread count. */
export function useMessagesInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: inboxKeys.list(i18n.language),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.call(inbox.getMessages, { page: pageParam, pageSize: INBOX_PAGE_SIZE }, undefined, {
        signal,
      });
      queryClient.setQueryData(inboxKeys.unread(), page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
    staleTime: 10_000,
  });
}

/** One message (another user's id answers 404). Opening it does not mark it read: see useMarkReadMutation. */
export function useMessageQuery(id: number | undefined) {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: inboxKeys.message(id ?? 0, i18n.language),
    queryFn: ({ signal }) => api.call(inbox.getMessage, {}, { id: id ?? 0 }, { signal }),
    enabled: loggedIn && id !== undefined,
  });
}

/** The number of unread messages (profile menu and tab badges); idle for guests, refreshed every minute. */
export function useUnreadCountQuery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: async ({ signal }) =>
      (await api.call(inbox.getMessages, { page: 1, pageSize: 1 }, undefined, { signal })).unread,
    enabled: loggedIn,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

type ReadRequest = { ids: number[]; all?: undefined } | { all: true; ids?: undefined };

function markCachedRead(request: ReadRequest) {
  const ids = new Set(request.ids ?? []);
  const isRead = (m: UserMessage) => request.all === true || ids.has(m.id);
  queryClient.setQueriesData<InfiniteData<MessagesPage>>({ queryKey: inboxKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map((m) => (!m.read && isRead(m) ? { ...m, read: true } : m)),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<UserMessage>({ queryKey: inboxKeys.messages() }, (m) =>
    m && !m.read && isRead(m) ? { ...m, read: true } : m,
  );
}

/**
 * Marks messages (`ids`) or everything (`all: true`) read; the lists, the message and the unread count
 * follow at once. `silent`: no toast on failure (marking on open is a side effect the user did not ask for).
 */
export function useMarkReadMutation(options: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: (request: ReadRequest) => api.call(inbox.updateRead, request),
    meta: { silentError: options.silent ?? false },
    onSuccess: (result, request) => {
      markCachedRead(request);
      queryClient.setQueryData(inboxKeys.unread(), result.unread);
    },
  });
}
