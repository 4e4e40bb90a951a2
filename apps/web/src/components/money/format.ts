/**
 * Money on screen, exactly: amounts are decimal strings from the server and are formatted with Decimal
 * (never through a JS float), with the wallet's currency symbol (SPEC §9: $ USD, € EUR) and the separators
 * of the interface language (en 1,234.56; nl 1.234,56; zh-Hans 1,234.56).
 */
import {
  CURRENCIES,
  CURRENCY_SYMBOL,
  type Currency,
  Decimal,
  formatMoney,
  type Language,
  rules,
} from '@beurs/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const intlLocale: Record<Language, string> = { en: 'en-US', nl: 'nl-NL', 'zh-Hans': 'zh-Hans-CN' };
const localeOf = (language: string) => intlLocale[language as Language] ?? 'en-US';

/** Shown where an amount is missing or not a number. */
export const NO_AMOUNT = '–';

function toDecimal(value: string | Decimal | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

export interface AmountOptions {
  /** The wallet currency's symbol in front: "€1,234.56". */
  currency?: Currency;
  /**
   * A currency's code after the figure instead ("1.234,56 EUR", "668,49 HKD"): for amounts inside a sentence,
   * and for the currencies of prices (HKD, GBP, …), which have no ledger symbol here.
   */
  code?: string;
  /** 'always': "+€1.00" for money in (zero has no sign); 'auto' (default): only "-" for money out. */
  sign?: 'auto' | 'always';
  /** Decimal places (default 2). */
  places?: number;
}

/** "€1,234.56", "-$3.10", "+€12.00" (sign 'always'), "1.234,56" (nl, no currency), "1.234,56 EUR" (code). */
export function formatAmount(
  value: string | Decimal | null | undefined,
  language: string,
  { currency, code, sign = 'auto', places = 2 }: AmountOptions = {},
): string {
  const d = toDecimal(value);
  if (!d) return NO_AMOUNT;
  const rounded = d.toDecimalPlaces(places);
  const body = formatMoney(rounded.abs(), places, localeOf(language));
  const prefix = rounded.isZero() ? '' : rounded.isNegative() ? '-' : sign === 'always' ? '+' : '';
  const symbol = currency && !code ? CURRENCY_SYMBOL[currency] : '';
  return `${prefix}${symbol}${body}${code ? ` ${code}` : ''}`;
}

/** A rate as the server wrote it (up to 8 places), in the language's separators: "1.0853" / "1,0853". */
export function formatRate(value: string | Decimal | null | undefined, language: string): string {
  const d = toDecimal(value);
  if (!d) return NO_AMOUNT;
  const text = typeof value === 'string' ? value : d.toString();
  const places = Math.min(8, Math.max(2, text.split('.')[1]?.length ?? 0));
  return formatMoney(d, places, localeOf(language));
}

/** The other ledger currency (there are two: EUR and USD). */
export function otherCurrency(currency: Currency): Currency {
  return CURRENCIES.find((c) => c !== currency) ?? currency;
}

export interface ConversionPreview {
  /** What would be credited at this rate, rounded down to the cent like the server does. */
  credited: string;
  /** Units of the credited currency per unit debited. */
  rate: string;
}

/**
 * What a transfer between currencies would credit at the live EUR/USD rate (USD per EUR), for the form's
 * preview only: the server converts at its own live rate when the transfer is made and answers it.
 * Null when the currencies are the same or the amount is not a valid amount yet.
 */
export function previewConversion(
  amount: string | undefined,
  from: Currency,
  to: Currency,
  eurUsd: string | undefined,
): ConversionPreview | null {
  if (from === to || !amount || !rules.AMOUNT_PATTERN.test(amount.trim())) return null;
  const usdPerEur = toDecimal(eurUsd);
  if (!usdPerEur || usdPerEur.lte(0)) return null;
  const rate = from === 'EUR' ? usdPerEur : new Decimal(1).div(usdPerEur).toDecimalPlaces(6);
  const exact = from === 'EUR' ? new Decimal(amount.trim()).mul(usdPerEur) : new Decimal(amount.trim()).div(usdPerEur);
  return { credited: exact.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2), rate: rate.toString() };
}

/** True when `amount` (a valid amount) is more than `available`. */
export function exceeds(amount: string | undefined, available: string | undefined): boolean {
  const a = toDecimal(amount?.trim());
  const b = toDecimal(available);
  return Boolean(a && b && a.gt(b));
}

/** Money in (rise), out (fall) or nothing (flat), from a signed decimal string. */
export function trendOfAmount(value: string | Decimal | null | undefined): 'rise' | 'fall' | 'flat' {
  const d = toDecimal(value);
  if (!d || d.isZero()) return 'flat';
  return d.isNegative() ? 'fall' : 'rise';
}

/** True for a non-zero decimal string. */
export function isNonZero(value: string | null | undefined): boolean {
  const d = toDecimal(value);
  return Boolean(d && !d.isZero());
}

const decimalSeparators = new Map<string, string>();

/**
 * A typed decimal as the language writes it, for the field that shows it: nl "12,5" for "12.5". The field's
 * value keeps the point (tidyAmount reads either), so what the form sends does not depend on the language.
 */
export function typedDecimal(value: string, language: string): string {
  let separator = decimalSeparators.get(language);
  if (separator === undefined) {
    const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(1.5);
    separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(language, separator);
  }
  return separator === '.' ? value : value.replaceAll('.', separator);
}

/** Tidies typed text into a decimal string the amount rule can judge (see AmountInput). */
export function tidyAmount(text: string, decimals = 2): string {
  let s = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  if (dot !== -1) {
    s = `${s.slice(0, dot + 1)}${s.slice(dot + 1).replace(/\./g, '')}`;
    if (decimals === 0) s = s.slice(0, dot);
  }
  let [whole = '', fraction] = s.split('.');
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, 15);
  if (fraction === undefined) return whole;
  if (whole === '') whole = '0';
  return `${whole}.${fraction.slice(0, decimals)}`;
}

export interface MoneyFormat {
  amount(value: string | Decimal | null | undefined, options?: AmountOptions): string;
  rate(value: string | Decimal | null | undefined): string;
}

/** The money formatters of the interface language; re-renders on a language switch. */
export function useMoneyFormat(): MoneyFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      amount: (value, options) => formatAmount(value, language, options),
      rate: (value) => formatRate(value, language),
    }),
    [language],
  );
}
