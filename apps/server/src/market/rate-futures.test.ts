/**
 * Interest-rate futures follow their notional bonds on the yield curves (docs/markets.md "Interest-rate futures"):
 * each day's close is the 6 % notional bond's price at the curve's yield at the close, to the tick; a higher yield is
 * a lower price; the futures agree with the curves the treasury bonds are quoted from (the same seed, the same
 * curves); and the day's path between the closes is the simulator's ordinary one (the quote is never far from it).
 */
import { describe, expect, it } from 'vitest';
import { createYieldCurves } from './curves.js';
import { futures } from './instruments/index.js';
import { notionalPriceAt } from './rate-futures.js';
import { calendarOf } from './sessions.js';
import { createSimulator } from './simulator.js';

const SEED = 'kade-2026';
const rates = futures.filter((f) => f.category === 'rates');
const sim = createSimulator({ seed: SEED, instruments: rates });
const curves = createYieldCurves(SEED);

/** The regular close of each trading day from `from` for `days` days. */
function closes(code: string, from: string, days: number): Date[] {
  const def = rates.find((f) => f.code === code);
  if (!def) throw new Error(code);
  const calendar = calendarOf(def);
  const out: Date[] = [];
  for (let d = 0; d < days; d++) {
    const day = Date.parse(`${from}T00:00:00Z`) / 86_400_000 + d;
    const sessions = calendar.daySessions(day).filter((s) => s.phase === 'regular');
    const last = sessions.at(-1);
    if (last) out.push(new Date(last.end));
  }
  return out;
}

describe('interest-rate futures', () => {
  it('close each day at the notional bond price on the curve, to the tick', () => {
    for (const def of rates) {
      const bond = def.notionalBond;
      if (!bond) throw new Error(`${def.code} without a notional bond`);
      const tick = 10 ** -def.priceDecimals;
      const days = closes(def.code, '2026-09-01', 90);
      expect(days.length, def.code).toBeGreaterThan(55);
      for (const close of days) {
        // Half an hour after the close the last trade is the close.
        const after = new Date(close.getTime() + 30 * 60_000);
        const price = Number(sim.price({ code: def.code, source: 3 }, after));
        expect(
          Math.abs(price - notionalPriceAt(curves, bond, close)),
          `${def.code} ${close.toISOString()}`,
        ).toBeLessThanOrEqual(tick / 2 + 1e-9);
      }
    }
  });

  it('move against the yield: the higher the 10-year Bund yield, the lower the Bund future', () => {
    const bund = rates.find((f) => f.code === 'FGBL');
    if (!bund?.notionalBond) throw new Error('no FGBL');
    const days = closes('FGBL', '2026-06-01', 120);
    const pairs = days.map((d) => ({
      y: curves.yieldAt('DE', 10, d),
      p: Number(sim.price({ code: 'FGBL', source: 3 }, new Date(d.getTime() + 60_000 * 30))),
    }));
    const sorted = [...pairs].sort((a, b) => a.y - b.y);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.p).toBeLessThanOrEqual(sorted[i - 1]!.p + 0.01);
    // Over a plausible range: the 10-year Bund between 1.5 and 4.5 % (the price at each close is the first test's).
    for (const { y } of pairs) {
      expect(y).toBeGreaterThan(0.015);
      expect(y).toBeLessThan(0.045);
    }
  });

  it('trade through the session near their curve price, with a bid under the ask', () => {
    const at = new Date('2026-11-25T14:00:00Z');
    for (const def of rates) {
      const q = sim.quote({ code: def.code, source: 3 }, at);
      const fair = notionalPriceAt(curves, def.notionalBond!, at);
      expect(Math.abs(Number(q.last) / fair - 1), def.code).toBeLessThan(0.01);
      expect(Number(q.bid)).toBeLessThan(Number(q.ask));
    }
  });
});
