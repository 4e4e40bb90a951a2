import type { StockMarket } from '@beurs/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteListQuery } from '../../api/market';
import { EmptyState } from '../States';
import { QuoteList } from './QuoteList';
import './Movers.css';

const STOCK_MARKETS: readonly StockMarket[] = ['US', 'HK', 'DE', 'NL', 'BE', 'MX'];
const MOVERS = ['gainers', 'losers', 'active'] as const;
type MoversType = (typeof MOVERS)[number];

/** Gainers, losers and most active of one stock market. */
export function Movers({ fixedMarket }: { fixedMarket?: StockMarket }) {
  const { t } = useTranslation();
  const [type, setType] = useState<MoversType>('gainers');
  const [chosen, setMarket] = useState<StockMarket>('US');
  const market = fixedMarket ?? chosen;
  const query = useQuoteListQuery({ list: 'top', market, type }, 5);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="movers">
      <h2 className="section-title" id={titleId}>
        {t('movers.title')}
      </h2>
      <div className="movers-switch" role="tablist" aria-label={t('movers.title')}>
        {MOVERS.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={m === type}
            className={`movers-switch__item${m === type ? ' movers-switch__item--active' : ''}`}
            data-testid={`movers-${m}`}
            onClick={() => setType(m)}
          >
            {t(`movers.${m}`)}
          </button>
        ))}
      </div>
      {!fixedMarket && (
        <fieldset className="chip-row chip-row--compact">
          <legend className="sr-only">{t('market.filter')}</legend>
          {STOCK_MARKETS.map((m) => (
            <button
              key={m}
              type="button"
              className={`chip${m === market ? ' chip--active' : ''}`}
              aria-pressed={m === market}
              data-testid={`movers-market-${m}`}
              onClick={() => setMarket(m)}
            >
              {t(`market.segments.${m}`)}
            </button>
          ))}
        </fieldset>
      )}
      <div className="card list-card">
        <QuoteList
          query={query}
          quotes={query.data?.list}
          compactError
          skeletonRows={5}
          showExchange={false}
          empty={
            <EmptyState
              icon="market"
              title={t('movers.empty')}
              description={t(type === 'active' ? 'movers.emptyActive' : 'movers.emptyText')}
            />
          }
        />
      </div>
    </section>
  );
}
