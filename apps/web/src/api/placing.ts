/**
 * Placings (docs/primary-markets.md "Placings"): the list of placing/index page by page, one placing's ticket
 * figures, the application (checkSecret with the customer's own transaction password, then the order with the
 * confirmed intent's key), and the customer's applications (placing/record). Applying holds money: once settled,
 * every money and placing view is refetched (even after a network error: the server may have carried it out).
 */
import { ApiError } from '@beurs/api-client';
import type { DataOf, PlacingPhase, RequestOf, SubscriptionState } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { placing } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';
import { tradingKeys } from './trading';
import { walletKeys } from './wallet';

export type PlacingItem = DataOf<typeof placing.placingList>['list'][number];
export type PlacingTicketFigures = DataOf<typeof placing.placingTicket>;
export type PlacingApplication = DataOf<typeof placing.placingCreate>;
export type PlacingSecretRequest = RequestOf<typeof placing.placingCheckSecret>;
export type PlacingCreateRequest = RequestOf<typeof placing.placingCreate>;

export const placingKeys = {
  all: ['placing'] as const,
  list: (phase: PlacingPhase | undefined, language: string, loggedIn: boolean) =>
    [...placingKeys.all, 'list', phase ?? 'all', language, loggedIn] as const,
  ticket: (id: number) => [...placingKeys.all, 'ticket', id] as const,
  records: (status: SubscriptionState | undefined, language: string) =>
    [...placingKeys.all, 'records', status ?? 'all', language] as const,
};

export const PLACING_PAGE_SIZE = 20;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

export function usePlacingListInfinite(phase?: PlacingPhase) {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: placingKeys.list(phase, i18n.language, loggedIn),
    queryFn: ({ pageParam, signal }) =>
      api.call(placing.placingList, { phase, page: pageParam, pageSize: PLACING_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** The ticket's figures (price, rate, hold per lot, fee, available, most shares) for an open placing. */
export function usePlacingTicketQuery(id: number | null) {
  return useQuery({
    queryKey: placingKeys.ticket(id ?? 0),
    queryFn: ({ signal }) => api.call(placing.placingTicket, { id: id ?? 0 }, undefined, { signal }),
    enabled: id !== null,
    staleTime: 5_000,
  });
}

export function usePlacingRecordsInfinite(status?: SubscriptionState) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: placingKeys.records(status, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(placing.placingSubscriptions, { status, page: pageParam, pageSize: PLACING_PAGE_SIZE }, undefined, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The confirmed application: the transaction password (and second-factor code) buys a single-use confirmation,
 * then the application is sent with the intent's key; a lost answer is sent once more with the same key and the
 * same confirmation (at most one application is made).
 */
export function usePlacingApplyMutation() {
  return useMutation({
    mutationFn: async ({
      secret,
      order,
      idempotencyKey,
    }: {
      secret: PlacingSecretRequest;
      order: Omit<PlacingCreateRequest, 'confirmation'>;
      idempotencyKey: string;
    }) => {
      const { confirmation } = await api.call(placing.placingCheckSecret, secret);
      const send = () => api.call(placing.placingCreate, { ...order, confirmation }, undefined, { idempotencyKey });
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof ApiError && error.kind === 'network')) throw error;
        await wait(1_000);
        return send();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      void queryClient.invalidateQueries({ queryKey: placingKeys.all });
    },
    meta: { silentError: true },
  });
}

/** Cancels the caller's own application while the window is open: its hold is released. */
export function usePlacingCancelMutation() {
  return useMutation({
    mutationFn: (id: number) => api.call(placing.placingCancel, { id }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: placingKeys.all });
    },
    meta: { silentError: true },
  });
}
