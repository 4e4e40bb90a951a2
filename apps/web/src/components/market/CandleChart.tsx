/**
 * The quote screen's full chart (lightweight-charts), drawn in the frame of QuoteChart.tsx (which asks for the bars
 * and shows their loading, error and empty states): candles for the ranges of SPEC §9, the intraday range as a
 * line over the previous close. Times are shown in the exchange's own time zone, so a US chart reads
 * 09:30–16:00 wherever the user is. The last bar follows the live price.
 */
import { type ChartRangeName, type DataOf, type market, type Quote, tzOffsetMs } from '@beurs/contracts';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BAR_SECONDS, barStart } from './chartBars';
import './CandleChart.css';

const RISE = '#21E57B';
const FALL = '#FD005C';
const GOLD = '#E3B65A';

/** The exchange's offset from UTC in seconds (the kline answer names the zone); the device's if Intl lacks it. */
function zoneOffsetSeconds(ms: number, timeZone: string): number {
  try {
    return tzOffsetMs(timeZone, ms) / 1000;
  } catch {
    return -new Date(ms).getTimezoneOffset() * 60;
  }
}

/** Chart time of a bar: intraday bars in exchange time, daily bars as their date (already 00:00 UTC). */
function chartTime(ms: number, range: ChartRangeName, timeZone: string): UTCTimestamp {
  const seconds = Math.floor(ms / 1000);
  return (BAR_SECONDS[range] ? seconds + zoneOffsetSeconds(ms, timeZone) : seconds) as UTCTimestamp;
}

interface Bar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface CandleChartProps {
  quote: Quote;
  /** The bars of the chosen range (the previous range's while it loads: `faded`). */
  data: DataOf<typeof market.kline> | undefined;
  faded: boolean;
}

export function CandleChart({ quote, data: bars, faded }: CandleChartProps) {
  const { i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const price = useRef<ISeriesApi<'Candlestick'> | ISeriesApi<'Area'> | null>(null);
  const volume = useRef<ISeriesApi<'Histogram'> | null>(null);
  const last = useRef<Bar | null>(null);
  const shownRange = useRef<ChartRangeName | null>(null);
  // Read when a range is drawn; a tick must not redraw the whole series.
  const rising = useRef(true);
  rising.current = Number(quote.change) >= 0;

  // The chart itself, once.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#a2aabb',
        fontSize: 11,
        fontFamily: getComputedStyle(element).fontFamily,
      },
      grid: { vertLines: { color: 'rgba(255,255,255,0.04)' }, horzLines: { color: 'rgba(255,255,255,0.05)' } },
      rightPriceScale: { borderColor: 'rgba(255,255,255,0.08)' },
      timeScale: { borderColor: 'rgba(255,255,255,0.08)', timeVisible: true, secondsVisible: false },
      crosshair: { horzLine: { color: '#6c7486' }, vertLine: { color: '#6c7486' } },
      handleScale: { axisPressedMouseMove: false },
    });
    chart.current = instance;
    return () => {
      instance.remove();
      chart.current = null;
      price.current = null;
      volume.current = null;
      last.current = null;
      shownRange.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.applyOptions({ localization: { locale: i18n.language } });
  }, [i18n.language]);

  // The bars of the range: a new series whenever another range's data arrives. Taken in a transition: the answer
  // then renders and draws in tasks of its own instead of inside a blocking render of the query's answer.
  const data = useDeferredValue(bars);
  // The exchange's zone comes with the bars, so the series is built once (it waited on the quote's summary, and
  // its arrival rebuilt the whole series: the quote screen's longest frame).
  const timeZone = data?.timeZone;
  useEffect(() => {
    const instance = chart.current;
    if (!instance || !data) return;
    if (price.current) instance.removeSeries(price.current);
    if (volume.current) instance.removeSeries(volume.current);
    const priceFormat = { type: 'price' as const, precision: data.priceDecimals, minMove: 10 ** -data.priceDecimals };
    const bars: Bar[] = data.candles.map((c) => ({
      time: chartTime(c.time, data.range, data.timeZone),
      open: Number(c.open),
      high: Number(c.high),
      low: Number(c.low),
      close: Number(c.close),
    }));
    if (data.range === 'intraday') {
      const up = rising.current;
      const series = instance.addSeries(AreaSeries, {
        lineColor: GOLD,
        lineWidth: 2,
        topColor: up ? 'rgba(33,229,123,0.22)' : 'rgba(253,0,92,0.22)',
        bottomColor: 'rgba(0,0,0,0)',
        priceFormat,
        priceLineVisible: false,
      });
      series.setData(bars.map((b) => ({ time: b.time, value: b.close })));
      series.createPriceLine({
        price: Number(data.prevClose),
        color: '#6c7486',
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: '',
      });
      price.current = series;
    } else {
      const series = instance.addSeries(CandlestickSeries, {
        upColor: RISE,
        downColor: FALL,
        borderVisible: false,
        wickUpColor: RISE,
        wickDownColor: FALL,
        priceFormat,
        priceLineVisible: false,
      });
      series.setData(bars);
      price.current = series;
    }
    price.current.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
    const volumes = instance.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: '',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volumes.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    volumes.setData(
      data.candles.map((c, i) => ({
        time: bars[i]?.time ?? (0 as UTCTimestamp),
        value: Number(c.volume),
        color: Number(c.close) >= Number(c.open) ? 'rgba(33,229,123,0.35)' : 'rgba(253,0,92,0.35)',
      })),
    );
    volume.current = volumes;
    last.current = bars.at(-1) ?? null;
    shownRange.current = data.range;
    instance.timeScale().fitContent();
  }, [data]);

  // Live: the last bar closes at the live price; a tick in a new period opens a new bar.
  const livePrice = quote.price_nominal;
  const liveTime = quote.time;
  const tradingDay = quote.tradingDay;
  const open = quote.marketOpen;
  useEffect(() => {
    const series = price.current;
    const range = shownRange.current;
    const bar = last.current;
    if (!series || !range || !bar || !open || !timeZone) return;
    const value = Number(livePrice);
    if (!Number.isFinite(value)) return;
    const start = barStart(liveTime, range);
    const time =
      start !== undefined
        ? chartTime(start, range, timeZone)
        : ((Date.parse(`${tradingDay}T00:00:00Z`) / 1000) as UTCTimestamp);
    if (!Number.isFinite(time) || time < bar.time) return;
    const next: Bar =
      time === bar.time
        ? { ...bar, high: Math.max(bar.high, value), low: Math.min(bar.low, value), close: value }
        : { time, open: bar.close, high: Math.max(bar.close, value), low: Math.min(bar.close, value), close: value };
    last.current = next;
    if (range === 'intraday') (series as ISeriesApi<'Area'>).update({ time: next.time, value: next.close });
    else (series as ISeriesApi<'Candlestick'>).update(next);
  }, [livePrice, liveTime, tradingDay, open, timeZone]);

  return <div ref={container} className="chart__canvas" style={{ opacity: faded ? 0.45 : 1 }} />;
}
