import { trendOf, useFormatters } from '../../lib/format';
import './ChangePill.css';

/** The change in percent on a pill: rise #21E57B, fall #FD005C (SPEC §9), grey when flat. */
export function ChangePill({ ratio, change, className }: { ratio: string; change: string; className?: string }) {
  const f = useFormatters();
  const trend = trendOf(change);
  return (
    <span
      className={`change-pill change-pill--${trend} num${className ? ` ${className}` : ''}`}
      data-testid="quote-ratio"
    >
      {f.ratio(ratio)}
    </span>
  );
}
