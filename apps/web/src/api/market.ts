/**
 * Market data (docs/markets.md): query keys and hooks for the quote lists, one instrument's quote, candles,
 * order book, profile and session, search and market status. Names come in the request language, so every
 * key carries the language. Prices then move by the live socket (live.ts), not by refetching.
 */
import type {
  ChartRangeName,
  DataOf,
  ForexGroup,
  FuturesFilter,
  QuoteSource,
  RequestOf,
  StockMarket,
} from '@beurs/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { market } from './endpoints';

export type UsExchange = (typeof market.US_EXCHANGES)[number];
export type ListSort = { sort: 'default' | 'change_ratio' | 'price' | 'code'; order?: 'asc' | 'desc' };
export const DEFAULT_SORT: ListSort = { sort: 'default' };

/** Every quote list the screens show, as data: the query key and the call follow from it. */
export type ListSpec =
  | { list: 'stocks'; market: StockMarket; exchange?: UsExchange; domicile?: 'CN' }
  | { list: 'hk' }
  | { list: 'forex'; group?: ForexGroup }
  | { list: 'futures'; category?: FuturesFilter }
  | { list: 'futuresWatch' }
  | { list: 'indices' }
  | { list: 'crypto' }
  | { list: 'top'; market: StockMarket; type: 'gainers' | 'losers' | 'active' }
  | { list: 'hot'; market?: StockMarket }
  | { list: 'strong'; market?: StockMarket };

/** Lists the server sorts (the others have a fixed order). */
export function isSortable(spec: ListSpec): boolean {
  return (
    spec.list === 'stocks' ||
    spec.list === 'hk' ||
    spec.list === 'forex' ||
    spec.list === 'futures' ||
    spec.list === 'crypto'
  );
}

export const marketKeys = {
  all: ['market'] as const,
  lists: () => [...marketKeys.all, 'list'] as const,
  list: (spec: ListSpec, sort: ListSort, pageSize: number, language: string) =>
    [...marketKeys.lists(), spec, sort, pageSize, language] as const,
  infinite: (spec: ListSpec, sort: ListSort, language: string) =>
    [...marketKeys.all, 'infinite', spec, sort, language] as const,
  homeCustom: () => [...marketKeys.all, 'homeCustom'] as const,
  homeCustomList: (language: string) => [...marketKeys.homeCustom(), language] as const,
  popular: (language: string) => [...marketKeys.all, 'popular', language] as const,
  /** Every cached quote of one code, whatever the source and language (for the watchlist star). */
  quoteOf: (code: string) => [...marketKeys.all, 'quote', code.toUpperCase()] as const,
  quote: (code: string, source: number | undefined, language: string) =>
    [...marketKeys.quoteOf(code), source ?? null, language] as const,
  kline: (code: string, source: number | undefined, range: ChartRangeName) =>
    [...marketKeys.all, 'kline', code.toUpperCase(), source ?? null, range] as const,
  book: (code: string, source: number | undefined) =>
    [...marketKeys.all, 'book', code.toUpperCase(), source ?? null] as const,
  summary: (code: string, source: number | undefined, language: string) =>
    [...marketKeys.all, 'summary', code.toUpperCase(), source ?? null, language] as const,
  search: (q: string, language: string) => [...marketKeys.all, 'search', q, language] as const,
  statuses: (language: string) => [...marketKeys.all, 'statuses', language] as const,
};

type QuotePage = DataOf<typeof market.stockList>;

/** One page of any list. */
export function fetchList(
  spec: ListSpec,
  sort: ListSort,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<QuotePage> {
  const options = { signal };
  const paging = { page, pageSize, withSpark: '1' as const };
  const sorting = sort.sort === 'default' ? {} : { sort: sort.sort, order: sort.order };
  switch (spec.list) {
    case 'stocks': {
      const request: RequestOf<typeof market.stockList> = {
        market: spec.market,
        exchange: spec.exchange,
        domicile: spec.domicile,
        ...sorting,
        ...paging,
      };
      return api.call(market.stockList, request, undefined, options);
    }
    case 'hk':
      return api.call(market.hkAllStockList, { ...sorting, ...paging }, undefined, options);
    case 'forex':
      return api.call(market.forexList, { group: spec.group, ...sorting, ...paging }, undefined, options);
    case 'futures':
      return api.call(market.futuresList, { category: spec.category, ...sorting, ...paging }, undefined, options);
    case 'futuresWatch':
      return api.call(market.futuresOptList, paging, undefined, options);
    case 'indices':
      return api.call(market.globalIndex, paging, undefined, options);
    case 'crypto':
      return api.call(market.cryptoList, { ...sorting, ...paging }, undefined, options);
    case 'top':
      return api.call(market.topList, { market: spec.market, type: spec.type, ...paging }, undefined, options);
    case 'hot':
      return api.call(market.hotStock, { market: spec.market, ...paging }, undefined, options);
    case 'strong':
      return api.call(market.ztStockList, { market: spec.market, ...paging }, undefined, options);
  }
}

/**
 * The queries a first screen asks for, as options shared by the screen's hook and app/prefetch.ts, which asks for
 * them as the app starts, beside the screen's code: one key and one fetch either way.
 */
export const marketQueries = {
  /** A short list (home, HK overview): one page, refreshed now and then so sessions and ranks follow. */
  list: (spec: ListSpec, pageSize: number, language: string) =>
    queryOptions({
      queryKey: marketKeys.list(spec, DEFAULT_SORT, pageSize, language),
      queryFn: ({ signal }) => fetchList(spec, DEFAULT_SORT, 1, pageSize, signal),
      refetchInterval: 60_000,
    }),
  /** A long list, page by page (Market tab, HK stocks). */
  infinite: (spec: ListSpec, sort: ListSort, language: string) =>
    infiniteQueryOptions({
      queryKey: marketKeys.infinite(spec, sort, language),
      queryFn: ({ pageParam, signal }) => fetchList(spec, sort, pageParam, LIST_PAGE_SIZE, signal),
      initialPageParam: 1,
      getNextPageParam: (last: QuotePage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    }),
  /** The home watchlist preview: the user's watchlist, or for guests and empty lists a suggested selection. */
  homeCustomList: (language: string) =>
    queryOptions({
      queryKey: marketKeys.homeCustomList(language),
      queryFn: ({ signal }) => api.call(market.homeCustomList, { pageSize: 8, withSpark: '1' }, undefined, { signal }),
      refetchInterval: 60_000,
    }),
  /** One instrument's quote with every label. */
  quote: (code: string, source: number | undefined, language: string) =>
    queryOptions({
      queryKey: marketKeys.quote(code, source, language),
      queryFn: ({ signal }) =>
        api.call(market.stockDetail, { code, source: source?.toString() }, undefined, { signal }),
      refetchInterval: 60_000,
    }),
  /** One range of an instrument's bars (the quote's chart; the quote screen asks for them beside the chart's code). */
  kline: (code: string, source: number | undefined, range: ChartRangeName) =>
    queryOptions({
      queryKey: marketKeys.kline(code, source, range),
      queryFn: ({ signal }) =>
        api.call(market.kline, { code, source: source?.toString(), range }, undefined, { signal }),
      staleTime: 60_000,
    }),
};

/** A quote screen's `source` parameter: one of the sources, or none (the code is then looked up stocks first). */
export function parseSource(value: string | null | undefined): QuoteSource | undefined {
  if (!value) return undefined;
  const n = Number(value);
  return (market.QUOTE_SOURCES as readonly number[]).includes(n) ? (n as QuoteSource) : undefined;
}

export function useQuoteListQuery(spec: ListSpec, pageSize = 10, options: { enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  return useQuery({ ...marketQueries.list(spec, pageSize, i18n.language), enabled: options.enabled ?? true });
}

/**
 * Rows per page of the long lists: a phone's first screen shows about eight, and the next page loads as the end
 * comes near. 15 rather than 30 halves the first render of the market screen (issue 13's blocking time).
 */
export const LIST_PAGE_SIZE = 15;

/** A long list, page by page (Market tab, HK stocks). */
export function useQuoteListInfinite(
  spec: ListSpec,
  sort: ListSort = DEFAULT_SORT,
  options: { enabled?: boolean } = {},
) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    ...marketQueries.infinite(spec, sort, i18n.language),
    enabled: options.enabled ?? true,
    // The rows of every page loaded, as one list that keeps its identity until a page changes (QuoteList defers
    // its rows by identity; a list made anew each render would schedule a background render each time).
    select: flattenPages,
  });
}

function flattenPages(data: InfiniteData<QuotePage>): QuotePage['list'] {
  return data.pages.flatMap((page) => page.list);
}

export function useHomeCustomListQuery() {
  const { i18n } = useTranslation();
  return useQuery(marketQueries.homeCustomList(i18n.language));
}

/**
 * The popular list (product/popular): counted by the server from its customers' orders and watchlists, at most 20
 * rows, so one page; `origin` says whether it was counted or is the fallback selection.
 */
export function usePopularQuery() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: marketKeys.popular(i18n.language),
    queryFn: ({ signal }) => api.call(market.popularList, { withSpark: '1' }, undefined, { signal }),
    refetchInterval: 60_000,
  });
}

export function useQuoteQuery(code: string | undefined, source: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({ ...marketQueries.quote(code ?? '', source, i18n.language), enabled: Boolean(code) });
}

export function useKlineQuery(code: string, source: number | undefined, range: ChartRangeName, enabled = true) {
  return useQuery({ ...marketQueries.kline(code, source, range), placeholderData: keepPreviousData, enabled });
}

/** The 5-level book; polled while the market trades (it is derived per second on the server). */
export function useOrderBookQuery(
  code: string,
  source: number | undefined,
  options: { live: boolean; enabled: boolean },
) {
  return useQuery({
    queryKey: marketKeys.book(code, source),
    queryFn: ({ signal }) => api.call(market.detailQuote, { code, source: source?.toString() }, undefined, { signal }),
    refetchInterval: options.live ? 2_000 : false,
    staleTime: 1_000,
    enabled: options.enabled,
  });
}

/** Profile, size and trading session (next open and close) of one instrument. */
export function useSummaryQuery(code: string, source: number | undefined, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: marketKeys.summary(code, source, i18n.language),
    queryFn: ({ signal }) =>
      api.call(market.summaryDetail, { code, source: source?.toString() }, undefined, { signal }),
    refetchInterval: 5 * 60_000,
    enabled,
  });
}

export const SEARCH_PAGE_SIZE = 50;

/** Search by code or name across markets; the previous results stay while the next ones load. */
export function useSearchQuery(q: string) {
  const { i18n } = useTranslation();
  const term = q.trim();
  return useQuery({
    queryKey: marketKeys.search(term, i18n.language),
    queryFn: ({ signal }) =>
      api.call(market.getStock, { q: term, pageSize: SEARCH_PAGE_SIZE, withSpark: '0' }, undefined, {
        signal,
        requestId: 'market-search',
      }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Session of every market (open or not, next open), for the status line of the Market tab. */
export function useMarketStatusesQuery() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: marketKeys.statuses(i18n.language),
    queryFn: ({ signal }) => api.call(market.getMarkets, {}, undefined, { signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
