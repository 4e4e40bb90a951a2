/** The user's watchlist (/userSelfSecurity, login required): the list, the quote-page star, removal and order. */
import type { Quote, WatchlistItem } from '@beurs/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { market } from './endpoints';
import { marketKeys } from './market';
import { queryClient } from './queryClient';
import { useIsLoggedIn } from './session';

export const watchlistKeys = {
  all: ['watchlist'] as const,
  list: (language: string) => [...watchlistKeys.all, 'list', language] as const,
};

type WatchlistPage = { list: WatchlistItem[]; total: number; page: number; pageSize: number };

/** The whole watchlist in the user's order (at most 200 items, one call); idle for guests. */
export function useWatchlistQuery() {
  const { i18n } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: watchlistKeys.list(i18n.language),
    queryFn: ({ signal }) => api.call(market.watchlist, { withSpark: '1' }, undefined, { signal }),
    enabled: loggedIn,
    refetchInterval: 60_000,
  });
}

/** Everything that shows what is on the watchlist. */
function refreshWatchlistViews(code?: string) {
  void queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
  void queryClient.invalidateQueries({ queryKey: marketKeys.homeCustom() });
  void queryClient.invalidateQueries({ queryKey: marketKeys.lists() });
  if (code) void queryClient.invalidateQueries({ queryKey: marketKeys.quoteOf(code) });
}

function setSelfSelect(code: string, source: number, on: boolean) {
  queryClient.setQueriesData<Quote>({ queryKey: marketKeys.quoteOf(code) }, (q) =>
    q && q.source === source ? { ...q, selfSelectStatus: on ? 1 : 0 } : q,
  );
}

/** The quote-page star: on adds at the top of the list, off removes this instrument (this source only). */
export function useWatchToggleMutation() {
  return useMutation({
    mutationFn: async ({ quote, on }: { quote: Pick<Quote, 'stock_code' | 'source'>; on: boolean }) => {
      if (on) await api.call(market.watchlistSave, { stockCode: quote.stock_code, source: quote.source });
      else await api.call(market.watchlistDeleteByCode, { source: quote.source }, { stockCode: quote.stock_code });
    },
    onMutate: ({ quote, on }) => setSelfSelect(quote.stock_code, quote.source, on),
    onError: (_error, { quote, on }) => setSelfSelect(quote.stock_code, quote.source, !on),
    onSettled: (_data, _error, { quote }) => refreshWatchlistViews(quote.stock_code),
  });
}

/** Removes one item by id (watchlist/manage). */
export function useWatchlistDeleteMutation() {
  return useMutation({
    mutationFn: (item: Pick<WatchlistItem, 'id' | 'stock_code'>) =>
      api.call(market.watchlistDelete, {}, { id: item.id }),
    onSuccess: (_data, item) => {
      queryClient.setQueriesData<WatchlistPage>({ queryKey: watchlistKeys.all }, (page) =>
        page ? { ...page, list: page.list.filter((i) => i.id !== item.id), total: page.total - 1 } : page,
      );
    },
    onSettled: (_data, _error, item) => refreshWatchlistViews(item.stock_code),
  });
}

/** Saves a new order (ids top first); the list shows it at once and goes back if the server refuses. */
export function useWatchlistSortMutation() {
  return useMutation({
    mutationKey: [...watchlistKeys.all, 'sort'],
    mutationFn: (ids: number[]) => api.call(market.watchlistSort, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: watchlistKeys.all });
      const previous = queryClient.getQueriesData<WatchlistPage>({ queryKey: watchlistKeys.all });
      const rank = new Map(ids.map((id, i) => [id, i]));
      queryClient.setQueriesData<WatchlistPage>({ queryKey: watchlistKeys.all }, (page) =>
        page
          ? {
              ...page,
              list: [...page.list].sort(
                (a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
              ),
            }
          : page,
      );
      return { previous };
    },
    onError: (_error, _ids, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      // Moves made in quick succession: only the last one reloads, so an older order never flashes back.
      if (queryClient.isMutating({ mutationKey: [...watchlistKeys.all, 'sort'] }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: marketKeys.homeCustom() });
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.all });
    },
  });
}
