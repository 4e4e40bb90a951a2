/**
 * Candle aggregation as pure functions over numeric bars. Prices inside the model are floats; they become
 * decimal strings only at the API boundary (toCandle).
 */
import type { Candle } from './types.js';

export interface Bar {
  /** UTC start of the bar, ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Maps a time to the start of the bucket it belongs to. */
export type BucketOf = (time: number) => number;

/**
 * Buckets of a fixed width aligned to the epoch. Every market time zone here is a whole or half hour from UTC,
 * so 1, 5 and 30 minute buckets are also aligned on the local clock.
 */
export function fixedBuckets(widthMs: number): BucketOf {
  if (!(widthMs > 0)) throw new RangeError('bucket width must be positive');
  return (time) => Math.floor(time / widthMs) * widthMs;
}

/**
 * Merges consecutive bars that fall in the same bucket: first open, highest high, lowest low, last close,
 * summed volume; the bar's time is the bucket start. Bars must be in time order (asserted).
 */
export function aggregateBars(bars: readonly Bar[], bucketOf: BucketOf): Bar[] {
  const out: Bar[] = [];
  let current: Bar | undefined;
  let lastTime = Number.NEGATIVE_INFINITY;
  for (const bar of bars) {
    if (bar.time < lastTime) throw new RangeError('bars must be sorted by time');
    lastTime = bar.time;
    const bucket = bucketOf(bar.time);
    if (current && current.time === bucket) {
      if (bar.high > current.high) current.high = bar.high;
      if (bar.low < current.low) current.low = bar.low;
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      current = { ...bar, time: bucket };
      out.push(current);
    }
  }
  return out;
}

/** A price observed at an instant, with the volume traded since the previous sample. */
export interface PriceSample {
  time: number;
  price: number;
  volume?: number;
}

/** Builds bars from raw samples (ticks): each bucket's OHLC from its samples, volume summed. */
export function barsFromSamples(samples: readonly PriceSample[], bucketOf: BucketOf): Bar[] {
  return aggregateBars(
    samples.map((s) => ({
      time: s.time,
      open: s.price,
      high: s.price,
      low: s.price,
      close: s.price,
      volume: s.volume ?? 0,
    })),
    bucketOf,
  );
}

/**
 * Builds bars by sampling a price function every `stepMs` over [from, to): for a provider whose only primitive
 * is "price at time t". `isOpen` skips instants when nothing trades, so closed hours produce no bars.
 */
export function barsFromPriceFunction(
  priceAt: (time: number) => number,
  from: number,
  to: number,
  stepMs: number,
  bucketOf: BucketOf,
  isOpen: (time: number) => boolean = () => true,
): Bar[] {
  if (!(stepMs > 0)) throw new RangeError('step must be positive');
  const samples: PriceSample[] = [];
  for (let t = from; t < to; t += stepMs) if (isOpen(t)) samples.push({ time: t, price: priceAt(t) });
  return barsFromSamples(samples, bucketOf);
}

/** Converts a bar to the API shape with the given price and volume formatters. */
export function toCandle(bar: Bar, price: (value: number) => string, volume: (value: number) => string): Candle {
  return {
    time: bar.time,
    open: price(bar.open),
    high: price(bar.high),
    low: price(bar.low),
    close: price(bar.close),
    volume: volume(bar.volume),
  };
}
