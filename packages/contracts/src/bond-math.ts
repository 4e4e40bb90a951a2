/**
 * Government bond maths (issue 16, docs/fixed-income.md): the coupon schedule, accrued interest, and price from
 * yield and back, for fixed-coupon bullet bonds: US Treasury notes and bonds (two coupons a year) and the German,
 * Dutch and Belgian government bonds (one a year). One copy for the server and the app; no I/O, no clock.
 *
 * Conventions (what the markets publish, not invented here):
 * - Day count ACT/ACT ICMA (the "Actual/Actual (Bond)" of ISDA's 1998 paper "EMU and market conventions"): interest
 *   accrues by the actual days of the coupon period, each regular period earning coupon / frequency whatever its
 *   length. US Treasuries (31 CFR 356 Appendix B, I: a half-year's interest is half the annual rate, accrued by the
 *   actual days of the half-year) and the euro government bonds (ICMA rule 251) both use it.
 * - Coupon dates run back from the maturity in steps of 12 / frequency months; a maturity on the last day of a
 *   month keeps every coupon on the last day of its month (a bond maturing 28 Feb pays on 31 Aug).
 * - Yield to maturity compounds at the coupon frequency. Between coupon dates the fraction of the period left, w,
 *   discounts either by compounding, (1 + y/f)^w (the market's convention, ICMA and US street), or by simple
 *   interest, 1 + w·y/f (the US Treasury's auction formula, 31 CFR 356 Appendix B, II).
 *
 * Prices are per 100 of face value and figures are JavaScript numbers: a yield is not money. What a customer pays
 * or is paid is worked out from these in Decimal and rounded by money.ts, where it is booked.
 */
import { MS_PER_DAY } from './zone-offset.js';

/** Coupons a year. */
export type CouponFrequency = 1 | 2;

/** How the fraction of the current coupon period is discounted (see the module's comment). */
export type FractionalPeriod = 'compound' | 'simple';

export interface BondTerms {
  /** The annual coupon rate as a fraction: 0.03875 for 3⅞ %. */
  couponRate: number;
  frequency: CouponFrequency;
  /** ISO date (YYYY-MM-DD) on which the face value is repaid with the last coupon. */
  maturity: string;
  /** ISO date from which the first coupon accrues (a coupon date of the schedule). */
  datedDate: string;
}

/** Days since 1970-01-01 of an ISO date; an invalid date is an error, never NaN carried on. */
export function dayNumber(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || isoDate(ms / MS_PER_DAY) !== iso) throw new RangeError(`not a date: ${iso}`);
  return ms / MS_PER_DAY;
}

/** The ISO date of a day number. */
export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `iso` moved by `months` calendar months, the day kept (or the month's last day), end of month kept if `eom`. */
function addMonths(iso: string, months: number, eom: boolean): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = daysInMonth(year, month);
  const day = eom ? last : Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const isMonthEnd = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return d === daysInMonth(y, m - 1);
};

/** The coupon date `n` periods before the maturity (n = 0: the maturity itself). */
export function couponDateBefore(terms: Pick<BondTerms, 'frequency' | 'maturity'>, n: number): string {
  return addMonths(terms.maturity, (-12 / terms.frequency) * n, isMonthEnd(terms.maturity));
}

/** All coupon dates after the dated date, first to last (the last is the maturity). */
export function couponSchedule(terms: BondTerms): string[] {
  const dated = dayNumber(terms.datedDate);
  const dates: string[] = [];
  for (let n = 0; ; n++) {
    const date = couponDateBefore(terms, n);
    if (dayNumber(date) <= dated) break;
    dates.push(date);
  }
  return dates.reverse();
}

export interface CouponPeriod {
  /** The coupon date on or before the settlement (for the first period: the quasi-coupon date before it). */
  previous: string;
  /** The next coupon date after the settlement. */
  next: string;
  /** Coupons still to be paid after the settlement, the next included (1: only the last coupon with the face). */
  remaining: number;
}

/**
 * The coupon period a settlement falls in. A settlement on a coupon date starts the next period (that coupon went
 * to the seller). Settling before the dated date or on or after the maturity is an error: there is nothing to price.
 */
export function couponPeriod(terms: BondTerms, settlement: string): CouponPeriod {
  const s = dayNumber(settlement);
  if (s < dayNumber(terms.datedDate)) throw new RangeError(`settlement ${settlement} is before the dated date`);
  if (s >= dayNumber(terms.maturity)) throw new RangeError(`settlement ${settlement} is not before the maturity`);
  // Periods between the settlement and the maturity: ~ the years left times the frequency; walked to the exact one.
  let n = Math.max(1, Math.floor(((dayNumber(terms.maturity) - s) / 365.25) * terms.frequency));
  while (n > 1 && dayNumber(couponDateBefore(terms, n - 1)) <= s) n--;
  while (dayNumber(couponDateBefore(terms, n)) > s) n++;
  return { previous: couponDateBefore(terms, n), next: couponDateBefore(terms, n - 1), remaining: n };
}

/** The coupon of one regular period, per 100 of face value. */
export const periodCoupon = (terms: Pick<BondTerms, 'couponRate' | 'frequency'>) =>
  (100 * terms.couponRate) / terms.frequency;

/**
 * ACT/ACT ICMA year fraction of [start, end] within the regular coupon period [refStart, refEnd] of a bond paying
 * `frequency` coupons a year: actual days over (days of the period × frequency).
 */
export function actActIcma(start: string, end: string, refStart: string, refEnd: string, frequency: number): number {
  return (dayNumber(end) - dayNumber(start)) / ((dayNumber(refEnd) - dayNumber(refStart)) * frequency);
}

/** Interest accrued since the last coupon (or the dated date) to the settlement, per 100 of face value. */
export function accruedInterest(terms: BondTerms, settlement: string): number {
  const { previous, next } = couponPeriod(terms, settlement);
  const from = dayNumber(previous) < dayNumber(terms.datedDate) ? terms.datedDate : previous;
  return 100 * terms.couponRate * actActIcma(from, settlement, previous, next, terms.frequency);
}

/** The fraction of the current coupon period still to run at the settlement (1 on a coupon date, 0 at the next). */
function periodLeft(terms: BondTerms, settlement: string): { w: number; remaining: number } {
  const { previous, next, remaining } = couponPeriod(terms, settlement);
  const w = (dayNumber(next) - dayNumber(settlement)) / (dayNumber(next) - dayNumber(previous));
  return { w, remaining };
}

/**
 * The price per 100 of face on a coupon date (its coupon paid) of `periods` more coupons of `coupon` and the face,
 * each discounted at `r` a period: the coupons as an annuity, (1 - v^n) / r by expm1 and log1p so that a yield near
 * zero keeps its precision (1 - v^n cancels out otherwise).
 */
function priceAtPeriods(coupon: number, r: number, periods: number): number {
  const annuity = r === 0 ? periods : -Math.expm1(-periods * Math.log1p(r)) / r;
  return coupon * annuity + 100 * Math.exp(-periods * Math.log1p(r));
}

/**
 * The full ("dirty") price per 100 of face value at a yield to maturity: every coupon still to come and the face,
 * each discounted at the yield per period from the settlement.
 */
export function dirtyPrice(
  terms: BondTerms,
  settlement: string,
  yieldToMaturity: number,
  fractional: FractionalPeriod = 'compound',
): number {
  const { w, remaining } = periodLeft(terms, settlement);
  const r = yieldToMaturity / terms.frequency;
  const c = periodCoupon(terms);
  // Value at the next coupon date: that coupon, then the later ones and the face as priced from that date.
  const atNext = c + priceAtPeriods(c, r, remaining - 1);
  const discount = fractional === 'compound' ? (1 + r) ** -w : 1 / (1 + w * r);
  return atNext * discount;
}

/** The quoted ("clean") price per 100 of face value: the dirty price less the accrued interest. */
export function cleanPrice(
  terms: BondTerms,
  settlement: string,
  yieldToMaturity: number,
  fractional: FractionalPeriod = 'compound',
): number {
  return dirtyPrice(terms, settlement, yieldToMaturity, fractional) - accruedInterest(terms, settlement);
}

/**
 * The yield to maturity at which the bond's clean price is `clean` (per 100), to 1e-12: Newton's method from the
 * coupon rate, kept inside a bracket that bisection narrows whenever a Newton step would leave it. The price falls
 * as the yield rises, so there is one answer for any positive price; a yield below -99 % a period is not a yield.
 */
export function yieldFromCleanPrice(
  terms: BondTerms,
  settlement: string,
  clean: number,
  fractional: FractionalPeriod = 'compound',
): number {
  if (!(clean > 0) || !Number.isFinite(clean)) throw new RangeError(`not a price: ${clean}`);
  const f = terms.frequency;
  const gap = (y: number) => cleanPrice(terms, settlement, y, fractional) - clean;
  let low = -0.99 * f;
  let high = 1;
  while (gap(high) > 0) high *= 2;
  let y = terms.couponRate;
  for (let i = 0; i < 200; i++) {
    const g = gap(y);
    if (Math.abs(g) < 1e-12) return y;
    if (g > 0) low = y;
    else high = y;
    const h = 1e-7;
    const slope = (gap(y + h) - gap(y - h)) / (2 * h);
    const next = y - g / slope;
    y = next > low && next < high && Number.isFinite(next) ? next : (low + high) / 2;
    if (high - low < 1e-15) return y;
  }
  return y;
}

// ------------------------------------------------------------------------------------------------ bills

/**
 * A US Treasury bill's price per 100 from its discount rate: 100 x (1 - d x days / 360) (31 CFR 356 Appendix B,
 * VI: the discount rate is on a 360-day year).
 */
export function billPrice(discountRate: number, daysToMaturity: number): number {
  return 100 * (1 - (discountRate * daysToMaturity) / 360);
}

/**
 * The days of the year that follows `issue` (366 when it holds a 29 February), the basis of a bill's investment
 * rate (31 CFR 356 Appendix B, VI).
 */
export function billYearDays(issue: string): number {
  const start = dayNumber(issue);
  const next = `${String(Number(issue.slice(0, 4)) + 1).padStart(4, '0')}${issue.slice(4)}`;
  // 29 February issues move to 28 February of the next year.
  const end = next.endsWith('-02-29') ? dayNumber(`${next.slice(0, 8)}28`) : dayNumber(next);
  return end - start;
}

/**
 * A bill's investment rate (coupon-equivalent yield) from its price, by the Treasury's formulas: for half a year
 * or less, simple interest on the price, (100 - P) / P x y / r; beyond, the rate i with which the price grows by
 * half a year's compounding and simple interest for the rest: P (1 + i/2) (1 + (r/y - 1/2) i) = 100.
 */
export function billInvestmentRate(price: number, issue: string, maturity: string): number {
  const r = dayNumber(maturity) - dayNumber(issue);
  if (!(price > 0 && price <= 100) || r <= 0) throw new RangeError('not a bill price or term');
  const y = billYearDays(issue);
  if (r <= y / 2) return ((100 - price) / price) * (y / r);
  const a = r / (2 * y) - 0.25;
  const b = r / y;
  const c = (price - 100) / price;
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

/**
 * The price per 100 of a bond future's notional bond (docs/markets.md "Interest-rate futures"): a bond of
 * `couponRate` (the contract's notional coupon, 6 % for the Bund, Bobl, Schatz and the CBOT Treasury futures) with
 * `years` to run, priced on a coupon date (nothing accrued) at the yield `y` compounded `frequency` times a year:
 * the sum of its coupons and its face discounted at y / frequency a period. At y = couponRate it is 100.
 */
export function notionalBondPrice(couponRate: number, frequency: CouponFrequency, years: number, y: number): number {
  const n = Math.round(years * frequency);
  if (!(n > 0)) throw new RangeError('a notional bond runs at least one coupon period');
  return priceAtPeriods((100 * couponRate) / frequency, y / frequency, n);
}
