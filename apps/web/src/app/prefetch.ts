/**
 * The first screen's data, asked for as the app starts (main.tsx), beside its code and texts: the screen's queries
 * then find their answers on the way or already here, instead of asking only once the screen has rendered (on a
 * first visit that came after the screen's code, its texts and its first render, one after the other). The options
 * are the hooks' own (api/market.ts, api/dict.ts), so the key and the call are the same. Only the screens a first
 * visit opens on are listed; any other screen asks as it renders, as before.
 */
import { dictQuery } from '../api/dict';
import { DEFAULT_SORT, marketQueries, parseSource } from '../api/market';
import { queryClient } from '../api/queryClient';
import type { RoutePath } from './routes';

const ask = queryClient.prefetchQuery.bind(queryClient);
const askPages = queryClient.prefetchInfiniteQuery.bind(queryClient);

const firstScreenQueries: Partial<Record<RoutePath, (params: URLSearchParams, language: string) => void>> = {
  // The index strip and the watchlist preview (pages/home/index.tsx); the lists further down wait until near.
  '/pages/home/index': (_, language) => {
    void ask(marketQueries.list({ list: 'indices' }, 20, language));
    void ask(marketQueries.homeCustomList(language));
  },
  // The market tab as it opens (US stocks, all exchanges, the server's order): pages/market/index.tsx's first list.
  '/pages/market/index': (params, language) => {
    if (params.size === 0)
      void askPages(marketQueries.infinite({ list: 'stocks', market: 'US' }, DEFAULT_SORT, language));
  },
  '/pages/quote/stock': (params, language) => {
    const code = params.get('code')?.trim();
    if (code) void ask(marketQueries.quote(code, parseSource(params.get('source')), language));
  },
};

/** Asks for the data of the screen at `location` (path and query) and the shell's brand (prefetchQuery never rejects). */
export function prefetchFirstScreen(location: string, language: string): void {
  const [path = '/', search = ''] = location.split('?');
  void ask(dictQuery('brand', language));
  firstScreenQueries[path as RoutePath]?.(new URLSearchParams(search), language);
}
