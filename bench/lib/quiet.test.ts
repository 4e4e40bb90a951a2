import { describe, expect, it } from 'vitest';
import {
  isQuiet,
  NEAR_BEST,
  orderOfRounds,
  runQuietness,
  spread,
  stealPercent,
  throttledRounds,
  throttledText,
  verdictRounds,
} from './quiet.js';

describe('quiet rounds (issue 14)', () => {
  it('a round is quiet only when outside CPU stayed at or under the threshold before and during it', () => {
    expect(isQuiet({ startOutsidePercent: 3, outsidePercent: 8 }, 10)).toBe(true);
    expect(isQuiet({ startOutsidePercent: 10, outsidePercent: 10 }, 10)).toBe(true);
    expect(isQuiet({ startOutsidePercent: 40, outsidePercent: 2 }, 10)).toBe(false);
    expect(isQuiet({ startOutsidePercent: 2, outsidePercent: 11 }, 10)).toBe(false);
    expect(isQuiet({ startOutsidePercent: Number.NaN, outsidePercent: 0 }, 10)).toBe(false);
  });

  it('a round in which the hypervisor stole more than its threshold is not quiet, whatever ran here', () => {
    expect(isQuiet({ startOutsidePercent: 0, outsidePercent: 0, stealPercent: 9 }, 10, 10)).toBe(true);
    expect(isQuiet({ startOutsidePercent: 0, outsidePercent: 0, stealPercent: 17 }, 10, 10)).toBe(false);
    // Where steal was not measured, outside CPU alone decides.
    expect(isQuiet({ startOutsidePercent: 0, outsidePercent: 0 }, 10, 10)).toBe(true);
  });

  it("steal is the growth of /proc/stat's steal ticks over the wall time, in percent of one core", () => {
    const snap = (at: number, steal: number) => ({ at, steal, procs: new Map() });
    // 170 ticks (1.7 s) over 10 s of wall time: 17 % of a core.
    expect(stealPercent(snap(0, 1000), snap(10_000, 1170))).toBeCloseTo(17, 6);
    expect(stealPercent(snap(0, 5), snap(2_000, 5))).toBe(0);
  });

  const run = (round: number, target: string, perSecond: number) => ({ round, target, perSecond });

  it('the verdict uses the quiet rounds whose TPC-B ran within 10 % of the best quiet TPC-B', () => {
    const rounds = [
      { round: 1, quiet: true },
      { round: 2, quiet: false },
      { round: 3, quiet: true },
      { round: 4, quiet: true },
    ];
    const runs = [
      run(1, 'app', 1700),
      run(1, 'pgbench', 3200),
      // A busy round with a high reference does not set the best.
      run(2, 'pgbench', 5000),
      run(3, 'pgbench', 2800),
      run(4, 'pgbench', 3000),
    ];
    expect(verdictRounds(rounds, runs)).toEqual([1, 4]);
  });

  it('no quiet round: no rounds for the verdict', () => {
    const rounds = [
      { round: 1, quiet: false },
      { round: 2, quiet: false },
    ];
    expect(verdictRounds(rounds, [run(1, 'pgbench', 3000), run(2, 'pgbench', 3100)])).toEqual([]);
    expect(runQuietness(rounds, 3)).toBe('busy');
  });

  it('leaves out a quiet round in which TPC-B at 64 clients ran below 75 % of its rate at 16 clients', () => {
    const rounds = [
      { round: 1, quiet: true },
      { round: 2, quiet: true },
      { round: 3, quiet: true },
    ];
    const runs = [
      // Round 1: TPC-B throttled (0.58x its 16-client rate, as on 5 Dec 2026); its high rate does not set the best.
      run(1, 'pgbench', 3300),
      run(1, 'pgbench-few', 5700),
      run(2, 'pgbench', 2800),
      run(2, 'pgbench-few', 3100),
      // Round 3: 0.75x exactly is not throttled.
      run(3, 'pgbench', 2700),
      run(3, 'pgbench-few', 3600),
    ];
    expect(throttledRounds(rounds, runs)).toEqual([{ round: 1, rate: 3300, scaling: 3300 / 5700, why: ['scaling'] }]);
    expect(verdictRounds(rounds, runs)).toEqual([2, 3]);
    // Throttled in every quiet round: no round for the verdict. A round without its 16-client run is not judged so.
    const throttled = [run(1, 'pgbench', 2500), run(1, 'pgbench-few', 4300), run(2, 'pgbench', 2500)];
    expect(verdictRounds(rounds.slice(0, 1), throttled)).toEqual([]);
    expect(verdictRounds(rounds.slice(0, 2), throttled)).toEqual([2]);
  });

  it("leaves out a quiet round whose TPC-B at 64 clients ran below 80 % of a quiet day's rate, however it scaled", () => {
    const rounds = [
      { round: 1, quiet: true },
      { round: 2, quiet: true },
    ];
    // Round 1 as the machine check of 5 Dec 2026 at 14:20 (0.77x, so not throttled by scaling); round 2 at 2,160 tps
    // exactly (80 % of 2,700) is kept.
    const runs = [
      run(1, 'pgbench', 1267),
      run(1, 'pgbench-few', 1647),
      run(2, 'pgbench', 2160),
      run(2, 'pgbench-few', 2700),
    ];
    expect(throttledRounds(rounds, runs, 'pgbench', 'pgbench-few', 2700)).toEqual([
      { round: 1, rate: 1267, scaling: 1267 / 1647, why: ['slow'] },
    ]);
    expect(verdictRounds(rounds, runs, 'pgbench', NEAR_BEST, 2700)).toEqual([2]);
    // Both reasons at once, and without a 16-client run only the floor can judge.
    expect(
      throttledRounds(
        rounds,
        [run(1, 'pgbench', 1000), run(1, 'pgbench-few', 3000), run(2, 'pgbench', 900)],
        'pgbench',
        'pgbench-few',
        2700,
      ),
    ).toEqual([
      { round: 1, rate: 1000, scaling: 1000 / 3000, why: ['scaling', 'slow'] },
      { round: 2, rate: 900, why: ['slow'] },
    ]);
    // Another kind of machine sets its own quiet-day rate (BENCH_QUIET_DAY_TPS): at 1,500 tps neither round is slow.
    expect(throttledRounds(rounds, runs, 'pgbench', 'pgbench-few', 1500)).toEqual([]);
    expect(throttledText({ round: 1, rate: 1267, scaling: 1267 / 1647, why: ['slow'] }, 2700)).toBe(
      "1267 tps, 0.77x its 16-client rate: below 2160 tps, 80 % of a quiet day's",
    );
  });

  it('without a reference every quiet round counts', () => {
    expect(
      verdictRounds(
        [
          { round: 1, quiet: true },
          { round: 2, quiet: true },
        ],
        [run(1, 'app', 10)],
      ),
    ).toEqual([1, 2]);
  });

  it('a run is quiet when enough rounds were', () => {
    expect(runQuietness([{ quiet: true }, { quiet: false }, { quiet: true }, { quiet: true }], 3)).toBe('quiet');
    expect(runQuietness([{ quiet: true }, { quiet: false }], 3)).toBe('partly');
  });

  it('spread gives min, median and max', () => {
    expect(spread([3, 1, 2])).toEqual({ min: 1, median: 2, max: 3 });
    expect(spread([4, 1, 2, 3]).median).toBe(2.5);
    expect(Number.isNaN(spread([]).median)).toBe(true);
  });

  it("tells which of the verdict's rounds ran the app before TPC-B and which after", () => {
    const rounds = [
      { round: 1, order: ['app', 'pgbench', 'pgbench-few'] },
      { round: 2, order: ['pgbench-few', 'pgbench', 'app'] },
      { round: 3, order: ['app', 'pgbench', 'pgbench-few'] },
      { round: 4, order: ['pgbench-few', 'pgbench', 'app'] },
      // No order recorded (or no reference): left out.
      { round: 5 },
      { round: 6, order: ['app'] },
    ];
    expect(orderOfRounds(rounds, [1, 2, 4, 5, 6])).toEqual({ appFirst: [1], refFirst: [2, 4] });
    expect(orderOfRounds(rounds, [])).toEqual({ appFirst: [], refFirst: [] });
  });
});
