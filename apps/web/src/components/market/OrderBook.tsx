import type { Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useOrderBookQuery } from '../../api/market';
import { useFormatters } from '../../lib/format';
import { QueryBoundary } from '../States';
import './OrderBook.css';

type Level = { level: number; price: string; volume: string };

function Side({
  levels,
  side,
  max,
  decimals,
}: {
  levels: Level[];
  side: 'bid' | 'ask';
  max: number;
  decimals: number;
}) {
  const f = useFormatters();
  return (
    <ol className={`book__side book__side--${side}`}>
      {levels.map((l) => (
        <li key={l.level} className="book__level">
          <span
            className="book__depth"
            style={{ width: `${Math.max(4, (Number(l.volume) / max) * 100)}%` }}
            aria-hidden="true"
          />
          <span className="book__n">{l.level}</span>
          <span className={`book__price num ${side === 'bid' ? 'rise' : 'fall'}`}>{f.number(l.price, decimals)}</span>
          <span className="book__volume num">{f.compact(l.volume)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The 5-level order book (/m_ft/detail_quote), polled while the market trades. */
export function OrderBook({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const book = useOrderBookQuery(quote.stock_code, quote.source, { live: quote.marketOpen, enabled: true });
  return (
    <QueryBoundary
      query={book}
      inline
      errorText={t('quote.bookFailed')}
      errorClassName="inline-error"
      loading={
        <div className="book book--skeleton shimmer" role="status" aria-busy="true" aria-label={t('common.loading')} />
      }
    >
      {(data) => <Book bids={data.bids} asks={data.asks} decimals={quote.priceDecimals} />}
    </QueryBoundary>
  );
}

/** Both sides, each bar as long as its volume against the largest; nothing while the book is empty. */
function Book({ bids, asks, decimals }: { bids: Level[]; asks: Level[]; decimals: number }) {
  const { t } = useTranslation();
  if (bids.length === 0 && asks.length === 0) return null;
  const max = Math.max(1, ...bids.map((l) => Number(l.volume)), ...asks.map((l) => Number(l.volume)));
  return (
    <section className="book" aria-label={t('quote.book')} data-testid="order-book">
      <div className="book__head">
        <span>{t('quote.bids')}</span>
        <span>{t('quote.asks')}</span>
      </div>
      <div className="book__sides">
        <Side levels={bids} side="bid" max={max} decimals={decimals} />
        <Side levels={asks} side="ask" max={max} decimals={decimals} />
      </div>
    </section>
  );
}
