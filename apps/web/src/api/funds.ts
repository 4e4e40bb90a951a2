/**
 * Funds, Current and Regular (docs/fixed-income.md "Funds"): the products with the terms a subscription now gets
 * (yinmutual/index), the subscription with the transaction password and the confirmed intent's key, the customer's
 * orders with their daily yield, the totals, an order's daily series and a Current's redemption (yinmutual/myhold).
 * Subscribing and redeeming move money: once settled, every money and fund view is refetched.
 */
import type { DataOf, FundOrderState, FundType, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { funds } from './endpoints';
import { queryClient } from './queryClient';
import { walletKeys } from './wallet';

export type FundProductItem = DataOf<typeof funds.fundProductPageList>['list'][number];
export type FundOrderItem = DataOf<typeof funds.fundOrderPageList>['list'][number];
export type FundSubscribeRequest = RequestOf<typeof funds.fundOrderCreate>;

export const fundKeys = {
  all: ['funds'] as const,
  products: (type: FundType | undefined, language: string) =>
    [...fundKeys.all, 'products', type ?? 'all', language] as const,
  orders: (status: FundOrderState | undefined, language: string) =>
    [...fundKeys.all, 'orders', status ?? 'all', language] as const,
  stat: () => [...fundKeys.all, 'stat'] as const,
  profit: (id: number) => [...fundKeys.all, 'profit', id] as const,
};

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

export function useFundProductsQuery(type?: FundType) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: fundKeys.products(type, i18n.language),
    queryFn: ({ signal }) =>
      api.call(funds.fundProductPageList, { type, page: 1, pageSize: 50 }, undefined, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useFundOrdersInfinite(status?: FundOrderState) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: fundKeys.orders(status, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(funds.fundOrderPageList, { status, page: pageParam, pageSize: 20 }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  });
}

export function useFundStatQuery() {
  return useQuery({
    queryKey: fundKeys.stat(),
    queryFn: ({ signal }) => api.call(funds.fundStat, {}, undefined, { signal }),
    staleTime: 10_000,
  });
}

export function useFundProfitQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: fundKeys.profit(id),
    queryFn: ({ signal }) => api.call(funds.fundProfit, { id }, undefined, { signal }),
    enabled,
    staleTime: 10_000,
  });
}

const refetchMoney = () => {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  void queryClient.invalidateQueries({ queryKey: fundKeys.all });
};

export function useFundSubscribeMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: FundSubscribeRequest; idempotencyKey: string }) =>
      api.call(funds.fundOrderCreate, request, undefined, { idempotencyKey }),
    onSettled: refetchMoney,
    meta: { silentError: true },
  });
}

export function useFundRedeemMutation() {
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      api.call(funds.fundOrderRedeem, { id }, undefined, { idempotencyKey }),
    onSettled: refetchMoney,
    meta: { silentError: true },
  });
}
