/**
 * Treasury bonds (docs/fixed-income.md): the list with its quotes (bonds/list, bonds/open), the purchase with the
 * transaction password and the confirmed intent's key, the customer's holdings and their totals, and the sale at the
 * bid (bonds/close). Buying and selling move money: once settled, every money and bond view is refetched.
 */
import type { BondHoldingState, DataOf, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { bonds } from './endpoints';
import { queryClient } from './queryClient';
import { walletKeys } from './wallet';

export type BondItem = DataOf<typeof bonds.bondsList>['list'][number];
export type BondHoldingItem = DataOf<typeof bonds.treasuryBondPageList>['list'][number];
export type BondBuyRequest = RequestOf<typeof bonds.treasuryBondCreate>;
export type BondIssuerFilter = NonNullable<RequestOf<typeof bonds.bondsList>['issuer']>;

export const bondKeys = {
  all: ['bonds'] as const,
  list: (issuer: string | undefined, language: string) => [...bondKeys.all, 'list', issuer ?? 'all', language] as const,
  one: (code: string, language: string) => [...bondKeys.all, 'one', code, language] as const,
  holdings: (status: string | undefined, language: string) =>
    [...bondKeys.all, 'holdings', status ?? 'all', language] as const,
  totals: () => [...bondKeys.all, 'totals'] as const,
};

export const BOND_PAGE_SIZE = 50;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

export function useBondListQuery(issuer?: BondIssuerFilter) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: bondKeys.list(issuer, i18n.language),
    queryFn: ({ signal }) =>
      api.call(bonds.bondsList, { issuer, page: 1, pageSize: BOND_PAGE_SIZE }, undefined, { signal }),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** One bond's quote for its ticket (null when it is not on the list). */
export function useBondQuery(code: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: bondKeys.one(code, i18n.language),
    queryFn: async ({ signal }) =>
      (await api.call(bonds.bondsList, { code, page: 1, pageSize: 1 }, undefined, { signal })).list[0] ?? null,
    enabled: code !== '',
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

export function useBondHoldingsInfinite(status?: BondHoldingState) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: bondKeys.holdings(status, i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(bonds.treasuryBondPageList, { status, page: pageParam, pageSize: 20 }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 10_000,
  });
}

export function useBondTotalsQuery() {
  return useQuery({
    queryKey: bondKeys.totals(),
    queryFn: ({ signal }) => api.call(bonds.getTreasuryBondTotal, {}, undefined, { signal }),
    staleTime: 10_000,
  });
}

const refetchMoney = () => {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  void queryClient.invalidateQueries({ queryKey: bondKeys.all });
};

export function useBondBuyMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: BondBuyRequest; idempotencyKey: string }) =>
      api.call(bonds.treasuryBondCreate, request, undefined, { idempotencyKey }),
    onSettled: refetchMoney,
    meta: { silentError: true },
  });
}

export function useBondSellMutation() {
  return useMutation({
    mutationFn: ({ id, minProceeds, idempotencyKey }: { id: number; minProceeds?: string; idempotencyKey: string }) =>
      api.call(bonds.treasuryBondFlatPosition, { id, ...(minProceeds ? { minProceeds } : {}) }, undefined, {
        idempotencyKey,
      }),
    onSettled: refetchMoney,
    meta: { silentError: true },
  });
}
