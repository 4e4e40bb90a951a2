/**
 * Interest-rate futures priced from the simulator's yield curves (docs/markets.md "Interest-rate futures"). A bond
 * future's price follows its notional bond: a bond of the contract's notional coupon (6 %) and term, priced on the
 * curve of its issuer at that term (bondMath.notionalBondPrice). Each trading day's close is that price at the
 * instant of the future's regular close, so the futures move with the curves (a few basis points of yield a day) and
 * agree with the treasury bonds' quotes; the day opens near the previous close and runs to the close by the
 * simulator's ordinary intraday path (model.ts), whose noise is the future's own (its volatility).
 */
import { bondMath } from '@beurs/contracts';
import type { YieldCurves } from './curves.js';
import { InstrumentModel } from './model.js';
import type { Calendar } from './sessions.js';
import type { NotionalBond, SimInstrument } from './types.js';

/** The notional bond's price per 100 at an instant: the issuer's curve at the bond's term. */
export function notionalPriceAt(curves: YieldCurves, bond: NotionalBond, at: Date): number {
  return bondMath.notionalBondPrice(
    bond.coupon,
    bond.frequency,
    bond.years,
    curves.yieldAt(bond.issuer, bond.years, at),
  );
}

export class RateFutureModel extends InstrumentModel {
  private readonly closes = new Map<number, number>();

  constructor(
    instrument: SimInstrument,
    calendar: Calendar,
    seedHash: number,
    instrumentHash: number,
    private readonly curves: YieldCurves,
    private readonly bond: NotionalBond,
  ) {
    super(instrument, calendar, seedHash, instrumentHash);
  }

  /** The instant trading day `index` closes (the end of its last regular session). */
  private closeInstant(index: number): Date {
    const sessions = this.calendar.daySessions(this.calendar.dayOfIndex(index)).filter((s) => s.phase === 'regular');
    const last = sessions[sessions.length - 1];
    if (!last) throw new Error(`${this.instrument.code}: a trading day without a regular session`);
    return new Date(last.end);
  }

  /** The log of the notional bond's price at the day's close. */
  override closeLog(index: number): number {
    let log = this.closes.get(index);
    if (log === undefined) {
      log = Math.log(notionalPriceAt(this.curves, this.bond, this.closeInstant(index)));
      this.closes.set(index, log);
    }
    return log;
  }
}
