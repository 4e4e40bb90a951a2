/**
 * Money and counts on screen in the console's language (grouping and decimal sign as the web app does, through
 * the contracts' Intl locale): decimal strings from the server, formatted without ever going through floats.
 */
import { CURRENCY_SYMBOL, type Currency, Decimal, formatMoney, intlLocaleOf } from '@beurs/contracts';
import { currentLanguage, lookup } from '../i18n';

function symbol(currency: string): string {
  return CURRENCY_SYMBOL[currency as Currency] ?? `${currency} `;
}

/** A decimal string with `places` decimals: "1,234.50". */
export function formatDecimal(value: string, places = 2): string {
  return formatMoney(value, places, intlLocaleOf(currentLanguage()));
}

/** A whole number with grouping: "1,000,000". */
export function formatCount(value: number): string {
  return value.toLocaleString(intlLocaleOf(currentLanguage()));
}

/** "€1,234.50", "-$12.00". */
export function formatAmount(value: string, currency: string): string {
  const formatted = formatDecimal(value);
  return formatted.startsWith('-') ? `-${symbol(currency)}${formatted.slice(1)}` : `${symbol(currency)}${formatted}`;
}

/** "+€25.00" for money in, "−€10.00" (a real minus sign) for money out. */
export function formatSigned(value: string, currency: string): string {
  const d = new Decimal(value);
  const abs = formatAmount(d.abs().toString(), currency);
  if (d.isZero()) return abs;
  return d.isNegative() ? `\u2212${abs}` : `+${abs}`;
}

export function sign(value: string): -1 | 0 | 1 {
  const d = new Decimal(value);
  return d.isZero() ? 0 : d.isNegative() ? -1 : 1;
}

export function isZero(value: string): boolean {
  return new Decimal(value).isZero();
}

export function walletLabel(walletType: string): string {
  return lookup('wallets', walletType) ?? walletType;
}
