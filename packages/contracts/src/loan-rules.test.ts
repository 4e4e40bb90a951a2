import { describe, expect, it } from 'vitest';
import {
  collateralLimit,
  collateralShort,
  dailyInterest,
  datesBetween,
  interestOwedSince,
  splitRepayment,
} from './loan-rules.js';

describe('loan rules (docs/loans.md)', () => {
  it.each([
    // principal × 6 % / 365, half up to the cent
    ['10000', '1.64'], // 1.643835…
    ['1000', '0.16'], // 0.164383…
    ['500', '0.08'], // 0.082191…
    ['100', '0.02'], // 0.016438…
    ['0', '0.00'],
  ])('a day of interest on %s is %s', (principal, interest) => {
    expect(dailyInterest(principal).toFixed(2)).toBe(interest);
  });

  it('lends the published LTV of each class, down to the cent', () => {
    expect(collateralLimit('stock', '1234.57').toFixed(2)).toBe('617.28'); // 617.285
    expect(collateralLimit('bond', '1000').toFixed(2)).toBe('700.00');
    expect(collateralLimit('stock', '-5').toFixed(2)).toBe('0.00');
  });

  it('counts the ended UTC days after the last one charged', () => {
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    const owed = interestOwedSince('10000', '0.06', '2026-12-01', new Date('2026-12-04T10:00:00Z'));
    expect(owed.days).toEqual(['2026-12-02', '2026-12-03']);
    expect(owed.total.toFixed(2)).toBe('3.28');
  });

  it('alerts when the limit is below 90 % of what is owed', () => {
    expect(collateralShort('900', '1000')).toBe(false);
    expect(collateralShort('899.99', '1000')).toBe(true);
    expect(collateralShort('0', '0')).toBe(false);
  });

  it('applies a repayment to interest first', () => {
    const s = splitRepayment('10', '3.28');
    expect([s.interest.toFixed(2), s.principal.toFixed(2)]).toEqual(['3.28', '6.72']);
    const t = splitRepayment('2', '3.28');
    expect([t.interest.toFixed(2), t.principal.toFixed(2)]).toEqual(['2.00', '0.00']);
  });
});
