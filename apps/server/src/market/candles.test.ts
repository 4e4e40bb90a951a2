import { describe, expect, it } from 'vitest';
import { aggregateBars, type Bar, barsFromPriceFunction, barsFromSamples, fixedBuckets, toCandle } from './candles.js';

const MIN = 60_000;
const bar = (minute: number, open: number, high: number, low: number, close: number, volume: number): Bar => ({
  time: minute * MIN,
  open,
  high,
  low,
  close,
  volume,
});

describe('candle aggregation', () => {
  it('merges 1-minute bars into 5-minute bars: first open, max high, min low, last close, summed volume', () => {
    const minutes = [
      bar(0, 10, 11, 9.5, 10.5, 100),
      bar(1, 10.5, 12, 10, 11, 50),
      bar(2, 11, 11.2, 8, 9, 25),
      bar(4, 9, 9.5, 8.5, 9.4, 5), // minute 3 has no trades
      bar(5, 9.4, 9.6, 9.3, 9.5, 7),
      bar(9, 9.5, 10, 9.5, 9.9, 3),
    ];
    expect(aggregateBars(minutes, fixedBuckets(5 * MIN))).toEqual([
      { time: 0, open: 10, high: 12, low: 8, close: 9.4, volume: 180 },
      { time: 5 * MIN, open: 9.4, high: 10, low: 9.3, close: 9.9, volume: 10 },
    ]);
  });

  it('keeps the total volume and the extremes whatever the bucket size', () => {
    const minutes = Array.from({ length: 390 }, (_, i) => {
      const p = 100 + 5 * Math.sin(i / 17);
      return bar(i, p, p + 0.3 + (i % 7) / 10, p - 0.2 - (i % 5) / 10, p + 0.1, 1 + (i % 13));
    });
    const total = minutes.reduce((s, b) => s + b.volume, 0);
    for (const width of [1, 5, 30, 60, 390]) {
      const bars = aggregateBars(minutes, fixedBuckets(width * MIN));
      expect(bars.reduce((s, b) => s + b.volume, 0)).toBe(total);
      expect(Math.max(...bars.map((b) => b.high))).toBe(Math.max(...minutes.map((b) => b.high)));
      expect(Math.min(...bars.map((b) => b.low))).toBe(Math.min(...minutes.map((b) => b.low)));
      expect(bars[0]!.open).toBe(minutes[0]!.open);
      expect(bars.at(-1)!.close).toBe(minutes.at(-1)!.close);
      expect(bars).toHaveLength(Math.ceil(390 / width));
    }
  });

  it('does not modify its input and refuses unsorted bars', () => {
    const minutes = [bar(0, 1, 2, 0.5, 1.5, 1), bar(1, 1.5, 3, 1, 2, 1)];
    const copy = structuredClone(minutes);
    aggregateBars(minutes, fixedBuckets(5 * MIN));
    expect(minutes).toEqual(copy);
    expect(() => aggregateBars([minutes[1]!, minutes[0]!], fixedBuckets(MIN))).toThrow(RangeError);
    expect(() => fixedBuckets(0)).toThrow(RangeError);
  });

  it('builds bars from ticks and from a price function', () => {
    const ticks = [
      { time: 1_000, price: 5, volume: 2 },
      { time: 20_000, price: 7, volume: 1 },
      { time: 59_000, price: 4, volume: 3 },
      { time: 61_000, price: 6 },
    ];
    expect(barsFromSamples(ticks, fixedBuckets(MIN))).toEqual([
      { time: 0, open: 5, high: 7, low: 4, close: 4, volume: 6 },
      { time: MIN, open: 6, high: 6, low: 6, close: 6, volume: 0 },
    ]);
    // A triangle wave sampled every second; nothing trades in the second minute.
    const price = (t: number) => 100 + Math.abs(((t / 1000) % 20) - 10);
    const bars = barsFromPriceFunction(price, 0, 3 * MIN, 1000, fixedBuckets(MIN), (t) => t < MIN || t >= 2 * MIN);
    expect(bars.map((b) => b.time)).toEqual([0, 2 * MIN]);
    expect(bars[0]).toMatchObject({ open: 110, high: 110, low: 100, close: 109 }); // close: the sample at 59 s
  });

  it('formats at the boundary', () => {
    expect(
      toCandle(
        bar(1, 1, 2, 0.5, 1.5, 10),
        (p) => p.toFixed(2),
        (v) => String(v),
      ),
    ).toEqual({
      time: MIN,
      open: '1.00',
      high: '2.00',
      low: '0.50',
      close: '1.50',
      volume: '10',
    });
  });
});
