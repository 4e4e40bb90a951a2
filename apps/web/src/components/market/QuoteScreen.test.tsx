// @vitest-environment happy-dom
/**
 * The quote screen paints what it is opened for first (QuoteScreen.tsx, lib/useAfterFirstPaint.ts): the render that
 * shows the price shows neither the figures nor the book and has not asked for the instrument's hours; once the
 * browser has painted that frame, they come, with their requests; the chart's bars are asked for once and drawn as the
 * intraday preview, and the chart library's code loads only when the customer reaches for the chart (QuoteChart.tsx).
 */
import { type ChartRangeName, market } from '@beurs/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuoteStockPage } from '../../pages/quote/stock';
import { quoteOf, summaryOf } from '../../test/quotes';
import { fakeApi, renderScreen, setupScreenTests } from '../../test/render';

setupScreenTests();

/** Whether the full chart's code was asked for, and the range of the bars it had at each of its renders. */
let chartCodeAsked = false;
const chartRenders: (ChartRangeName | undefined)[] = [];
// The full chart as far as this test is concerned (happy-dom has no canvas to draw on): the bars it is given. Its
// code takes a moment to arrive, as on a network.
vi.mock('./CandleChart', async () => {
  chartCodeAsked = true;
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    CandleChart: ({ data }: { data?: { range: ChartRangeName } }) => {
      chartRenders.push(data?.range);
      return <div data-testid="full-chart" />;
    },
  };
});

const bar = (minute: number, close: string) => ({
  time: Date.UTC(2026, 11, 4, 8, minute),
  open: close,
  high: close,
  low: close,
  close,
  volume: '100',
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
        candles: [bar(0, '99.50'), bar(1, '100.20'), bar(2, '100.05')],
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
    // The day's bars, drawn as the preview: the line and the previous close, without the chart library's code.
    const preview = await screen.findByTestId('chart-preview');
    expect(screen.getByTestId('chart').dataset.range).toBe('intraday');
    expect(preview.querySelectorAll('path')).toHaveLength(2);
    // The line goes through the three bars (the quote's price, of an earlier time, is not added to them).
    expect(preview.querySelectorAll('path')[1]?.getAttribute('d')?.match(/[ML]/g)).toHaveLength(3);
    expect(preview.querySelector('line')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(chartCodeAsked).toBe(false);

    // Reaching for it loads the full chart, which draws the same bars from its first render; they were asked for once.
    fireEvent.pointerDown(preview);
    expect(await screen.findByTestId('full-chart')).toBeTruthy();
    expect(chartRenders[0]).toBe('intraday');
    expect(screen.getByTestId('chart').dataset.view).toBe('full');
    expect(api.callsTo(market.kline)).toHaveLength(1);

    expect(api.unanswered).toEqual([]);
  });
});
