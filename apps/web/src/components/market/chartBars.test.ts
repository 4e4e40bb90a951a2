/** The rule the quote's preview and full chart share for a live tick: the same minute closes the last bar, a later one adds one. */
import { describe, expect, it } from 'vitest';
import { barStart } from './chartBars';
import { previewValues } from './QuoteChart';

const at = (minute: number, second = 0) => Date.UTC(2026, 11, 4, 14, minute, second);
const bar = (minute: number, close: string) => ({
  time: at(minute),
  open: close,
  high: close,
  low: close,
  close,
  volume: '1',
});
const day = { candles: [bar(30, '100'), bar(31, '101'), bar(32, '102')] };

describe('barStart', () => {
  it('takes a moment to the start of its bar for the ranges with bars under a day, and to nothing for the others', () => {
    expect(barStart(at(32, 59), 'intraday')).toBe(at(32));
    expect(barStart(at(34, 10), '1D')).toBe(at(30));
    expect(barStart(at(59, 59), '1W')).toBe(at(30));
    expect(barStart(at(32, 1), '1M')).toBeUndefined();
  });
});

describe('the preview line', () => {
  it('moves the last close to a live price in the last bar minute', () => {
    expect(previewValues(day, { price_nominal: '102.5', time: at(32, 40), marketOpen: true })).toEqual([
      100, 101, 102.5,
    ]);
  });

  it('adds a point for a live price of a later minute', () => {
    expect(previewValues(day, { price_nominal: '103', time: at(33, 5), marketOpen: true })).toEqual([
      100, 101, 102, 103,
    ]);
  });

  it('leaves the bars as they are for an older tick, a closed market or a price that is not a number', () => {
    const bars = [100, 101, 102];
    expect(previewValues(day, { price_nominal: '99', time: at(31, 30), marketOpen: true })).toEqual(bars);
    expect(previewValues(day, { price_nominal: '103', time: at(40), marketOpen: false })).toEqual(bars);
    expect(previewValues(day, { price_nominal: '-', time: at(40), marketOpen: true })).toEqual(bars);
  });
});
