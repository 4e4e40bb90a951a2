/** Money and quantities are decimal strings on the wire and Decimal in code; never JS floats. */
import DecimalJs from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN });
export type Decimal = InstanceType<typeof Decimal>;

// The rounding rules (docs/money.md "Rounding"). The ledger keeps 8 places; an amount that is booked or shown is
// rounded to the cent by one of these, named by what the amount is, never by an ad-hoc toFixed or toDecimalPlaces.

/** A margin (the hold an order takes) rounds up to the cent: it always covers notional / leverage. */
export const marginCents = (value: DecimalJs.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_UP);

/**
 * A fee rounds half up to the cent, and so does every other amount the books settle from a computed figure:
 * a profit or loss, a notional shown with an order.
 */
export const feeCents = (value: DecimalJs.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * What the customer is given or may spend rounds down to the cent: the credit of a conversion, the available
 * balance an order ticket spends. The house never hands out a fraction of a cent it does not hold.
 */
export const creditCents = (value: DecimalJs.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_DOWN);

/**
 * An amount on the wire: a string with 2 places, rounded down (creditCents), so a customer is never shown more
 * than there is. Amounts the ledger holds in cents go out unchanged.
 */
export const wireAmount = (value: DecimalJs.Value) => creditCents(value).toFixed(2);

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
