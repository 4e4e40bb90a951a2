import { describe, expect, it } from 'vitest';
import { currentFundRate, fundInterest, fundInterestExact } from './fund-rules.js';

describe('fund interest', () => {
  it('is simple interest, ACT/365, rounded down to the cent', () => {
    // 10,000 at 2.6 % for 90 days: 10,000 × 0.026 × 90 / 365 = 64.109589… → 64.10.
    expect(fundInterestExact('10000', '0.026', 90).toFixed(6)).toBe('64.109589');
    expect(fundInterest('10000', '0.026', 90).toFixed(2)).toBe('64.10');
    // 1,000 at 1.9 % for a day: 0.052054… → 0.05; for 30 days 1.561643… → 1.56.
    expect(fundInterest('1000', '0.019', 1).toFixed(2)).toBe('0.05');
    expect(fundInterest('1000', '0.019', 30).toFixed(2)).toBe('1.56');
    // A year of 365 days pays the rate exactly.
    expect(fundInterest('2500', '0.026', 365).toFixed(2)).toBe('65.00');
  });

  it("a Current's rate is the yield less the fee, to 0.0001 %, never below 0", () => {
    expect(currentFundRate(0.0213456789, '0.003').toString()).toBe('0.018345');
    expect(currentFundRate(0.002, '0.003').toString()).toBe('0');
  });
});
