import { describe, expect, it } from 'vitest';
import { checkAmount } from './amountCheck';

describe('checkAmount', () => {
  const limits = { min: '100', max: '1000', room: '800', available: '500', plus: '9.90' };
  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['abc', 'malformed'],
    ['0', 'malformed'],
    ['007', 'malformed'],
    ['1.234', 'malformed'],
    ['99.99', 'outside'],
    ['1000.01', 'outside'],
    ['800.01', 'aboveRoom'],
    ['490.11', 'short'], // 490.11 + the 9.90 price is 500.01
    ['490.10', null],
    ['100', null],
  ] as const)('%j: %s', (typed, problem) => {
    expect(checkAmount(typed, limits).problem).toBe(problem);
  });

  it('gives the value once well formed, and takes an unknown balance as no limit', () => {
    expect(checkAmount(' 250.5 ', { min: '100' }).value?.toFixed(2)).toBe('250.50');
    expect(checkAmount('x', {}).value).toBeNull();
    expect(checkAmount('5000', { min: '100' }).problem).toBeNull();
  });
});
