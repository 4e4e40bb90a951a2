import { describe, expect, it } from 'vitest';
import type { Machine } from '../lib/machine.js';
import { type PageResult, pageQuiet, renderReport } from './report.js';

const machine = { date: '2026-12-03T00:00:00Z', nproc: 2, cpuModel: 'test', node: 'v20', loadAverage: 0 } as Machine;

const page = (over: Partial<PageResult>): PageResult => ({
  name: 'home',
  loadAverage: 1,
  outsideBefore: 1,
  stealDuring: 0,
  benchmarkIndex: 2000,
  scores: [
    { id: 'performance', score: 96 },
    { id: 'accessibility', score: 100 },
    { id: 'best-practices', score: 100 },
  ],
  failing: {},
  scripts: [],
  longTasks: [],
  runs: [96, 97, 95, 96, 98],
  ...over,
});

describe('the Lighthouse report', () => {
  it('meets the goal only when every page scores 95 or more in every category', () => {
    expect(renderReport({ machine, commit: 'abc', results: [page({})] })).toContain('every page: met');
    const low = page({ name: 'markets', scores: [{ id: 'performance', score: 94 }] });
    expect(renderReport({ machine, commit: 'abc', results: [page({}), low] })).toContain('every page: missed');
  });

  it('shows a page Lighthouse could not measure as not measured, never as scores of 0, and misses the goal', () => {
    const failed = page({ runtimeError: 'NO_FCP: no paint', scores: [{ id: 'performance', score: 0 }], runs: [] });
    const md = renderReport({ machine, commit: 'abc', results: [failed] });
    expect(md).toContain('| home | not measured | not measured | not measured |');
    expect(md).toContain('Lighthouse could not measure this page: NO_FCP: no paint');
    expect(md).toContain('every page: missed');
  });

  it('lists every kept run beside the median run', () => {
    expect(renderReport({ machine, commit: 'abc', results: [page({})] })).toContain(
      '| 96 | 100 | 100 | 96, 97, 95, 96, 98 |',
    );
  });

  it('judges a run busy by outside CPU before it or steal during it, as the money benches do', () => {
    expect(pageQuiet({ outsideBefore: 5, stealDuring: 2 })).toBe(true);
    expect(pageQuiet({ outsideBefore: 25, stealDuring: 0 })).toBe(false);
    expect(pageQuiet({ outsideBefore: 1, stealDuring: 30 })).toBe(false);
    expect(pageQuiet({ outsideBefore: Number.NaN })).toBe(false);
    expect(renderReport({ machine, commit: 'abc', results: [page({ stealDuring: 30 })] })).toMatch(/\| NO \| 30 % \|/);
  });
});
