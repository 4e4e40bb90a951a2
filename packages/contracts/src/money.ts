/** Money and quantities are decimal strings on the wire and Decimal in code; never JS floats. */
import DecimalJs from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN });
export type Decimal = InstanceType<typeof Decimal>;

/** Formats a decimal string for display with a fixed number of places and grouping. */
export function formatMoney(value: string | Decimal, places = 2, locale = 'en'): string {
  const d = new Decimal(value).toDecimalPlaces(places, DecimalJs.ROUND_HALF_EVEN);
  const [int, frac] = d.abs().toFixed(places).split('.');
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }).format(
    BigInt(int ?? '0'),
  );
  const sep = new Intl.NumberFormat(locale).format(1.5).charAt(1);
  return `${d.isNegative() ? '-' : ''}${grouped}${frac ? sep + frac : ''}`;
}
