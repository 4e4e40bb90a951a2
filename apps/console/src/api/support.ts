/**
 * The support inbox's calls (contracts/endpoints/support.ts, console section) and its live updates: while an operator
 * is signed in, the console holds the app's live socket tied to their session (`operatorAuth`), and every support
 * event refetches the inbox, the menu's unread count and that event's conversation (docs/support.md). The server
 * echoes an operator's own reply, assignment and status change as such an event, so the mutations refetch nothing
 * themselves.
 */
import { type DataOf, type RequestOf, support } from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, queryClient } from './client';
import { consoleKeys } from './keys';
import { session, useSession } from './session';

export type SupportQueueParams = RequestOf<typeof support.supportQueue>;
export type SupportRow = DataOf<typeof support.supportQueue>['list'][number];
export type SupportThread = DataOf<typeof support.supportConsoleDetail>;
export type SupportTemplate = DataOf<typeof support.supportTemplates>[number];

export const supportKeys = {
  all: [...consoleKeys.all, 'support'] as const,
  queues: () => [...supportKeys.all, 'queue'] as const,
  queue: (params: SupportQueueParams) => [...supportKeys.queues(), params] as const,
  unread: () => [...supportKeys.all, 'unread'] as const,
  thread: (id: number) => [...supportKeys.all, 'thread', id] as const,
  /** Outside `all`: the operators do not change with the conversations. */
  operators: () => [...consoleKeys.all, 'supportOperators'] as const,
  templates: () => [...consoleKeys.all, 'supportTemplates'] as const,
};

/** What a support event changes: the inbox, the unread count and the event's conversation (every one when null). */
const refresh = (conversationId: number | null) => {
  void queryClient.invalidateQueries({ queryKey: supportKeys.queues() });
  void queryClient.invalidateQueries({ queryKey: supportKeys.unread() });
  void queryClient.invalidateQueries({
    queryKey: conversationId === null ? [...supportKeys.all, 'thread'] : supportKeys.thread(conversationId),
  });
};

export function useSupportQueue(params: SupportQueueParams) {
  return useQuery({
    queryKey: supportKeys.queue(params),
    queryFn: ({ signal }) => api.call(support.supportQueue, params, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Unread customer messages in all conversations: the menu's badge. */
export function useSupportUnread(options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: supportKeys.unread(),
    queryFn: async ({ signal }) =>
      (await api.call(support.supportQueue, { pageSize: 1 }, undefined, { signal })).unread,
  });
}

export function useSupportThread(id: number) {
  return useQuery({
    queryKey: supportKeys.thread(id),
    queryFn: ({ signal }) => api.call(support.supportConsoleDetail, {}, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSupportOperators() {
  return useQuery({
    queryKey: supportKeys.operators(),
    queryFn: ({ signal }) => api.call(support.supportOperators, {}, undefined, { signal }),
    staleTime: 300_000,
  });
}

/** An answer: text, a picture the operator uploaded (ImageUploadButton), or both. */
export function useSupportReply(id: number) {
  return useMutation({
    mutationFn: (input: RequestOf<typeof support.supportReply>) => api.call(support.supportReply, input, { id }),
  });
}

export function useSupportRead(id: number) {
  return useMutation({
    mutationFn: () => api.call(support.supportConsoleRead, {}, { id }),
    onSuccess: (result) => {
      queryClient.setQueryData(supportKeys.unread(), result.unread);
      void queryClient.invalidateQueries({ queryKey: supportKeys.queues() });
    },
  });
}

export function useSupportAssign(id: number) {
  return useMutation({
    mutationFn: (operatorId: number | null) => api.call(support.supportAssign, { operatorId }, { id }),
  });
}

export function useSupportStatus(id: number) {
  return useMutation({
    mutationFn: (status: SupportRow['status']) => api.call(support.supportSetStatus, { status }, { id }),
  });
}

export function useSupportTemplates() {
  return useQuery({
    queryKey: supportKeys.templates(),
    queryFn: ({ signal }) => api.call(support.supportTemplates, {}, undefined, { signal }),
  });
}

type TemplateInput = RequestOf<typeof support.supportTemplateCreate>;
export function useSaveTemplate() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TemplateInput }) =>
      id === null
        ? api.call(support.supportTemplateCreate, input)
        : api.call(support.supportTemplateUpdate, input, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.templates() }),
  });
}
export function useDeleteTemplate() {
  return useMutation({
    mutationFn: (id: number) => api.call(support.supportTemplateDelete, {}, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.templates() }),
  });
}

const RECONNECT_MS = 2_000;

/**
 * Holds the live socket while an operator is signed in: tied by `operatorAuth`, it brings every support event; a
 * lost connection is opened again after a moment and the inbox, the count and every conversation are refetched
 * (events may have been missed meanwhile).
 */
export function useSupportLive(enabled: boolean) {
  const { token } = useSession();
  useEffect(() => {
    if (!token || !enabled) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let opened = false;
    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${protocol}://${window.location.host}/web/ws/quotes`);
      socket.onopen = () => {
        socket?.send(JSON.stringify({ op: 'operatorAuth', token: session.token() }));
        if (opened) refresh(null);
        opened = true;
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type?: string; conversationId?: number };
        if (message.type === 'support') refresh(message.conversationId ?? null);
      };
      socket.onclose = () => {
        if (!closed) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [token, enabled]);
}
