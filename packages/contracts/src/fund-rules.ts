/**
 * The interest of a fund order, as the server accrues it and the confirm sheet shows it (docs/fixed-income.md
 * "Funds"): simple interest on the principal, ACT/365 (a day earns principal × annual rate / 365), the interest of
 * the days so far summed exactly and rounded down to the cent; each day's posting is the growth of that rounded
 * figure, so no day's rounding is lost and the total is never more than the exact interest (less by under a cent).
 * A Current fund's rate of a day is the market's 3-month yield less the published management fee, never below 0.
 */
import type DecimalJs from 'decimal.js';
import { creditCents, Decimal } from './money.js';

/** Days in the interest formula's year (ACT/365). */
export const FUND_YEAR_DAYS = 365;

/** The interest of `days` days of `principal` at an annual rate (a fraction), before rounding. */
export const fundInterestExact = (principal: DecimalJs.Value, annualRate: DecimalJs.Value, days: number): Decimal =>
  new Decimal(principal).times(annualRate).times(days).dividedBy(FUND_YEAR_DAYS);

/** What a Regular order pays in interest at maturity (or any order after `days` days at one rate), to the cent. */
export const fundInterest = (principal: DecimalJs.Value, annualRate: DecimalJs.Value, days: number): Decimal =>
  creditCents(fundInterestExact(principal, annualRate, days));

/**
 * A Current fund's annual rate (a fraction, to 6 places: 0.0001 %) from the market's yield and the management fee,
 * both fractions; never negative (a customer is never charged for holding it).
 */
export const currentFundRate = (marketYield: number | DecimalJs.Value, managementFee: DecimalJs.Value): Decimal =>
  Decimal.max(0, new Decimal(marketYield).minus(managementFee)).toDecimalPlaces(6, Decimal.ROUND_DOWN);
