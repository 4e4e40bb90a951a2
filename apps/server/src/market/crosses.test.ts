/**
 * Forex crosses agree with their US dollar legs (issue 12 "Fees and fills follow the terms the customer saw"):
 * EUR/GBP is EUR/USD ÷ GBP/USD within the spread at every tick, so a position's notional and margin converted
 * through the legs are the cross's own and never exceed the ESMA cap through an inconsistent rate.
 */
import { Decimal } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { forexPairs } from './instruments/index.js';
import { createSimulator } from './simulator.js';

const sim = createSimulator({ seed: 'kade-2026', instruments: forexPairs });
const q = (code: string, at: Date) => sim.quote({ source: 2, code }, at);

/** Bid and ask of USD per unit of `ccy`, from its dollar pair (inverted for USD/xxx: bid 1/ask, ask 1/bid). */
function usdPer(ccy: string, at: Date): { bid: Decimal; ask: Decimal } {
  const direct = forexPairs.find((p) => p.code === `${ccy}USD`);
  if (direct) {
    const x = q(direct.code, at);
    return { bid: new Decimal(x.bid), ask: new Decimal(x.ask) };
  }
  const x = q(`USD${ccy}`, at);
  return { bid: new Decimal(1).div(x.ask), ask: new Decimal(1).div(x.bid) };
}

const crosses = forexPairs.filter((p) => !p.code.includes('USD')).map((p) => p.code);
// Every 7 h 13 min over four weeks: all hours of the FX week, and weekends (the last trade rests).
const instants = Array.from(
  { length: 90 },
  (_, i) => new Date(Date.UTC(2026, 10, 2) + i * (7 * 3600 + 13 * 60) * 1000),
);

describe('forex crosses are priced from their US dollar legs', () => {
  it('covers the ten crosses of the catalogue', () => {
    expect(crosses).toEqual([
      'EURGBP',
      'EURJPY',
      'GBPJPY',
      'EURCHF',
      'AUDJPY',
      'EURAUD',
      'EURCAD',
      'CHFJPY',
      'GBPCHF',
      'AUDNZD',
    ]);
  });

  it.each(crosses)('%s: the mid equals the legs’ ratio within the spread at every tick', (code) => {
    const decimals = forexPairs.find((p) => p.code === code)?.priceDecimals ?? 5;
    const tick = new Decimal(10).pow(-decimals);
    for (const at of instants) {
      const cross = q(code, at);
      const bid = new Decimal(cross.bid);
      const ask = new Decimal(cross.ask);
      const mid = bid.plus(ask).div(2);
      const base = usdPer(code.slice(0, 3), at);
      const quote = usdPer(code.slice(3), at);
      // What the legs let one buy and sell the cross at: EUR/GBP bid = EUR/USD bid ÷ GBP/USD ask, and so on.
      const synthBid = base.bid.div(quote.ask);
      const synthAsk = base.ask.div(quote.bid);
      const synthMid = synthBid.plus(synthAsk).div(2);
      // The cross's last trade lies within the legs' bid/ask ratio (each leg's last is within its own bid/ask), its
      // mid within half its spread of that trade, and each price is rounded to a tick.
      const allowed = ask.minus(bid).div(2).plus(synthAsk.minus(synthBid).div(2)).plus(tick.times(2));
      expect(mid.minus(synthMid).abs().lte(allowed), `${code} at ${at.toISOString()}: ${mid} vs ${synthMid}`).toBe(
        true,
      );
      expect(mid.minus(synthMid).abs().div(synthMid).toNumber()).toBeLessThan(0.0005);
    }
  });

  it('a EUR/GBP notional converted into EUR through the legs is the base amount (margin stays within the cap)', () => {
    for (const at of instants) {
      const cross = q('EURGBP', at);
      const eurUsd = q('EURUSD', at);
      const gbpUsd = q('GBPUSD', at);
      const mid = (x: { bid: string; ask: string }) => new Decimal(x.bid).plus(x.ask).div(2);
      // 10,000 EUR of EUR/GBP is 10,000 × EURGBP GBP, × GBPUSD / EURUSD in EUR (the trading rate, through USD).
      const eur = new Decimal(10_000).times(mid(cross)).times(mid(gbpUsd)).div(mid(eurUsd));
      // At 20:1 (a minor) the margin is 500 EUR: within a few cents, whatever the day.
      expect(eur.div(20).minus(500).abs().toNumber()).toBeLessThan(0.5);
    }
  });

  it('is the same for the same seed (deterministic)', () => {
    const again = createSimulator({ seed: 'kade-2026', instruments: forexPairs });
    for (const at of instants.slice(0, 20)) {
      for (const code of crosses) expect(again.quote({ source: 2, code }, at)).toEqual(q(code, at));
    }
    const candles = sim.candles({ source: 2, code: 'EURGBP' }, '1D', instants[10] as Date);
    expect(again.candles({ source: 2, code: 'EURGBP' }, '1D', instants[10] as Date)).toEqual(candles);
    // Every bar's close within its high and low.
    for (const c of candles) {
      expect(Number(c.close)).toBeLessThanOrEqual(Number(c.high));
      expect(Number(c.close)).toBeGreaterThanOrEqual(Number(c.low));
    }
  });
});
