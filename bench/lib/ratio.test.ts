import { describe, expect, it } from 'vitest';
import type { RoundRecord } from './quiet.js';
import { goalLines, medianWindow, type OpenLoopRun, type RatioRun } from './ratio.js';

const windowOf = (p99: number, quiet = true) => ({
  run: { latencyMs: { mean: 1, p50: 1, p90: 1, p99, max: p99 } } as RatioRun,
  record: { quiet } as RoundRecord,
});

describe('goal lines of the printed summary (issue 14)', () => {
  const open = (p99: number, quiet = true) => {
    const w = windowOf(p99, quiet);
    return { rate: 500, maxPerSecond: 1000, ...w, windows: [w] } as OpenLoopRun;
  };
  const lines = (o: Partial<Parameters<typeof goalLines>[0]>) =>
    goalLines({
      name: 'orders',
      what: 'orders',
      clients: 64,
      goalRatio: 1,
      app: { perSecond: 1100, p99: 60 },
      ref: { perSecond: 1000, p99: 70 },
      none: false,
      open: open(20),
      ...o,
    });

  it('one pass/fail line each for the rate, the p99 against TPC-B and the open loop', () => {
    const [rate, p99, loop] = lines({});
    expect(rate).toMatch(/1\.10x .*: PASS$/);
    expect(p99).toMatch(/60 ms against 70 ms: PASS$/);
    expect(loop).toMatch(/20 ms at 500\/s .*: PASS$/);
  });

  it('misses each goal on its own', () => {
    const [rate, p99, loop] = lines({ app: { perSecond: 900, p99: 80 }, open: open(50) });
    expect(rate).toMatch(/: MISSED$/);
    expect(p99).toMatch(/: MISSED$/);
    expect(loop).toMatch(/: MISSED$/);
  });

  it('no quiet round: no verdict on the closed-loop goals; a busy open loop has none either', () => {
    const [rate, p99, loop] = lines({ none: true, open: open(20, false) });
    expect(rate).toMatch(/no quiet round: no verdict.*: NO VERDICT$/);
    expect(p99).toMatch(/: NO VERDICT$/);
    expect(loop).toMatch(/BUSY machine: NO VERDICT$/);
    expect(lines({ open: undefined })[2]).toMatch(/not measured$/);
  });

  it('says why there is no verdict when TPC-B was throttled in every quiet round', () => {
    const [rate, p99] = lines({ none: true, why: 'TPC-B throttled in every quiet round: no verdict' });
    expect(rate).toMatch(/TPC-B throttled in every quiet round: no verdict.*: NO VERDICT$/);
    expect(p99).toMatch(/: NO VERDICT$/);
  });
});

describe("the open loop's verdict window (issue 14)", () => {
  const p99 = (ws: ReturnType<typeof windowOf>[]) => medianWindow(ws).run.latencyMs.p99;

  it('takes the median p99 of the quiet windows, so one stall in one window does not decide', () => {
    expect(p99([windowOf(68), windowOf(30), windowOf(41)])).toBe(41);
    expect(p99([windowOf(20), windowOf(90), windowOf(95)])).toBe(90);
  });

  it('leaves busy windows out while a quiet one is there, and takes the higher of two', () => {
    expect(p99([windowOf(10, false), windowOf(40), windowOf(45)])).toBe(45);
    expect(p99([windowOf(10, false), windowOf(12, false), windowOf(70)])).toBe(70);
  });

  it('with no quiet window, the median of all (the goal line then says BUSY: no verdict)', () => {
    const w = medianWindow([windowOf(30, false), windowOf(10, false), windowOf(20, false)]);
    expect(w.run.latencyMs.p99).toBe(20);
    expect(w.record.quiet).toBe(false);
  });
});
