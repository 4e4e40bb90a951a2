// @vitest-environment happy-dom
/**
 * The quote screen paints what it is opened for first (QuoteScreen.tsx, lib/useAfterFirstPaint.ts): the render that
 * shows the price shows neither the figures nor the book and has not asked for the instrument's hours; once the
 * browser has painted that frame, they come, with their requests; the chart's bars are asked for once.
 */
import { type ChartRangeName, market, type Quote } from '@beurs/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuoteStockPage } from '../../pages/quote/stock';
import { quoteOf, summaryOf } from '../../test/quotes';
import { fakeApi, renderScreen, setupScreenTests } from '../../test/render';

setupScreenTests();

/** Whether the chart had its bars at each of its renders. */
const chartRenders: boolean[] = [];
// The chart as far as this test is concerned: its query of the bars (happy-dom has no canvas to draw them on). Its
// code takes a moment to arrive, as on a network.
vi.mock('./CandleChart', async () => {
  const { useKlineQuery } = await import('../../api/market');
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    CandleChart: ({ quote, range }: { quote: Quote; range: ChartRangeName }) => {
      const kline = useKlineQuery(quote.stock_code, quote.source, range);
      chartRenders.push(kline.data !== undefined);
      return <div data-testid="chart" data-range={kline.data?.range ?? ''} />;
    },
  };
});

const URL = '/pages/quote/stock?name=ASML&code=ASML&source=0';

describe('the quote screen', () => {
  it('paints the price first, then the figures, the book and the hours', async () => {
    const quote = quoteOf();
    const api = fakeApi()
      .on(market.stockDetail, quote)
      .on(market.summaryDetail, summaryOf(quote, null))
      .on(market.kline, {
        stock_code: 'ASML',
        source: 0,
        range: 'intraday',
        priceDecimals: 2,
        prevClose: '99.00',
        timeZone: 'Europe/Amsterdam',
        candles: [],
      })
      .on(market.detailQuote, {
        stock_code: 'ASML',
        source: 0,
        time: 1,
        price_nominal: '100.05',
        bid: '100.00',
        ask: '100.10',
        bids: [{ level: 1, price: '100.00', volume: '10' }],
        asks: [{ level: 1, price: '100.10', volume: '12' }],
        marketOpen: true,
      });
    // The browser's next frame is held until the test lets it come.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});

    renderScreen(<QuoteStockPage />, URL);
    expect((await screen.findByTestId('quote-last')).textContent).toContain('100.05');
    // Time for anything that does not wait for the frame to show itself.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('quote-stats')).toBeNull();
    expect(screen.queryByTestId('order-book')).toBeNull();
    expect(api.callsTo(market.summaryDetail)).toHaveLength(0);
    expect(api.callsTo(market.detailQuote)).toHaveLength(0);
    expect(api.callsTo(market.kline)).toHaveLength(0);
    expect(frames.length).toBeGreaterThan(0);

    for (const frame of frames.splice(0)) frame(performance.now());
    expect((await screen.findByTestId('quote-stats')).textContent).toContain('100.10');
    expect(await screen.findByTestId('order-book')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(market.summaryDetail)).toHaveLength(1));
    expect(api.callsTo(market.detailQuote)).toHaveLength(1);
    // The chart's bars: asked for beside its code, so they are here as it first renders, and once (the screen's
    // request and the chart's own query share it).
    await waitFor(() => expect(screen.getByTestId('chart').dataset.range).toBe('intraday'));
    expect(chartRenders[0]).toBe(true);
    expect(api.callsTo(market.kline)).toHaveLength(1);
    expect(api.unanswered).toEqual([]);
  });
});
