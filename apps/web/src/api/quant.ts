/**
 * AI quantification (docs/strategies.md "AI quantification"): the quant strategies with their ranking, figures and
 * daily returns (aiquantify/index), a subscription confirmed with the transaction password (checkSecret answers a
 * single-use confirmation; order/save spends it with the confirmed intent's key, form-encoded as SPEC §7 says), and
 * the customer's subscriptions (aiquantify/record, record-detail). Subscribing moves money: once settled, every money
 * and quant view is refetched.
 */
import type { DataOf, FollowState, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { quant } from './endpoints';
import { queryClient } from './queryClient';
import { walletKeys } from './wallet';

export type QuantList = DataOf<typeof quant.quantList>;
export type QuantItem = QuantList['list'][number];
export type QuantOrderItem = DataOf<typeof quant.quantOrderPageList>['list'][number];
export type QuantProfitStat = DataOf<typeof quant.quantProfitStat>;
type SaveRequest = Omit<RequestOf<typeof quant.quantOrderSave>, 'confirmation'>;

export const quantKeys = {
  all: ['quant'] as const,
  list: (language: string) => [...quantKeys.all, 'list', language] as const,
  stat: (id: number) => [...quantKeys.all, 'stat', id] as const,
  profit: (id: number) => [...quantKeys.all, 'profit', id] as const,
  orders: (status: FollowState | undefined, language: string) =>
    [...quantKeys.all, 'orders', status ?? 'all', language] as const,
  order: (id: number, language: string) => [...quantKeys.all, 'order', id, language] as const,
};

export function useQuantListQuery() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: quantKeys.list(i18n.language),
    queryFn: ({ signal }) => api.call(quant.quantList, {}, undefined, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useQuantStatQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: quantKeys.stat(id),
    queryFn: ({ signal }) => api.call(quant.quantProfitStat, { id }, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useQuantProfitQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: quantKeys.profit(id),
    queryFn: ({ signal }) => api.call(quant.quantProfitList, { id, days: 7 }, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useQuantOrdersInfinite(status?: FollowState) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: quantKeys.orders(status, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(quant.quantOrderPageList, { status, page: pageParam, pageSize: 20 }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useQuantOrderQuery(id: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: quantKeys.order(id, i18n.language),
    queryFn: async ({ signal }) =>
      (await api.call(quant.quantOrderPageList, { id, page: 1, pageSize: 1 }, undefined, { signal })).list[0] ?? null,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

/**
 * checkSecret then order/save: the password (and code) buy a confirmation for exactly this subscription, which the
 * save spends under the intent's key. A retry with the same key after a lost answer replays the first answer.
 */
export function useQuantSubscribeMutation() {
  return useMutation({
    mutationFn: async ({
      request,
      secret,
      idempotencyKey,
    }: {
      request: SaveRequest;
      secret: { payPassword: string; totpCode?: string };
      idempotencyKey: string;
    }) => {
      const { confirmation } = await api.call(quant.quantCheckSecret, {
        strategyId: request.strategyId,
        amount: request.amount,
        termDays: request.termDays,
        ...secret,
      });
      return api.call(quant.quantOrderSave, { ...request, confirmation }, undefined, { idempotencyKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: quantKeys.all });
    },
    meta: { silentError: true },
  });
}
