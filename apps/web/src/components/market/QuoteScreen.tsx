/**
 * The quote screen shared by quote/stock, quote/future, quote/globalindex, quote/forex and hkstock/quote
 * (query: name, code, source, optional market): live price header with the session, chart with the ranges
 * of SPEC §9, the labels of SPEC §3 for the kind, the order book, the profile, the watchlist star, and
 * Buy / Sell to the order ticket. Crypto pairs have no ticket (customers do not trade them; docs/strategies.md
 * "Crypto market"): their footer says so and leads to the robots, or is the caller's (robotai/quote).
 */
import { ApiError } from '@beurs/api-client';
import type { ChartRangeName, Quote, QuoteSource } from '@beurs/contracts';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { market } from '../../api/endpoints';
import { useLiveQuote } from '../../api/live';
import { parseSource, useQuoteQuery } from '../../api/market';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { exchangeLabel } from '../../lib/format';
import { useAfterFirstPaint } from '../../lib/useAfterFirstPaint';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { NavIconButton } from '../NavIconButton';
import { NewsSlot } from '../news/NewsSlot';
import { Page } from '../Page';
import { SimulatedNotice } from '../SimulatedNotice';
import { EmptyState, ErrorState } from '../States';
import { InstrumentTitle } from './InstrumentTitle';
import { OrderBook } from './OrderBook';
import { QuoteChart } from './QuoteChart';
import { PriceHeader, ProfileSection, QuoteStats } from './QuoteDetails';
import { WatchStar } from './WatchStar';
import './QuoteScreen.css';

const CHART_RANGES = market.CHART_RANGE_NAMES;

function SearchButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NavIconButton label={t('search.open')} onClick={() => navigate(paths.search())}>
      <Icon name="search" size={22} />
    </NavIconButton>
  );
}

/** A crypto pair's footer: why there is no Buy or Sell, and the robots that trade it. */
function CryptoFooter({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="crypto-footer" data-testid="crypto-no-trade">
      <p>{t('quote.cryptoNoTrade')}</p>
      <Button
        block
        color="primary"
        data-testid="crypto-robots"
        onClick={() => navigate(paths.robotQuote({ code: quote.stock_code, name: quote.name }))}
      >
        {t('quote.cryptoRobots')}
      </Button>
    </div>
  );
}

/** What a caller puts below a crypto pair's quote instead of CryptoFooter. */
type CryptoFooterSlot = (quote: Quote) => ReactNode;

function QuoteBody({ quote: base, cryptoFooter }: { quote: Quote; cryptoFooter?: CryptoFooterSlot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quote = useLiveQuote(base);
  const [range, setRange] = useState<ChartRangeName>('intraday');
  const exchange = exchangeLabel(quote.market);
  const tradable = quote.kind === 'stock' || quote.kind === 'future' || quote.kind === 'forex';
  // The price is what the screen is opened for: its frame is painted first; the chart (its code and candles), the
  // figures, the book and the profile (their requests) follow right after it (useAfterFirstPaint).
  const rest = useAfterFirstPaint();
  return (
    <Page
      className="quote-page"
      title={
        <InstrumentTitle
          name={quote.name}
          detail={
            quote.name !== quote.stock_code || exchange ? (
              <>
                {quote.stock_code}
                {exchange ? ` · ${exchange}` : ''}
              </>
            ) : undefined
          }
        />
      }
      right={
        <>
          <SearchButton />
          <WatchStar quote={quote} />
        </>
      }
      footer={
        quote.kind === 'crypto'
          ? (cryptoFooter?.(quote) ?? <CryptoFooter quote={quote} />)
          : tradable && (
              <div className="trade-buttons">
                <Button
                  block
                  size="large"
                  className="trade-button trade-button--buy"
                  data-testid="buy"
                  onClick={() => navigate(paths.ticket(quote, 0))}
                >
                  {t('quote.buy')}
                </Button>
                <Button
                  block
                  size="large"
                  className="trade-button trade-button--sell"
                  data-testid="sell"
                  onClick={() => navigate(paths.ticket(quote, 1))}
                >
                  {t('quote.sell')}
                </Button>
              </div>
            )
      }
    >
      <PriceHeader quote={quote} painted={rest} />

      <div className="range-tabs" role="tablist" aria-label={t('quote.chartRange')}>
        {CHART_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            role="tab"
            aria-selected={r === range}
            className={`range-tab${r === range ? ' range-tab--active' : ''}`}
            data-testid={`range-${r}`}
            onClick={() => setRange(r)}
          >
            {t(`quote.ranges.${r}`)}
          </button>
        ))}
      </div>
      {rest ? (
        <QuoteChart quote={quote} range={range} />
      ) : (
        <div className="chart shimmer" role="status" aria-label={t('common.loading')} />
      )}
      {rest && <QuoteSections quote={quote} />}
    </Page>
  );
}

/** The figures, the book, the profile and the news, below the chart. */
function QuoteSections({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="section-title">{t('quote.statsTitle')}</h2>
      <QuoteStats quote={quote} />

      {quote.kind !== 'index' && (
        <>
          <h2 className="section-title">{t('quote.book')}</h2>
          <OrderBook quote={quote} />
        </>
      )}

      <ProfileSection quote={quote} />

      <NewsSlot code={quote.stock_code} pageSize={3} />

      <div className="quote-page__notice">
        <SimulatedNotice compact />
      </div>
    </>
  );
}

export function QuoteScreen({
  defaultSource,
  cryptoFooter,
}: {
  defaultSource?: QuoteSource;
  cryptoFooter?: CryptoFooterSlot;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useQueryParams<'name' | 'code' | 'source' | 'market'>();
  const code = params.code?.trim() || undefined;
  const source = parseSource(params.source) ?? defaultSource;
  const query = useQuoteQuery(code, source);
  // The screen's body (header, chart, figures, book) renders in a transition, in slices that yield to the browser:
  // a query's answer is otherwise rendered at once and whole (the longest task of a quote's first visit). Also when
  // the answer is already here as the screen mounts (a first visit asks for it beside the code, app/prefetch.ts):
  // the screen's frame is committed first (null: "not yet"), the body right after it.
  const quote = useDeferredValue(query.data, null);

  if (!code) {
    return (
      <Page>
        <EmptyState
          icon="search"
          title={t('quote.noCode')}
          description={t('quote.noCodeText')}
          action={
            <Button color="primary" shape="rounded" onClick={() => navigate(paths.search(), { replace: true })}>
              {t('search.open')}
            </Button>
          }
        />
      </Page>
    );
  }
  if (quote) return <QuoteBody quote={quote} cryptoFooter={cryptoFooter} />;

  const title = params.name ?? code;
  if (query.isError) {
    const unknown = query.error instanceof ApiError && (query.error.code === 404 || query.error.code === 400);
    return (
      <Page title={title}>
        {unknown ? (
          <EmptyState
            icon="search"
            title={t('quote.unknown')}
            description={t('quote.unknownText', { code })}
            action={
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.search(), { replace: true })}>
                {t('search.open')}
              </Button>
            }
          />
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )}
      </Page>
    );
  }
  return (
    <Page title={title}>
      <div className="quote-skeleton-page" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <span className="shimmer quote-skeleton-page__price" />
        <span className="shimmer quote-skeleton-page__change" />
        <span className="shimmer quote-skeleton-page__chart" />
        <span className="shimmer quote-skeleton-page__stats" />
      </div>
    </Page>
  );
}
