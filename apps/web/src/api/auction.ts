/**
 * The pre-market (opening) auction (docs/primary-markets.md "Pre-market auction"): the stocks in their pre-open
 * phase with the indicative price and each market's window, the caller's auction orders, and the call that enters
 * one. Entering holds money, so it carries the idempotency key of the confirmed intent (useKeyedSend) and, once
 * settled, refetches every money, trading and auction view (even after a network error: the server may have carried
 * it out).
 */
import { ApiError } from '@beurs/api-client';
import type { DataOf, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { auction } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';
import { tradingKeys } from './trading';
import { walletKeys } from './wallet';

export type PreMarketPage = DataOf<typeof auction.preMarketList>;
export type AuctionStockRow = PreMarketPage['list'][number];
export type AuctionOrderRow = DataOf<typeof auction.auctionOrderList>['list'][number];
export type AuctionCreateRequest = RequestOf<typeof auction.auctionStockCreate>;
export type AuctionCreateResult = DataOf<typeof auction.auctionStockCreate>;
export type SaleRow = DataOf<typeof auction.saleList>['list'][number];
export type SaleTime = DataOf<typeof auction.getSaleTime>;

export const auctionKeys = {
  all: ['auction'] as const,
  /** Names come in the request language. */
  stocks: (language: string) => [...auctionKeys.all, 'stocks', language] as const,
  orders: (language: string) => [...auctionKeys.all, 'orders', language] as const,
  /** The caller's allotted new shares and when each may be sold (names in the request language). */
  sales: (language: string) => [...auctionKeys.all, 'sales', language] as const,
  saleTime: (code: string) => [...auctionKeys.all, 'saleTime', code] as const,
};

export const AUCTION_PAGE_SIZE = 20;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/** The stocks in pre-open now; the indicative price moves with the US pre-market, refreshed every 15 s. */
export function usePreMarketInfinite() {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: auctionKeys.stocks(i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(auction.preMarketList, { page: pageParam, pageSize: AUCTION_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

/** The caller's auction orders, newest first; their state changes at the open. */
export function useAuctionOrdersInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: auctionKeys.orders(i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(auction.auctionOrderList, { page: pageParam, pageSize: AUCTION_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

/**
 * The caller's allotted new shares, sellable ones first, then by when they become sellable (/m_ft/sale_list). A
 * listing or a sale changes them; read again every minute.
 */
export function useSalesInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: auctionKeys.sales(i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(auction.saleList, { page: pageParam, pageSize: AUCTION_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** When a new stock's shares may first be sold (/m_ft/get_sale_time, guests too); off until a code is asked. */
export function useSaleTime(code: string) {
  return useQuery({
    queryKey: auctionKeys.saleTime(code),
    queryFn: ({ signal }) => api.call(auction.getSaleTime, { code }, undefined, { signal }),
    enabled: code !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** A retry can only help a call that never got an answer; with the same idempotency key it is safe. */
function retryLostCall(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network' && failureCount < 1;
}

/** Enters an auction order (holds the money). The screen shows refusals itself. */
export function useAuctionCreateMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: AuctionCreateRequest; idempotencyKey: string }) =>
      api.call(auction.auctionStockCreate, request, undefined, { idempotencyKey }),
    retry: retryLostCall,
    retryDelay: 1_000,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
      void queryClient.invalidateQueries({ queryKey: auctionKeys.all });
    },
    meta: { silentError: true },
  });
}
