import { describe, expect, it } from 'vitest';
import { fitLine, joinBatches } from './columns.js';

describe('joinBatches', () => {
  it('joins each field of single-order batches, arrays and array literals alike', () => {
    const one = ['a', [1], '{"{\\"x\\":1}"}', '{}'];
    const two = ['b', [2], '{"{\\"y\\":\\"q\\\\\\"\\"}"}', '{}'];
    expect(joinBatches([[[one[0]], one[1], one[2], one[3]] as unknown[], [[two[0]], two[1], two[2], two[3]]])).toEqual([
      ['a', 'b'],
      [1, 2],
      '{"{\\"x\\":1}","{\\"y\\":\\"q\\\\\\"\\"}"}',
      '{}',
    ]);
  });

  it('keeps a text that is the same in every batch, and refuses a field that is none of these', () => {
    expect(
      joinBatches([
        [[1], 'id,code'],
        [[2], 'id,code'],
      ]),
    ).toEqual([[1, 2], 'id,code']);
    expect(() => joinBatches([[1], [2]])).toThrow(/neither/);
    expect(() => joinBatches([['id'], ['code']])).toThrow(/neither/);
    expect(() => joinBatches([])).toThrow(/no batch/);
  });
});

describe('fitLine', () => {
  it('finds the fixed and the per-item cost of points on a line', () => {
    const fit = fitLine([1, 4, 16, 64].map((x) => ({ x, y: 0.8 + 0.15 * x })));
    expect(fit.fixed).toBeCloseTo(0.8, 10);
    expect(fit.perItem).toBeCloseTo(0.15, 10);
    expect(fitLine([{ x: 4, y: 1 }]).perItem).toBeNaN();
  });
});
