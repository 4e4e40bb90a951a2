/**
 * New-stock (IPO) subscriptions (docs/primary-markets.md): the IPO calendar page by page, one offering, the
 * subscription ticket's figures (getIpoFullNum), the customer's subscriptions and one of them, and the call that
 * subscribes. Subscribing holds money, so it carries the idempotency key of the confirmed intent (lib/idempotency)
 * and, once settled, refetches every money and subscription view (even after a network error: the server may have
 * carried it out).
 */
import { ApiError } from '@beurs/api-client';
import type { DataOf, OfferingMarket, OfferingPhase, RequestOf, SubscriptionState } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { primary } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';
import { walletKeys } from './wallet';

export type CalendarOffering = DataOf<typeof primary.newStockCalendar>['list'][number];
export type IpoTicketFigures = DataOf<typeof primary.ipoFullNum>;
export type SubscriptionRecord = DataOf<typeof primary.subscriptionDetail>;
export type SubscribeRequest = RequestOf<typeof primary.newSharesCreate>;
export type PayMakeUpRequest = RequestOf<typeof primary.newSharesPay>;

export interface CalendarFilter {
  market?: OfferingMarket;
  phase?: OfferingPhase;
}

export const primaryKeys = {
  all: ['primary'] as const,
  /** Names come in the request language; a signed-in caller also gets their state. */
  calendar: (filter: CalendarFilter, language: string, loggedIn: boolean) =>
    [...primaryKeys.all, 'calendar', filter, language, loggedIn] as const,
  offering: (code: string, language: string) => [...primaryKeys.all, 'offering', code, language] as const,
  ticket: (code: string) => [...primaryKeys.all, 'ticket', code] as const,
  subscriptions: (status: SubscriptionState | undefined, language: string) =>
    [...primaryKeys.all, 'subscriptions', status ?? 'all', language] as const,
  subscription: (id: number, language: string) => [...primaryKeys.all, 'subscription', id, language] as const,
};

export const IPO_PAGE_SIZE = 20;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/** The IPO calendar: open offerings first (closing soonest), then upcoming, then the rest (latest listing first). */
export function useIpoCalendarInfinite(filter: CalendarFilter) {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: primaryKeys.calendar(filter, i18n.language, loggedIn),
    queryFn: ({ pageParam, signal }) =>
      api.call(primary.newStockCalendar, { ...filter, page: pageParam, pageSize: IPO_PAGE_SIZE }, undefined, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 15_000,
    // A window opens or closes by the clock: refetched now and then.
    refetchInterval: 60_000,
  });
}

/** One offering by code, with the caller's state and subscription when signed in. */
export function useOfferingQuery(code: string | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: primaryKeys.offering(code ?? '', i18n.language),
    queryFn: ({ signal }) => api.call(primary.newStockDetail, { code: code ?? '' }, undefined, { signal }),
    enabled: Boolean(code),
    staleTime: 10_000,
  });
}

/**
 * The ticket's figures: price, rate, the hold per lot and the fee in the SUBSCRIPTION wallet's currency, the
 * available balance and the most the caller can subscribe. The rate is live: refreshed every 15 s.
 */
export function useIpoTicketQuery(code: string | undefined, enabled = true) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: primaryKeys.ticket(code ?? ''),
    queryFn: ({ signal }) => api.call(primary.ipoFullNum, { code: code ?? '' }, undefined, { signal }),
    enabled: loggedIn && enabled && Boolean(code),
    staleTime: 5_000,
    refetchInterval: 15_000,
    meta: { silentError: true },
  });
}

/** The caller's subscriptions, newest first. */
export function useSubscriptionsInfinite(status?: SubscriptionState) {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: primaryKeys.subscriptions(status, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(primary.positionSubscription, { status, page: pageParam, pageSize: IPO_PAGE_SIZE }, undefined, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

export function useSubscriptionQuery(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: primaryKeys.subscription(id ?? 0, i18n.language),
    queryFn: ({ signal }) => api.call(primary.subscriptionDetail, { id: id ?? 0 }, undefined, { signal }),
    enabled: Boolean(id),
  });
}

/** A retry can only help a call that never got an answer; with the same idempotency key it is safe. */
function retryLostCall(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network' && failureCount < 1;
}

/** Subscribes (holds the money). The screen shows refusals itself, with what to do next. */
export function useSubscribeMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SubscribeRequest; idempotencyKey: string }) =>
      api.call(primary.newSharesCreate, request, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: primaryKeys.all });
    },
    meta: { silentError: true },
  });
}

/**
 * Pays a financed subscription's make-up difference (docs/primary-markets.md "IPO financing"): money moves, so the
 * confirmed intent's idempotency key goes with it, and every money and subscription view is refetched after.
 */
export function usePayMakeUpMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: PayMakeUpRequest; idempotencyKey: string }) =>
      api.call(primary.newSharesPay, request, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: primaryKeys.all });
    },
    meta: { silentError: true },
  });
}
