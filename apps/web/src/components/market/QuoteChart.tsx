/**
 * The quote screen's chart frame: the bars of the chosen range (one query), its loading, error and empty states, and
 * what draws them. The intraday range opens as a preview drawn here (the day's line over the previous close, an SVG
 * from the same bars), and the chart library (CandleChart, lightweight-charts: its code and its first draw are most of
 * the work of a quote's first visit on a slow phone) loads when the customer reaches for it: a touch, a click or a key
 * on the preview, the pointer over it, or another range (candles). From then on the screen keeps the full chart.
 */
import type { ChartRangeName, DataOf, market, Quote } from '@beurs/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKlineQuery } from '../../api/market';
import { Spinner } from '../Spinner';
import { ErrorState } from '../States';
import { barStart } from './chartBars';
import { heightOf, linePath } from './Sparkline';
import './CandleChart.css';

const CandleChart = lazy(() => import('./CandleChart').then((m) => ({ default: m.CandleChart })));

type Kline = DataOf<typeof market.kline>;

/** The preview's drawing box: price from 8 % to 92 % of the height (the full chart keeps its lower part for volume). */
const WIDTH = 1000;
const HEIGHT = 100;
const TOP = 8;
const BOTTOM = 92;

/**
 * The preview's line: the day's closes and, while the market trades, the live price by the full chart's rule
 * (chartBars.ts): it closes the last bar within that bar's minute and adds a point after it; an older tick is left out.
 */
export function previewValues(
  data: Pick<Kline, 'candles'>,
  quote: Pick<Quote, 'price_nominal' | 'time' | 'marketOpen'>,
) {
  const values = data.candles.map((c) => Number(c.close));
  const live = Number(quote.price_nominal);
  const lastBar = data.candles.at(-1);
  const liveBar = barStart(quote.time, 'intraday');
  if (quote.marketOpen && lastBar && liveBar !== undefined && liveBar >= lastBar.time && Number.isFinite(live)) {
    if (liveBar === lastBar.time) values[values.length - 1] = live;
    else values.push(live);
  }
  return values;
}

/**
 * The day's closes (and the live price, while the market trades, after the last bar) as a line with the area under
 * it, over the previous close dashed; the full chart draws the same bars with axes, volume and a crosshair.
 */
function ChartPreview({ quote, data, onOpen }: { quote: Quote; data: Kline; onOpen: () => void }) {
  const { t } = useTranslation();
  const fill = useId();
  const values = previewValues(data, quote);
  const prevClose = Number(data.prevClose);
  const bounds = Number.isFinite(prevClose) ? [...values, prevClose] : values;
  const box = { width: WIDTH, top: TOP, bottom: BOTTOM, low: Math.min(...bounds), high: Math.max(...bounds) };
  const line = linePath(values, box);
  const rising = Number(quote.change) >= 0;
  const prevY = Number.isFinite(prevClose) ? heightOf(prevClose, box) : undefined;
  return (
    <button
      type="button"
      className="chart__preview"
      data-testid="chart-preview"
      onPointerDown={onOpen}
      onPointerEnter={(event) => event.pointerType === 'mouse' && onOpen()}
      onClick={onOpen}
    >
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
        <defs>
          <linearGradient id={fill} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" className={`chart__preview-fill chart__preview-fill--${rising ? 'rise' : 'fall'}`} />
            <stop offset="1" stopOpacity="0" />
          </linearGradient>
        </defs>
        {values.length > 1 && <path d={`${line}L${WIDTH},${HEIGHT}L0,${HEIGHT}Z`} fill={`url(#${fill})`} />}
        {prevY !== undefined && (
          <line
            x1="0"
            x2={WIDTH}
            y1={prevY}
            y2={prevY}
            className="chart__preview-prev"
            vectorEffect="non-scaling-stroke"
          />
        )}
        {values.length > 1 && <path d={line} className="chart__preview-line" vectorEffect="non-scaling-stroke" />}
      </svg>
      <span className="chart__preview-hint">{t('quote.chartOpenHint')}</span>
    </button>
  );
}

export function QuoteChart({ quote, range }: { quote: Quote; range: ChartRangeName }) {
  const { t } = useTranslation();
  const kline = useKlineQuery(quote.stock_code, quote.source, range);
  const [opened, setOpened] = useState(false);
  const full = opened || range !== 'intraday';
  const data = kline.data;
  const empty = data !== undefined && data.candles.length === 0;
  const preview =
    data && !empty && data.range === 'intraday' ? (
      <ChartPreview quote={quote} data={data} onOpen={() => setOpened(true)} />
    ) : null;
  const busy = (
    <div className="chart__overlay chart__overlay--clear" role="status" aria-label={t('common.loading')}>
      <Spinner size={24} />
    </div>
  );
  return (
    <div className="chart" data-testid="chart" data-range={data?.range ?? ''} data-view={full ? 'full' : 'preview'}>
      {full ? (
        <Suspense
          fallback={
            <>
              {preview}
              {/* One spinner: the bars' own shows below while they load. */}
              {!(kline.isFetching && kline.isPlaceholderData) && busy}
            </>
          }
        >
          <CandleChart quote={quote} data={data} faded={kline.isPlaceholderData} />
        </Suspense>
      ) : (
        preview
      )}
      {kline.isPending && <div className="chart__overlay shimmer" aria-label={t('common.loading')} role="status" />}
      {kline.isFetching && kline.isPlaceholderData && busy}
      {kline.isError && !data && (
        <div className="chart__overlay chart__overlay--solid">
          <ErrorState error={kline.error} onRetry={() => kline.refetch()} />
        </div>
      )}
      {empty && !kline.isPlaceholderData && (
        <div className="chart__overlay chart__overlay--solid chart__empty">
          <p>{range === 'intraday' ? t('quote.chartEmptyToday') : t('quote.chartEmpty')}</p>
        </div>
      )}
      <span className="sr-only">{t('quote.chartLabel')}</span>
    </div>
  );
}
