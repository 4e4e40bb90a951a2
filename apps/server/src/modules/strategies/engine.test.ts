/**
 * The engine on the real simulator (seed kade-2026, the catalogue's instruments): a book replayed from the fixed
 * start is the same in two runs, and a run stopped half way, written to JSON and read back (a restart), continues
 * to the same trades and NAV; every rule trades; figures come from the book; the cash never goes negative and the
 * NAV is the book's value over its units.
 */
import { Decimal, wireAmount } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../market/index.js';
import { allInstruments } from '../../market/instruments/index.js';
import { DEMO_STRATEGIES } from './catalogue.js';
import { type Book, type NavPoint, newBook, performanceOf, REPLAY_START, STEP_MS } from './engine.js';
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

  it("keeps every trade's cash after to the cent: the capital less buys (price x quantity + fee) plus sales (less fee)", () => {
    const source = fresh();
    for (const s of DEMO_STRATEGIES) {
      const run = advance(s.params, newBook(s.params), UNTIL, source);
      // Cash is kept exact in the book; a trade shows it rounded down to the cent (wireAmount).
      let cash = new Decimal(s.params.capital);
      for (const t of run.trades) {
        const notional = new Decimal(t.quantity).times(t.price);
        cash = t.side === 'buy' ? cash.minus(notional).minus(t.fee) : cash.plus(notional).minus(t.fee);
        expect(t.cashAfter, `${s.code} #${t.seq}`).toBe(wireAmount(cash));
        // The fee is the published rate of the notional, to the cent (half up).
        expect(t.fee).toBe(notional.times(s.params.feeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      }
      expect(new Decimal(run.book.cash).eq(cash)).toBe(true);
    }
  });

  it('takes the maximum drawdown as the largest fall from a running peak, on the demo books', () => {
    const source = fresh();
    // The demo seed's books over 1 Sep - 2 Nov: KM-TREND fell furthest from its high.
    const drawdowns: Record<string, string> = {};
    for (const s of DEMO_STRATEGIES) {
      const run = advance(s.params, newBook(s.params), UNTIL, source);
      // The same figure computed another way: for each point, the highest NAV at or before it.
      let worst = 0;
      let high = Number.NEGATIVE_INFINITY;
      for (const p of run.navs) {
        high = Math.max(high, Number(p.nav));
        worst = Math.max(worst, (high - Number(p.nav)) / high);
      }
      const perf = performanceOf(run.navs, run.trades, run.trades.length);
      expect(Number(perf.maxDrawdown)).toBeCloseTo(worst * 100, 2);
      drawdowns[s.code] = perf.maxDrawdown;
    }
    expect(Number(drawdowns['KM-TREND'])).toBeGreaterThan(Number(drawdowns['KM-GRID']));
  });
});

describe('performanceOf on a table of NAV points', () => {
  const DAY = 86_400_000;
  const points = (...navs: string[]): NavPoint[] =>
    navs.map((nav, i) => ({ at: REPLAY_START + i * 10 * DAY, nav, value: nav }));

  it.each([
    //  NAVs (every 10 days)             drawdown  why
    [['1', '1.2', '0.9', '1.1', '0.6', '0.8'], '50.00'], // peak 1.2 to trough 0.6
    [['1', '0.9', '2', '1.5'], '25.00'], // a later, higher peak: 2 -> 1.5, not 1 -> 0.9 (10 %)
    [['1', '0.5', '3', '2.7'], '50.00'], // the first fall stays the worst after a new peak (3 -> 2.7 is 10 %)
    [['1', '1.1', '1.2'], '0.00'], // only rising
    [['1', '0.99999999'], '0.00'], // 0.000001 % rounds to 0.00
    [['1', '0.875'], '12.50'],
  ] as const)('NAVs %j fall at most %s percent', (navs, drawdown) => {
    expect(performanceOf(points(...navs), [], 0).maxDrawdown).toBe(drawdown);
  });

  it('gives the total and 30-day returns, the win rate and the trades', () => {
    // Points every 10 days: 60 days, the last 30 days start at day 30 (NAV 1.25).
    const navs = points('1', '1.1', '1.2', '1.25', '1.0', '0.9', '1.125');
    const sales = [{ profit: '10.00' }, { profit: '-3.00' }, { profit: '0.00' }, { profit: null }];
    expect(performanceOf(navs, sales, 7)).toEqual({
      totalReturn: '12.50',
      return30d: '-10.00',
      maxDrawdown: '28.00', // 1.25 -> 0.9
      winRate: '33.33', // one of three sales made a profit; a zero profit is no win
      trades: 7,
      nav: '1.125',
    });
    expect(performanceOf([], [], 0)).toMatchObject({ totalReturn: '0.00', maxDrawdown: '0.00', winRate: null });
  });
});
