/**
 * Numbers of the market screens in the user's language (nl: 1.234,56; en: 1,234.56; zh-Hans: 1,234.56 and
 * 万/亿 for large amounts). Prices come from the server as decimal strings and are shown with the
 * instrument's own `priceDecimals`; the symbol in front is the quote's `currencySymbol` (SPEC §9).
 */
import type { Language } from '@beurs/contracts';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { useSyncExternalStore } from 'react';

const intlLocale: Record<Language, string> = { en: 'en-US', nl: 'nl-NL', 'zh-Hans': 'zh-Hans-CN' };

function localeOf(language: string): string {
  return intlLocale[language as Language] ?? 'en-US';
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    formats.set(id, format);
  }
  return format;
}

/**
 * The first Intl formatter a page makes loads the ICU data of the whole renderer: on a mid-range phone a single
 * task of about 200 ms on the main thread, in the middle of the first screen's render. Loaded once per renderer
 * process, the data is shared by every thread: a throwaway worker that formats one number in `language` pays for it
 * off the main thread while the app waits for its texts, and the main thread's formatters then cost next to nothing.
 * Best effort: without workers (or with a policy that refuses blob: workers) the main thread pays as before.
 */
export function warmNumberFormats(language: string): void {
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const locale = JSON.stringify(localeOf(language));
  const source = `new Intl.NumberFormat(${locale},{minimumFractionDigits:2,maximumFractionDigits:2}).format(1.5);new Intl.PluralRules(${locale}).select(1);postMessage(0);`;
  try {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url);
    worker.onmessage = worker.onerror = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
  } catch {
    // No worker: the first formatter loads the data on the main thread.
  }
}

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The decimals to show a figure the server wrote with: every decimal it has, never rounded away (a stored price,
 * an average open price, an exchange rate), at least `min` and at most 8 (the most a price may have,
 * `trading.priceInput`, and the most a rate is written with).
 */
export function decimalsOf(value: string | null | undefined, min: number): number {
  const fraction = value?.split('.')[1]?.length ?? 0;
  return Math.min(8, Math.max(min, fraction));
}

/**
 * Dates and times of records (bill, deposits, withdrawals, transfers, orders, messages) in the reader's
 * convention: SPEC §9's "DD/MM/YYYY hh:mm:ss A" for English, the 24-hour clock in Dutch and Chinese
 * (docs/decisions.md). Patterns hold no words, so the result does not depend on dayjs's global locale.
 */
const DATE_TIME_PATTERNS: Record<Language, { seconds: string; minutes: string; date: string }> = {
  en: { seconds: 'DD/MM/YYYY hh:mm:ss A', minutes: 'DD/MM/YYYY hh:mm A', date: 'DD/MM/YYYY' },
  nl: { seconds: 'DD-MM-YYYY HH:mm:ss', minutes: 'DD-MM-YYYY HH:mm', date: 'DD-MM-YYYY' },
  'zh-Hans': { seconds: 'YYYY-MM-DD HH:mm:ss', minutes: 'YYYY-MM-DD HH:mm', date: 'YYYY-MM-DD' },
};

export type DateTimePrecision = 'seconds' | 'minutes' | 'date';

/** A moment (epoch ms or ISO text) in the language's date-and-time pattern, in the device's time zone. */
export function formatDateTime(
  value: number | string | null | undefined,
  language: string,
  precision: DateTimePrecision = 'seconds',
): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const when = dayjs(value);
  if (!when.isValid()) return NO_VALUE;
  const patterns = DATE_TIME_PATTERNS[language as Language] ?? DATE_TIME_PATTERNS.en;
  // 'A' (AM/PM) is English only; 'en' keeps it from following dayjs's global locale.
  return when.locale('en').format(patterns[precision]);
}

/** "Mon 15:30" in the user's time and language: when a market opens or closes next. */
export function formatWhen(ms: number): string {
  const when = dayjs(ms);
  return when.isSame(dayjs(), 'day') ? when.format('HH:mm') : when.format('ddd HH:mm');
}

/** Shown where a value does not exist (an index has no market cap, US pre-market has no open yet). */
export const NO_VALUE = '–';

export interface Formatters {
  language: string;
  /** A plain number with exactly `decimals` places. */
  number(value: string | number | null | undefined, decimals: number): string;
  /** A price with the instrument's decimals and currency symbol ("$216.22", "€12,34", "HK$551.60"). */
  price(value: string | number | null | undefined, decimals: number, symbol?: string): string;
  /** A signed change ("+0.49", "-1.20"); zero has no sign. */
  change(value: string | number | null | undefined, decimals: number): string;
  /** A signed percentage from a value already in percent ("+1.23%"). */
  ratio(value: string | number | null | undefined): string;
  /** A large amount or volume, short ("1.2M", "1,2 mln.", "1.2亿"), with an optional symbol. */
  compact(value: string | number | null | undefined, symbol?: string): string;
  /** An exchange rate with the decimals it was given, at most 8 ("0.10610846", "0,10610846"). */
  rate(value: string | number | null | undefined): string;
  /** A whole number with grouping ("13,914,548"). */
  integer(value: string | number | null | undefined): string;
  /** A record's time: "25/11/2026 04:30:00 PM", "25-11-2026 16:30:00", "2026-11-25 16:30:00". */
  dateTime(value: number | string | null | undefined, precision?: DateTimePrecision): string;
  /**
   * A market's time zone by its name in the language ("Eastern Time", "Eastern-tijd", "北美东部时间" for
   * America/New_York), from the browser's own names (Intl); the zone's id where the browser has none.
   */
  zone(timeZone: string): string;
}

export function createFormatters(language: string): Formatters {
  const number = (value: string | number | null | undefined, decimals: number) => {
    const n = toNumber(value);
    if (n === null) return NO_VALUE;
    return numberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
  };
  return {
    language,
    number,
    price: (value, decimals, symbol = '') => {
      const text = number(value, decimals);
      return text === NO_VALUE ? text : `${symbol}${text}`;
    },
    change: (value, decimals) => {
      const n = toNumber(value);
      if (n === null) return NO_VALUE;
      return numberFormat(language, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        signDisplay: 'exceptZero',
      }).format(n);
    },
    ratio: (value) => {
      const n = toNumber(value);
      if (n === null) return NO_VALUE;
      const text = numberFormat(language, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      }).format(n);
      return `${text}%`;
    },
    compact: (value, symbol = '') => {
      const n = toNumber(value);
      if (n === null) return NO_VALUE;
      const text = numberFormat(language, { notation: 'compact', maximumFractionDigits: 2 }).format(n);
      return `${symbol}${text}`;
    },
    rate: (value) => number(value, decimalsOf(String(value ?? ''), 0)),
    integer: (value) => {
      const n = toNumber(value);
      if (n === null) return NO_VALUE;
      return numberFormat(language, { maximumFractionDigits: 0 }).format(n);
    },
    dateTime: (value, precision) => formatDateTime(value, language, precision),
    zone: (timeZone) => {
      try {
        const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' }).formatToParts();
        return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
      } catch {
        return timeZone;
      }
    },
  };
}

const formattersByLanguage = new Map<string, Formatters>();

/** The formatters of a language, made once (every row of every list shares them). */
export function formattersOf(language: string): Formatters {
  let formatters = formattersByLanguage.get(language);
  if (!formatters) {
    formatters = createFormatters(language);
    formattersByLanguage.set(language, formatters);
  }
  return formatters;
}

function subscribeLanguage(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const languageInUse = () => i18n.language;

/**
 * The formatters of the interface language; re-renders on a language switch. Follows the language itself rather
 * than through useTranslation: every live row and pill uses this, and useTranslation copies the i18next instance and
 * adds an effect on each of them when it mounts (both show in the CPU profile of a list's first render).
 */
export function useFormatters(): Formatters {
  return formattersOf(useSyncExternalStore(subscribeLanguage, languageInUse));
}

/** Rise, fall or flat, from a signed decimal string (the `change` of a quote). */
export function trendOf(change: string | number | null | undefined): 'rise' | 'fall' | 'flat' {
  const n = toNumber(change);
  if (n === null || n === 0) return 'flat';
  return n > 0 ? 'rise' : 'fall';
}

const exchangeLabels: Record<string, string> = {
  EURONEXT_AMS: 'Euronext AMS',
  EURONEXT_BRU: 'Euronext BRU',
};

/** A short exchange name for list rows ("NASDAQ", "Euronext AMS"); nothing for indices and forex. */
export function exchangeLabel(market: string): string | null {
  if (market === 'INDEX' || market === 'FX' || market === 'CRYPTO') return null;
  return exchangeLabels[market] ?? market;
}
