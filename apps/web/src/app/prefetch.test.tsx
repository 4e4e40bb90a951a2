// @vitest-environment happy-dom
/**
 * A first visit asks for its screen's data as the app starts (prefetch.ts), with the hooks' own options: the screen
 * then finds the answer instead of asking a second time.
 */

import { type Endpoint, market, user } from '@beurs/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { parseSource, useQuoteQuery } from '../api/market';
import { queryClient } from '../api/queryClient';
import { HomePage } from '../pages/home';
import { MarketPage } from '../pages/market';
import { fakeApi, renderScreen, setupScreenTests } from '../test/render';
import { paths } from './paths';
import { prefetchFirstScreen } from './prefetch';

setupScreenTests({ guest: true });

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const page = { list: [], total: 0, page: 1, pageSize: 15 };

describe("the first screen's data", () => {
  const answers = () =>
    fakeApi()
      .on(user.dictData, [])
      .on(market.homeCustomList, { list: [], origin: 'suggested' } as never)
      .on(market.globalIndex, page as never)
      .on(market.stockList, page as never)
      .on(market.stockDetail, { stock_code: 'AAPL' } as never);
  const once = (api: ReturnType<typeof fakeApi>, endpoint: Endpoint) =>
    expect(api.callsTo(endpoint), endpoint.path).toHaveLength(1);

  it('home and the market tab, as the screens themselves render, are asked for once', async () => {
    const api = answers();
    prefetchFirstScreen(paths.home(), 'en');
    prefetchFirstScreen(paths.market(), 'en');
    await waitFor(() => expect(api.calls).toHaveLength(4));
    // The real screens: a prefetch whose key differed from the screen's own (another spec, sort or page size) would
    // show here as a second call.
    renderScreen(<HomePage />, paths.home(), { auth: false, tab: 'home' });
    expect(await screen.findByTestId('home-watchlist')).toBeTruthy();
    renderScreen(<MarketPage />, paths.market(), { auth: false, tab: 'market' });
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const endpoint of [market.globalIndex, market.homeCustomList, market.stockList, user.dictData]) {
      once(api, endpoint);
    }
  });

  it("a quote's is asked for once, with the screen's code and source", async () => {
    const api = answers();
    prefetchFirstScreen('/pages/quote/stock?name=Apple&code=AAPL&source=0', 'en');
    await waitFor(() => expect(api.callsTo(market.stockDetail)).toHaveLength(1));
    expect(api.callsTo(market.stockDetail)[0]?.query).toMatchObject({ code: 'AAPL', source: '0' });
    const quote = renderHook(() => useQuoteQuery('AAPL', parseSource('0')), { wrapper });
    await waitFor(() => expect(quote.result.current.data).toBeDefined());
    once(api, market.stockDetail);
  });

  it('is left to the screen when its address says more than the prefetch knows', async () => {
    const api = fakeApi().on(user.dictData, []);
    prefetchFirstScreen('/pages/market/index?m=HK', 'en');
    prefetchFirstScreen('/pages/quote/stock', 'en');
    prefetchFirstScreen('/pages/profile/index', 'en');
    await waitFor(() => expect(api.callsTo(user.dictData).length).toBeGreaterThan(0));
    expect(api.calls.filter((c) => c.path !== user.dictData.path)).toEqual([]);
  });
});
