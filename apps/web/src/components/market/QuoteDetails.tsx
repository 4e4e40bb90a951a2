/** Parts of the quote screen: the price header and the labels of SPEC §3 for each kind of instrument. */
import type { DataOf, market, Quote } from '@beurs/contracts';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSummaryQuery } from '../../api/market';
import { exchangeLabel, formatWhen, trendOf, useFormatters } from '../../lib/format';
import { LiveBadge } from './LiveBadge';
import { usePriceFlash } from './usePriceFlash';
import './priceFlash.css';
import './QuoteDetails.css';

export type Summary = DataOf<typeof market.summaryDetail>;

/** Open, pre-market, after hours, break or closed, and when that changes. */
export function SessionTag({ quote, summary }: { quote: Quote; summary?: Summary }) {
  const { t } = useTranslation();
  const session = summary?.session;
  const tone = quote.phase === 'regular' ? 'rise' : quote.phase === 'closed' ? 'neutral' : 'warn';
  let next: string | null = null;
  if (session) {
    if (!quote.marketOpen && session.nextOpen) next = t('quote.opensAt', { when: formatWhen(session.nextOpen) });
    else if (quote.marketOpen && session.nextClose) next = t('quote.closesAt', { when: formatWhen(session.nextClose) });
  }
  return (
    <span className="session" data-testid="market-phase" data-phase={quote.phase}>
      <span className={`tag tag--${tone}`}>{t(`phase.${quote.phase}`)}</span>
      {/* Its line is held while the market's hours load (and when it has none): the header does not grow then. */}
      <span className="session__next">{next ?? '\u00a0'}</span>
    </span>
  );
}

/**
 * The session tag with the instrument's hours (next open or close). It asks for them itself: their answer re-renders
 * this tag alone, not the quote screen around it (a blocking render of the whole screen on a first visit). It asks
 * once `ask` is true: the quote screen sets it once the price beside it has been painted; its line is held meanwhile.
 */
function QuoteSessionTag({ quote, ask }: { quote: Quote; ask: boolean }) {
  const summary = useSummaryQuery(quote.stock_code, quote.source, ask);
  return <SessionTag quote={quote} summary={summary.data} />;
}

/** The price, the change and the session; `painted`: the screen's first frame is on screen (the session's hours are asked for then). */
export function PriceHeader({ quote, painted }: { quote: Quote; painted: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const trend = trendOf(quote.change);
  const flashRef = usePriceFlash<HTMLSpanElement>(quote.price_nominal);
  const d = quote.priceDecimals;
  const extended =
    quote.preMarketChange !== null
      ? { label: t('quote.preMarket'), change: quote.preMarketChange, ratio: quote.preMarketChangeRatio }
      : quote.postMarketChange !== null
        ? { label: t('quote.postMarket'), change: quote.postMarketChange, ratio: quote.postMarketChangeRatio }
        : null;
  return (
    <section className={`price-header price-header--${trend}`} aria-label={t('quote.price')}>
      <div className="price-header__top">
        <span ref={flashRef} className={`price-header__last num ${trend}`} data-testid="quote-last">
          {f.price(quote.price_nominal, d, quote.currencySymbol)}
        </span>
        <QuoteSessionTag quote={quote} ask={painted} />
      </div>
      <div className={`price-header__change num ${trend}`}>
        <span data-testid="quote-change">{f.change(quote.change, d)}</span>
        <span>{f.ratio(quote.change_ratio)}</span>
        {!quote.currencySymbol && quote.kind !== 'index' && (
          <span className="price-header__unit">{quote.currency}</span>
        )}
      </div>
      {extended && (
        <div className="price-header__extended" data-testid="quote-extended">
          <span>{extended.label}</span>
          <span className={`num ${trendOf(extended.change)}`}>
            {f.change(extended.change, d)} ({f.ratio(extended.ratio)})
          </span>
        </div>
      )}
      <div className="price-header__time">
        <span>{t('quote.asOf', { time: dayjs(quote.time).format('HH:mm:ss') })}</span>
        {quote.marketOpen && <LiveBadge />}
      </div>
    </section>
  );
}

type Row = { key: string; label: string; value: ReactNode };

/** The labels of SPEC §3 that belong to this kind of instrument. */
export function QuoteStats({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const d = quote.priceDecimals;
  const p = (v: string | null) => f.price(v, d, quote.currencySymbol);
  const rows: Row[] = [
    { key: 'last', label: t('quote.stats.last'), value: p(quote.price_nominal) },
    { key: 'open', label: t('quote.stats.open'), value: p(quote.open) },
    { key: 'high', label: t('quote.stats.high'), value: p(quote.high) },
    { key: 'low', label: t('quote.stats.low'), value: p(quote.low) },
    { key: 'prevClose', label: t('quote.stats.prevClose'), value: p(quote.prevClose) },
  ];
  if (quote.kind === 'future' && quote.prevSettle !== null) {
    rows.push({ key: 'prevSettle', label: t('quote.stats.prevSettle'), value: p(quote.prevSettle) });
  }
  rows.push(
    { key: 'high52', label: t('quote.stats.high52'), value: p(quote.high52) },
    { key: 'low52', label: t('quote.stats.low52'), value: p(quote.low52) },
  );
  if (quote.kind !== 'index') {
    rows.push(
      { key: 'bid', label: t('quote.stats.bid'), value: p(quote.bid) },
      { key: 'ask', label: t('quote.stats.ask'), value: p(quote.ask) },
      { key: 'bidVolume', label: t('quote.stats.bidVolume'), value: f.integer(quote.bidVolume) },
      { key: 'askVolume', label: t('quote.stats.askVolume'), value: f.integer(quote.askVolume) },
    );
  }
  if (quote.kind === 'stock' || quote.kind === 'future') {
    rows.push({ key: 'volume', label: t('quote.stats.volume'), value: f.compact(quote.volume) });
  }
  if (quote.kind === 'stock') {
    rows.push({
      key: 'marketCap',
      label: t('quote.stats.marketCap'),
      value: f.compact(quote.marketCap, quote.currencySymbol),
    });
  }
  if (quote.kind === 'future') {
    rows.push(
      { key: 'openInterest', label: t('quote.stats.openInterest'), value: f.integer(quote.openInterest) },
      {
        key: 'expiryDate',
        label: t('quote.stats.expiryDate'),
        value: f.dateTime(quote.expiryDate, 'date'),
      },
    );
  }
  return (
    <dl className="stats" data-testid="quote-stats">
      {rows.map((row) => (
        <div key={row.key} className="stats__item" data-stat={row.key}>
          <dt>{row.label}</dt>
          <dd className="num">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The profile section of the quote screen, once the instrument's summary is here (asked for as QuoteSessionTag does). */
export function ProfileSection({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const summary = useSummaryQuery(quote.stock_code, quote.source);
  if (!summary.data) return null;
  return (
    <>
      <h2 className="section-title">{t('quote.profileTitle')}</h2>
      <InstrumentProfile summary={summary.data} />
    </>
  );
}

/** The static profile: exchange, sector or category, lot and contract size, hours in the exchange's time zone. */
function InstrumentProfile({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const f = useFormatters();
  // One line per session; forex and futures open the evening before their trading day.
  const hours = summary.session.hours.map((h) => (
    <span key={h.phase}>
      {t(`quote.hours.${h.phase}`)} {h.startsPreviousDay ? t('quote.hours.previousDay', { time: h.start }) : h.start}–
      {h.end}
    </span>
  ));
  const rows: Row[] = [];
  const exchange = exchangeLabel(summary.market);
  if (exchange) rows.push({ key: 'exchange', label: t('quote.profile.exchange'), value: exchange });
  if (summary.sector) {
    rows.push({ key: 'sector', label: t('quote.profile.sector'), value: t(`market.sector.${summary.sector}`) });
  }
  if (summary.category) {
    rows.push({ key: 'category', label: t('quote.profile.category'), value: t(`market.category.${summary.category}`) });
  }
  rows.push({ key: 'currency', label: t('quote.profile.currency'), value: summary.currency });
  if (summary.kind !== 'index') {
    rows.push({ key: 'lotSize', label: t('quote.profile.lotSize'), value: f.integer(summary.lotSize) });
  }
  if (summary.contractSize) {
    rows.push({ key: 'contractSize', label: t('quote.profile.contractSize'), value: f.integer(summary.contractSize) });
  }
  if (summary.sharesOutstanding) {
    rows.push({ key: 'shares', label: t('quote.profile.shares'), value: f.compact(summary.sharesOutstanding) });
  }
  if (hours.length > 0) {
    rows.push({
      key: 'hours',
      label: t('quote.profile.hours'),
      value: (
        <>
          {hours}
          <small>{f.zone(summary.session.timeZone)}</small>
        </>
      ),
    });
  }
  return (
    <dl className="profile-list" data-testid="quote-profile">
      {rows.map((row) => (
        <div key={row.key} className="profile-list__item">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
