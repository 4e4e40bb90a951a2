/** Money on screen: decimal strings from the server, formatted without ever going through floats. */
import { CURRENCY_SYMBOL, type Currency, Decimal, formatMoney } from '@beurs/contracts';
import { strings } from '../strings';

function symbol(currency: string): string {
  return CURRENCY_SYMBOL[currency as Currency] ?? `${currency} `;
}

/** "€1,234.50", "-$12.00". */
export function formatAmount(value: string, currency: string): string {
  const formatted = formatMoney(value);
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
  return strings.wallet[walletType] ?? walletType;
}
