/**
 * Trading (docs/trading.md): positions, closed positions and entrusted orders page by page, one position or
 * order, the ticket's published figures (fee rates, minimum quantity, half and full presets) and the calls
 * that place, add to, close, protect and cancel. Every call that moves money carries the idempotency key of
 * the confirmed intent (lib/idempotency.ts); after one settles, every trading and money view is refetched
 * (even after a network error: the server may have carried it out).
 */
import { ApiError } from '@beurs/api-client';
import type { DataOf, EndpointRef, RequestOf } from '@beurs/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { trading } from './endpoints';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';
import { walletKeys } from './wallet';

export type PositionsPage = DataOf<typeof trading.positionMe>;
export type HalfOrFull = DataOf<typeof trading.halfOrFullNum>;
export type StockRate = DataOf<typeof trading.stockRate>;

/** Which create endpoint takes an order (docs/trading.md): stocks, Hong Kong stocks, futures and commodities, forex. */
export type TicketProduct = 'stock' | 'hk' | 'future' | 'forex';

export const createEndpointOf: Record<TicketProduct, EndpointRef> = {
  stock: trading.stockCreate,
  hk: trading.hkCreate,
  future: trading.goldCreate,
  forex: trading.crudeCreate,
};

export type TradeList = 'holdings' | 'closed' | 'entrusted' | 'history';

export const tradingKeys = {
  all: ['trading'] as const,
  /** Names come in the request language. */
  list: (list: TradeList, language: string) => [...tradingKeys.all, 'list', list, language] as const,
  position: (id: number, language: string) => [...tradingKeys.all, 'position', id, language] as const,
  order: (id: number, language: string) => [...tradingKeys.all, 'order', id, language] as const,
  ticket: (request: RequestOf<typeof trading.halfOrFullNum>) => [...tradingKeys.all, 'ticket', request] as const,
  rules: (code: string, source: number | undefined) => [...tradingKeys.all, 'rules', code, source] as const,
};

export const TRADE_PAGE_SIZE = 20;

const nextPage = (last: { page: number; pageSize: number; total: number }) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

// ---------------------------------------------------------------------------------------------- queries

/**
 * Open positions with the margin level of each wallet. Live P&L comes from the quotes socket between
 * refetches; the server's own figures are refetched every 15 s.
 */
export function useHoldingsInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: tradingKeys.list('holdings', i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(trading.positionMe, { page: pageParam, pageSize: TRADE_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 3_000,
    refetchInterval: 15_000,
  });
}

export function useClosedInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: tradingKeys.list('closed', i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(trading.flatList, { page: pageParam, pageSize: TRADE_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 5_000,
  });
}

/** Entrusted (waiting) limit orders; refetched now and then, so a fill moves them to the holdings. */
export function useEntrustedInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: tradingKeys.list('entrusted', i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(trading.consignList, { page: pageParam, pageSize: TRADE_PAGE_SIZE }, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 3_000,
    refetchInterval: 15_000,
  });
}

/** Filled and cancelled orders, newest first (the order history); a fill or cancel refetches every trading list. */
export function useHistoryInfinite() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: tradingKeys.list('history', i18n.language),
    queryFn: ({ pageParam, signal }) =>
      api.call(trading.consignList, { history: true, page: pageParam, pageSize: TRADE_PAGE_SIZE }, undefined, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
    staleTime: 5_000,
  });
}

/** One position, open or closed, with its orders. */
export function usePositionDetailQuery(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: tradingKeys.position(id ?? 0, i18n.language),
    queryFn: ({ signal }) => api.call(trading.positionDetail, { id: id ?? 0 }, undefined, { signal }),
    enabled: Boolean(id),
    refetchInterval: 15_000,
  });
}

export function useOrderDetailQuery(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: tradingKeys.order(id ?? 0, i18n.language),
    queryFn: ({ signal }) => api.call(trading.orderDetail, { id: id ?? 0 }, undefined, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 0 ? 10_000 : false),
  });
}

/** Published fee rates and leverage cap, and the minimum quantity and lot size, of one instrument. */
export function useTradingRulesQuery(code: string | undefined, source: number | undefined) {
  return useQuery({
    queryKey: tradingKeys.rules(code ?? '', source),
    queryFn: async ({ signal }) => {
      const request = { stockCode: code, source };
      const [rate, min] = await Promise.all([
        api.call(trading.stockRate, request, undefined, { signal }),
        api.call(trading.getMinCount, request, undefined, { signal }),
      ]);
      return { ...rate, minCount: min.minCount, lotSize: min.lotSize };
    },
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
  });
}

/**
 * The ticket's figures from the server: fill price, margin and fee per unit in the wallet's currency, the
 * wallet's available balance and the half and full presets. Kept while the next answer loads; refreshed
 * every 5 s for market orders (the price moves).
 */
export function useTicketFiguresQuery(request: RequestOf<typeof trading.halfOrFullNum> | null) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: tradingKeys.ticket(request ?? { stockCode: '', direction: 0 }),
    queryFn: ({ signal }) =>
      api.call(trading.halfOrFullNum, request ?? { stockCode: '', direction: 0 }, undefined, {
        signal,
        requestId: 'ticket-figures',
      }),
    enabled: loggedIn && request !== null,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: request?.orderType === 1 ? 30_000 : 5_000,
    meta: { silentError: true },
  });
}

// -------------------------------------------------------------------------------------------- mutations

/** A retry can only help a call that never got an answer; with the same idempotency key it is safe. */
function retryLostCall(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'network' && failureCount < 1;
}

export function refreshTradingViews() {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  return queryClient.invalidateQueries({ queryKey: tradingKeys.all });
}

type Keyed<T> = { request: T; idempotencyKey: string };

const moneyMutation = {
  retry: retryLostCall,
  retryDelay: 1_000,
  // Not awaited: the screen's own callbacks run first (a close must show its result before the refetched
  // position, now closed, replaces the form that asked for it).
  onSettled: () => {
    void refreshTradingViews();
  },
  // Screens show these failures themselves (what to do next), not as a toast.
  meta: { silentError: true },
};

export type OrderRequest = RequestOf<typeof trading.stockCreate>;

/** Places an order through the product's create endpoint. */
export function useCreateOrderMutation(product: TicketProduct) {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: Keyed<OrderRequest>) =>
      api.call(createEndpointOf[product] as typeof trading.stockCreate, request, undefined, { idempotencyKey }),
    ...moneyMutation,
  });
}

export function useAdditionsMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: Keyed<RequestOf<typeof trading.additions>>) =>
      api.call(trading.additions, request, undefined, { idempotencyKey }),
    ...moneyMutation,
  });
}

export function useCancelOrderMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: Keyed<RequestOf<typeof trading.cancelOrder>>) =>
      api.call(trading.cancelOrder, request, undefined, { idempotencyKey }),
    ...moneyMutation,
  });
}

export function useFlatPositionMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: Keyed<RequestOf<typeof trading.flatPosition>>) =>
      api.call(trading.flatPosition, request, undefined, { idempotencyKey }),
    ...moneyMutation,
  });
}

export function useAddMarginMutation() {
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: Keyed<RequestOf<typeof trading.addPositionMargin>>) =>
      api.call(trading.addPositionMargin, request, undefined, { idempotencyKey }),
    ...moneyMutation,
  });
}

/** Sets or clears stop-loss and take-profit (moves no money: no idempotency key). */
export function useSetStopsMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof trading.setStopProfitLoss>) => api.call(trading.setStopProfitLoss, request),
    onSettled: () => {
      void refreshTradingViews();
    },
    meta: { silentError: true },
  });
}
