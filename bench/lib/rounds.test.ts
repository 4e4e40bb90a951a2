import { describe, expect, it } from 'vitest';
import { roundOrder, type WriterSample, writerIdle } from './rounds.js';

describe('round order (issue 14: neither side always runs second)', () => {
  const windows = ['app', 'pgbench', 'pgbench-few', 'pgbench-sql'];

  it('runs the windows as listed in odd rounds and reversed in even ones', () => {
    expect(roundOrder(windows, 1)).toEqual(['app', 'pgbench', 'pgbench-few', 'pgbench-sql']);
    expect(roundOrder(windows, 2)).toEqual(['pgbench-sql', 'pgbench-few', 'pgbench', 'app']);
    expect(roundOrder(windows, 3)).toEqual(roundOrder(windows, 1));
    expect(roundOrder(windows, 4)).toEqual(roundOrder(windows, 2));
  });

  it('the app and TPC-B each run first in half of an even number of rounds', () => {
    const first = [1, 2, 3, 4].map((n) => roundOrder(windows, n).find((t) => t === 'app' || t === 'pgbench'));
    expect(first).toEqual(['app', 'pgbench', 'app', 'pgbench']);
  });

  it('does not change the list it is given', () => {
    const list = ['a', 'b'];
    roundOrder(list, 2);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('idle writer (issue 14: no window pays for the last one’s writes)', () => {
  const at = (ms: number, counters: string, autovacuumWorkers = 0): WriterSample => ({
    at: ms,
    counters,
    autovacuumWorkers,
  });

  it('is idle once the counters stood still for the whole second, with no autovacuum worker', () => {
    expect(writerIdle([at(0, '1/5/2'), at(500, '1/5/2'), at(1000, '1/5/2')])).toBe(true);
    expect(writerIdle([at(0, '1/5/2'), at(500, '1/5/2'), at(900, '1/5/2')])).toBe(false);
  });

  it('is not idle while the counters move within the last second', () => {
    expect(writerIdle([at(0, '1/5/2'), at(500, '7/5/2'), at(1000, '7/5/2')])).toBe(false);
    expect(writerIdle([at(0, '1/5/2'), at(500, '1/5/2'), at(1000, '1/9/3')])).toBe(false);
    // Still since 500 ms: idle only once a sample at least a second older agrees.
    expect(writerIdle([at(0, '1/5/2'), at(500, '7/5/2'), at(1000, '7/5/2'), at(1500, '7/5/2')])).toBe(true);
  });

  it('is not idle while an autovacuum worker runs', () => {
    expect(writerIdle([at(0, '1/5/2'), at(500, '1/5/2'), at(1000, '1/5/2', 1)])).toBe(false);
    expect(writerIdle([at(0, '1/5/2', 1), at(500, '1/5/2'), at(1000, '1/5/2')])).toBe(false);
  });

  it('is not idle on one sample', () => {
    expect(writerIdle([at(0, '1/5/2')])).toBe(false);
    expect(writerIdle([])).toBe(false);
  });
});
