/**
 * The loan maths (docs/loans.md), one place for the server's charges and the screen's figures: the limit of the
 * holdings (value × published LTV per class, down to the cent), a day's interest on the principal (annual rate / day
 * basis, half up to the cent), the days of interest a loan owes up to a date, the collateral alert's test, and how a
 * repayment is applied (interest first).
 */
import type DecimalJs from 'decimal.js';
import { type CollateralClass, LOAN_TERMS } from './endpoints/loan.js';
import { creditCents, Decimal, feeCents } from './money.js';

const DAY_MS = 86_400_000;

/** What a class of holdings worth `value` lends: value × its LTV, down to the cent. */
export const collateralLimit = (collateral: CollateralClass, value: DecimalJs.Value): Decimal =>
  creditCents(Decimal.max(new Decimal(value), 0).times(LOAN_TERMS.ltv[collateral]));

/** One day's interest on `principal` at `annualRate` (the loan's, fixed at approval): half up to the cent. */
export const dailyInterest = (principal: DecimalJs.Value, annualRate: DecimalJs.Value = LOAN_TERMS.annualRate) =>
  feeCents(new Decimal(principal).times(annualRate).dividedBy(LOAN_TERMS.dayBasis));

/** The UTC date (YYYY-MM-DD) of an instant. */
export const utcDate = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** The UTC dates after `after` up to and including `through` (both YYYY-MM-DD). */
export function datesBetween(after: string, through: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${after}T00:00:00Z`) + DAY_MS; t <= Date.parse(`${through}T00:00:00Z`); t += DAY_MS) {
    out.push(utcDate(t));
  }
  return out;
}

/** The UTC date before `date`. */
export const dayBefore = (date: string): string => utcDate(Date.parse(`${date}T00:00:00Z`) - DAY_MS);

/**
 * Interest not yet charged: a day's interest for every UTC day after `accruedThrough` that has ended before `now`,
 * on `principal` (which cannot have changed meanwhile: a repayment first charges the days before it).
 */
export function interestOwedSince(
  principal: DecimalJs.Value,
  annualRate: DecimalJs.Value,
  accruedThrough: string,
  now: Date,
): { days: string[]; perDay: Decimal; total: Decimal } {
  const days = datesBetween(accruedThrough, dayBefore(utcDate(now)));
  const perDay = dailyInterest(principal, annualRate);
  return { days, perDay, total: perDay.times(days.length) };
}

/** The collateral alert: the holdings' limit below alertCover × what is owed (nothing owed: never). */
export const collateralShort = (limit: DecimalJs.Value, outstanding: DecimalJs.Value): boolean =>
  new Decimal(outstanding).gt(0) && new Decimal(limit).lt(new Decimal(outstanding).times(LOAN_TERMS.alertCover));

/** A repayment of `amount` split: interest first, then principal. */
export function splitRepayment(amount: DecimalJs.Value, interest: DecimalJs.Value) {
  const paid = new Decimal(amount);
  const toInterest = Decimal.min(paid, interest);
  return { interest: toInterest, principal: paid.minus(toInterest) };
}
