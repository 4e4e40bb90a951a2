import type { Quote } from '@beurs/contracts';
import { useDeferredValue, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveQuote } from '../../api/live';
import { useQuoteListQuery } from '../../api/market';
import { paths } from '../../app/paths';
import { trendOf, useFormatters } from '../../lib/format';
import { useInView } from '../../lib/useInView';
import { InlineListError } from './QuoteList';
import { Sparkline } from './Sparkline';
import { usePriceFlash } from './usePriceFlash';
import './priceFlash.css';
import './IndexStrip.css';

function IndexCard({ quote: base }: { quote: Quote }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const visible = useInView(ref, '40px');
  const quote = useLiveQuote(base, { visible });
  const f = useFormatters();
  const trend = trendOf(quote.change);
  const flashRef = usePriceFlash<HTMLSpanElement>(quote.price_nominal);
  return (
    <Link
      ref={ref}
      to={paths.quote(quote)}
      className={`index-card index-card--${trend}`}
      data-testid="index-card"
      data-key={quote.key}
    >
      <span className="index-card__name">{quote.name}</span>
      <span ref={flashRef} className="index-card__price num" data-testid="quote-price">
        {f.number(quote.price_nominal, quote.priceDecimals)}
      </span>
      <span className={`index-card__change num ${trend}`}>
        {f.change(quote.change, quote.priceDecimals)} {f.ratio(quote.change_ratio)}
      </span>
      {quote.sparkline && (
        <Sparkline points={quote.sparkline} last={quote.price_nominal} trend={trend} width={112} height={22} />
      )}
    </Link>
  );
}

/** The global indices side by side, scrolling sideways; `codes` narrows them (HSI and HSCEI for Hong Kong). */
export function IndexStrip({ codes }: { codes?: readonly string[] }) {
  const { t } = useTranslation();
  const query = useQuoteListQuery({ list: 'indices' }, 20);
  const list = query.data?.list;
  const quotes = useMemo(() => (codes ? list?.filter((q) => codes.includes(q.stock_code)) : list), [codes, list]);
  // The cards render in a transition, in slices (see QuoteList); the skeleton stays until they are ready.
  const pending = useDeferredValue(query.isPending);
  const shown = useDeferredValue(quotes);
  if (pending) {
    return (
      <div className="index-strip" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="index-card index-card--skeleton shimmer" />
        ))}
      </div>
    );
  }
  if (query.isError && !quotes?.length) return <InlineListError onRetry={() => query.refetch()} />;
  return (
    <ul className="index-strip" aria-label={t('market.indices')}>
      {shown?.map((q) => (
        <li key={q.key}>
          <IndexCard quote={q} />
        </li>
      ))}
    </ul>
  );
}
