import type { Quote } from '@beurs/contracts';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { useLiveQuote } from '../../api/live';
import { paths } from '../../app/paths';
import { trendOf, useFormatters } from '../../lib/format';
import { useInView } from '../../lib/useInView';
import { ChangePill } from './ChangePill';
import { Sparkline } from './Sparkline';
import { usePriceFlash } from './usePriceFlash';
import './priceFlash.css';
import './QuoteRow.css';

interface QuoteRowProps {
  quote: Quote;
  /** The day's line between name and price (lists loaded with withSpark). */
  spark?: boolean;
  /** Extra text after the code, e.g. the exchange. */
  meta?: ReactNode;
}

/** One instrument in a list: name, code, live price and change pill; opens its quote screen. */
export function QuoteRow({ quote: base, spark = true, meta }: QuoteRowProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  const visible = useInView(ref);
  const quote = useLiveQuote(base, { visible });
  const f = useFormatters();
  const trend = trendOf(quote.change);
  const flashRef = usePriceFlash<HTMLSpanElement>(quote.price_nominal);
  return (
    <Link ref={ref} to={paths.quote(quote)} className="quote-row" data-testid="quote-row" data-key={quote.key}>
      <span className="quote-row__who">
        <span className="quote-row__name">{quote.name}</span>
        <span className="quote-row__code">
          <span className="num">{quote.stock_code}</span>
          {meta && <span className="quote-row__meta">{meta}</span>}
        </span>
      </span>
      {spark && quote.sparkline && (
        <Sparkline points={quote.sparkline} last={quote.price_nominal} trend={trend} width={44} height={24} />
      )}
      <span className="quote-row__price">
        <span ref={flashRef} className="num quote-row__last" data-testid="quote-price">
          {f.price(quote.price_nominal, quote.priceDecimals, quote.currencySymbol)}
        </span>
        <span className={`num quote-row__change ${trend}`}>{f.change(quote.change, quote.priceDecimals)}</span>
      </span>
      <ChangePill ratio={quote.change_ratio} change={quote.change} />
    </Link>
  );
}

/** Placeholder rows while a list loads. */
export function QuoteRowSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="quote-skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <div key={i} className="quote-skeleton__row">
          <span className="shimmer quote-skeleton__name" />
          <span className="shimmer quote-skeleton__price" />
          <span className="shimmer quote-skeleton__pill" />
        </div>
      ))}
    </div>
  );
}
