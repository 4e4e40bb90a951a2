import type { ChartRangeName } from '@beurs/contracts';

/**
 * Seconds per bar of the ranges with bars shorter than a day. Shared by the full chart (CandleChart) and the
 * intraday preview (QuoteChart), which must agree on when a live tick closes the last bar and when it opens a new one.
 */
export const BAR_SECONDS: Partial<Record<ChartRangeName, number>> = { intraday: 60, '1D': 300, '1W': 1800 };

/** The start (epoch ms, UTC) of the bar of `range` that holds the moment `ms`; undefined for daily and longer bars. */
export function barStart(ms: number, range: ChartRangeName): number | undefined {
  const seconds = BAR_SECONDS[range];
  return seconds ? Math.floor(ms / (seconds * 1000)) * seconds * 1000 : undefined;
}
