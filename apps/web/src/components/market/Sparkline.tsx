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

/** A small line of the day's prices; decorative (the price and change next to it say the same). */
export const Sparkline = memo(function Sparkline({ points, last, trend, width = 60, height = 26 }: SparklineProps) {
  const values = points.map(Number).filter(Number.isFinite);
  if (last !== undefined && values.length > 0) values[values.length - 1] = Number(last);
  if (values.length < 2)
    return <span className="sparkline sparkline--empty" style={{ width, height }} aria-hidden="true" />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const path = values
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(2 + (height - 4) * (1 - (v - min) / span)).toFixed(1)}`,
    )
    .join('');
  return (
    <svg
      className={`sparkline sparkline--${trend}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
});
