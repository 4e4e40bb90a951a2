// @vitest-environment happy-dom
/**
 * A first visit asks for its screen's data as the app starts (prefetch.ts), with the hooks' own options: the screen
 * then finds the answer instead of asking a second time.
 */

import { market, user } from '@beurs/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useHomeCustomListQuery, useQuoteListInfinite, useQuoteQuery } from '../api/market';
import { queryClient } from '../api/queryClient';
import { fakeApi, setupScreenTests } from '../test/render';
import { prefetchFirstScreen } from './prefetch';

setupScreenTests({ guest: true });

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const page = { list: [], total: 0, page: 1, pageSize: 15 };

describe("the first screen's data", () => {
  it('is asked for once, by the prefetch, for home, a quote and the market tab', async () => {
    const api = fakeApi()
      .on(user.dictData, [])
      .on(market.homeCustomList, { list: [], origin: 'suggested' } as never)
      .on(market.globalIndex, page as never)
      .on(market.stockList, page as never)
      .on(market.stockDetail, { stock_code: 'AAPL' } as never);
    prefetchFirstScreen('/pages/home/index', 'en');
    prefetchFirstScreen('/pages/quote/stock?name=Apple&code=AAPL&source=0', 'en');
    prefetchFirstScreen('/pages/market/index', 'en');
    await waitFor(() => expect(api.calls).toHaveLength(5));
    expect(api.callsTo(market.stockDetail)[0]?.query).toMatchObject({ code: 'AAPL', source: '0' });

    const home = renderHook(() => useHomeCustomListQuery(), { wrapper });
    const quote = renderHook(() => useQuoteQuery('AAPL', 0), { wrapper });
    const list = renderHook(() => useQuoteListInfinite({ list: 'stocks', market: 'US', exchange: undefined }), {
      wrapper,
    });
    await waitFor(() => expect(home.result.current.data && quote.result.current.data && list.result.current.data));
    // The brand once (the shell's), and nothing asked a second time.
    expect(api.calls.map((c) => c.path).sort()).toEqual(
      [user.dictData, market.globalIndex, market.homeCustomList, market.stockDetail, market.stockList]
        .map((e) => e.path)
        .sort(),
    );
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
