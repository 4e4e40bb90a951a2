/**
 * A follow's value and performance fee (docs/strategies.md "Copy trading"), pure. The follow buys units of the book
 * at its entry NAV; every FOLLOW_FEE_PERIOD_DAYS of its term and at its end the fee is crystallised: the fee rate
 * times the value above the high-water mark (the amount placed at first, then the value after the last fee
 * charged), taken out of the follow (its units shrink by fee / NAV), and the mark moves up to the value after it.
 * A period that ends below the mark charges nothing and leaves the mark where it was, so a loss must be made good
 * before any fee is charged again. Fees are in cents (half up, as the trading fees); the value paid is rounded down.
 */
import { Decimal, feeCents, wireAmount } from '@beurs/contracts';

export interface FollowSettlement {
  /** The value at the last checkpoint before the fee charged there (to the cent, rounded down). */
  value: string;
  /** Each checkpoint's fee, in cents. */
  fees: string[];
  fee: string;
  /** Value at the last checkpoint after every fee: what is paid back (to the cent, rounded down). */
  payout: string;
  highWaterMark: string;
}

/** `navs`: the book's NAV at each fee date of the term, in order (the last one the NAV now or at the term's end). */
/**
 * units × NAV to 20 places before it is rounded down to the cent: units are amount / NAV, a quotient cut at 40
 * digits, so without it an amount bought and valued at the same NAV reads a cent short (100 / 0.90743436 × 0.90743436
 * is 99.999…9).
 */
const worth = (units: Decimal, nav: Decimal) => units.times(nav).toDecimalPlaces(20, Decimal.ROUND_HALF_UP);

export function followSettlement(o: {
  amount: string;
  entryNav: string;
  navs: readonly string[];
  feeRate: string;
}): FollowSettlement {
  const entryNav = new Decimal(o.entryNav);
  if (!entryNav.gt(0)) throw new RangeError('entry NAV must be positive');
  if (o.navs.length === 0) throw new RangeError('a follow settles on at least one NAV');
  const rate = new Decimal(o.feeRate);
  let units = new Decimal(o.amount).div(entryNav);
  let mark = new Decimal(o.amount);
  const fees: string[] = [];
  let gross = new Decimal(o.amount);
  for (const navText of o.navs) {
    const nav = new Decimal(navText);
    gross = worth(units, nav);
    let fee = new Decimal(0);
    if (gross.gt(mark)) {
      fee = feeCents(gross.minus(mark).times(rate));
      units = nav.gt(0) ? units.minus(fee.div(nav)) : units;
      mark = gross.minus(fee);
    }
    fees.push(fee.toFixed(2));
  }
  const last = new Decimal(o.navs[o.navs.length - 1] as string);
  const total = fees.reduce((s, f) => s.plus(f), new Decimal(0));
  return {
    value: wireAmount(gross),
    fees,
    fee: total.toFixed(2),
    payout: wireAmount(worth(units, last)),
    highWaterMark: wireAmount(mark),
  };
}

/** The fee dates of a follow: every `periodDays` from its entry, and its end (ms, in order, the end last). */
export function feeDates(entryAt: number, endAt: number, periodDays: number): number[] {
  const out: number[] = [];
  for (let t = entryAt + periodDays * 86_400_000; t < endAt; t += periodDays * 86_400_000) out.push(t);
  out.push(endAt);
  return out;
}
