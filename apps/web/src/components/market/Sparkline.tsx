import { memo } from 'react';
import './Sparkline.css';

interface SparklineProps {
  /** Prices of the trading day, oldest first (SPEC §9: the last 50). */
  points: readonly string[];
  /** The live price, drawn as the last point. */
  last?: string;
  trend: 'rise' | 'fall' | 'flat';
  width?: number;
  height?: number;
}

/** The height of `value` in `box`: `top` for the highest (`high`), `bottom` for the lowest (`low`). */
export function heightOf(value: number, { top, bottom, low, high }: Required<Omit<LineBox, 'width'>>): number {
  return top + (bottom - top) * ((high - value) / (high - low || 1));
}

/**
 * An SVG path through `values`, evenly spaced from x = 0 to `width`, each at its height (heightOf); the bounds are
 * the values' own unless given.
 */
export function linePath(
  values: readonly number[],
  { width, top, bottom, low = Math.min(...values), high = Math.max(...values) }: LineBox,
): string {
  const step = width / Math.max(values.length - 1, 1);
  return values
    .map(
      (v, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${heightOf(v, { top, bottom, low, high }).toFixed(1)}`,
    )
    .join('');
}

interface LineBox {
  width: number;
  top: number;
  bottom: number;
  low?: number;
  high?: number;
}

/** A small line of the day's prices; decorative (the price and change next to it say the same). */
export const Sparkline = memo(function Sparkline({ points, last, trend, width = 60, height = 26 }: SparklineProps) {
  const values = points.map(Number).filter(Number.isFinite);
  if (last !== undefined && values.length > 0) values[values.length - 1] = Number(last);
  if (values.length < 2)
    return <span className="sparkline sparkline--empty" style={{ width, height }} aria-hidden="true" />;
  return (
    <svg
      className={`sparkline sparkline--${trend}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
    >
      <path
        d={linePath(values, { width, top: 2, bottom: height - 2 })}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.4}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
});
