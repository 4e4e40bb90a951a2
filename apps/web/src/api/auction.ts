/**
 * The pre-market (opening) auction (docs/primary-markets.md "Pre-market auction"): the stocks in their pre-open
 * phase with the indicative price and each market's window, the caller's auction orders, and the call that enters
 * one. Entering holds money, so it carries the idempotency key of the confirmed intent (useKeyedSend) and, once
 * settled, refetches every money, trading and auction view (even after a network error: the server may have carried
 * it out).
 */
import { ApiError } from '@beurs/api-client';
import type { DataOf, RequestOf } from '@beurs/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
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

export const auctionKeys = {
  all: ['auction'] as const,
  /** Names come in the request language. */
  stocks: (language: string) => [...auctionKeys.all, 'stocks', language] as const,
  orders: (language: string) => [...auctionKeys.all, 'orders', language] as const,
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
