/**
 * The engine on the real simulator (seed kade-2026, the catalogue's instruments): a book replayed from the fixed
 * start is the same in two runs, and a run stopped half way, written to JSON and read back (a restart), continues
 * to the same trades and NAV; every rule trades; figures come from the book; the cash never goes negative and the
 * NAV is the book's value over its units.
 */
import { Decimal } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../market/index.js';
import { allInstruments } from '../../market/instruments/index.js';
import { DEMO_STRATEGIES } from './catalogue.js';
import { type Book, newBook, performanceOf, REPLAY_START, STEP_MS } from './engine.js';
import { advance, simulatorSource } from './runner.js';

const UNTIL = Date.parse('2026-11-02T10:00:00Z');
const fresh = () => simulatorSource(createSimulator({ seed: 'kade-2026', instruments: allInstruments }));

describe('the strategy engine', () => {
  it('replays each strategy to the same trades twice, and across a restart', () => {
    const a = fresh();
    const b = fresh();
    for (const s of DEMO_STRATEGIES) {
      const one = advance(s.params, newBook(s.params), UNTIL, a);
      const two = advance(s.params, newBook(s.params), UNTIL, b);
      expect(two).toEqual(one);
      // A restart at an odd tick: the book as stored (JSON), then on from there with another simulator.
      const half = advance(s.params, newBook(s.params), REPLAY_START + 700 * STEP_MS + 123, a);
      const stored = JSON.parse(JSON.stringify(half.book)) as Book;
      const rest = advance(s.params, stored, UNTIL, fresh());
      expect([...half.trades, ...rest.trades]).toEqual(one.trades);
      expect([...half.navs, ...rest.navs]).toEqual(one.navs);
      expect(rest.book).toEqual(one.book);

      expect(one.trades.length).toBeGreaterThan(3);
      expect(one.navs[0]?.at).toBe(REPLAY_START);
      expect(one.navs.at(-1)?.at).toBe(Date.parse('2026-11-02T10:00:00Z'));
      for (const t of one.trades) expect(new Decimal(t.cashAfter).gte(0)).toBe(true);
      const last = one.navs.at(-1);
      expect(new Decimal(last?.value ?? 0).div(one.book.units).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8)).toBe(
        new Decimal(last?.nav ?? 0).toFixed(8),
      );
      const perf = performanceOf(one.navs, one.trades, one.trades.length);
      expect(Number(perf.maxDrawdown)).toBeGreaterThanOrEqual(0);
    }
    // Sixteen replays of two months, hourly, on the simulator: about 10 s alone, several times that on a busy machine.
  }, 120_000);
});
