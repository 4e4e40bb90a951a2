/**
 * A bond's quote at an instant (docs/fixed-income.md "Quotes"): its issuer's curve (market/curves.ts) gives the mid
 * yield at the bond's time to maturity; the dealer's bid and ask are the mid yield plus and minus a published half
 * spread; prices follow by bondMath for the trade's settlement date. Coupon bonds: clean prices by the market's
 * convention (ACT/ACT ICMA, compounding over the broken period), accrued interest to the settlement, the dirty price
 * their sum. Bills: the curve's yield turned into a discount rate (ACT/360), the price from it, no accrued interest,
 * the yield shown the Treasury's investment rate. Prices per 100 of face, to 6 decimals as the Treasury publishes.
 */
import { bondMath, Decimal } from '@beurs/contracts';
import type { YieldCurves } from '../../market/curves.js';
import { type BondDef, settlementOf, termsOf, tradable } from './universe.js';

/** Half the dealer's spread, in yield: 2 bp on notes and bonds, 1 bp of discount on bills. */
export const HALF_SPREAD = { coupon: 0.0002, bill: 0.0001 } as const;

export interface BondQuote {
  settlement: string;
  tradable: boolean;
  /** Yields as fractions (mid, and the yields of the bid and ask prices). */
  yield: number;
  bidYield: number;
  askYield: number;
  /** Per 100 of face, 6 decimals. */
  cleanPrice: Decimal;
  bid: Decimal;
  ask: Decimal;
  accrued: Decimal;
  /** The next coupon date after the settlement (the maturity for a bill). */
  nextCouponDate: string;
}

const per100 = (x: number) => new Decimal(x).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
const DAY = 86_400_000;

/** The quote of a bond that can still be traded; one that cannot is valued at par with its last coupon to come. */
export function quoteBond(def: BondDef, curves: YieldCurves, at: Date): BondQuote {
  const canTrade = tradable(def, at);
  const settlement = canTrade ? settlementOf(def, at) : def.maturity;
  if (!canTrade) {
    const last = def.frequency === 0 ? new Decimal(0) : per100((100 * Number(def.couponRate)) / def.frequency);
    return {
      settlement,
      tradable: false,
      yield: 0,
      bidYield: 0,
      askYield: 0,
      cleanPrice: new Decimal(100),
      bid: new Decimal(100),
      ask: new Decimal(100),
      accrued: last,
      nextCouponDate: def.maturity,
    };
  }
  const days = bondMath.dayNumber(def.maturity) - bondMath.dayNumber(settlement);
  const mid = curves.yieldAt(def.issuer, days / 365.25, at);
  if (def.frequency === 0) {
    // The money-market price of the curve's yield, as a discount rate; the bid is the higher discount.
    const price = 100 / (1 + (mid * days) / 365);
    const discount = ((100 - price) / 100) * (360 / days);
    const priceAt = (d: number) => per100(bondMath.billPrice(d, days));
    const yieldOf = (p: Decimal) => bondMath.billInvestmentRate(p.toNumber(), settlement, def.maturity);
    const [cleanPrice, bid, ask] = [
      priceAt(discount),
      priceAt(discount + HALF_SPREAD.bill),
      priceAt(discount - HALF_SPREAD.bill),
    ] as [Decimal, Decimal, Decimal];
    return {
      settlement,
      tradable: true,
      yield: yieldOf(cleanPrice),
      bidYield: yieldOf(bid),
      askYield: yieldOf(ask),
      cleanPrice,
      bid,
      ask,
      accrued: new Decimal(0),
      nextCouponDate: def.maturity,
    };
  }
  const terms = termsOf(def);
  const clean = (y: number) => per100(bondMath.cleanPrice(terms, settlement, y));
  return {
    settlement,
    tradable: true,
    yield: mid,
    bidYield: mid + HALF_SPREAD.coupon,
    askYield: mid - HALF_SPREAD.coupon,
    cleanPrice: clean(mid),
    bid: clean(mid + HALF_SPREAD.coupon),
    ask: clean(mid - HALF_SPREAD.coupon),
    accrued: per100(bondMath.accruedInterest(terms, settlement)),
    nextCouponDate: bondMath.couponPeriod(terms, settlement).next,
  };
}

/** Milliseconds of 00:00 UTC of an ISO date (the timestamps the app shows dates by). */
export const dateMs = (iso: string) => bondMath.dayNumber(iso) * DAY;

/** The coupon of `quantity` bonds for one regular period, in the bond's currency, to the cent (rounded down). */
export function couponAmount(def: Pick<BondDef, 'couponRate' | 'frequency' | 'faceValue'>, quantity: number): Decimal {
  if (def.frequency === 0) return new Decimal(0);
  return new Decimal(def.faceValue)
    .times(quantity)
    .times(def.couponRate)
    .dividedBy(def.frequency)
    .toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/** Coupon dates of a bond paid to a holder whose purchase settled on `from`, up to and including `to`. */
export function couponDatesBetween(def: BondDef, from: string, to: string): string[] {
  if (def.frequency === 0) return [];
  return bondMath.couponSchedule(termsOf(def)).filter((d) => d > from && d <= to);
}
