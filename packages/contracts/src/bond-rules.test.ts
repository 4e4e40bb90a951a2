import { describe, expect, it } from 'vitest';
import { bondAmount, bondFee } from './bond-rules.js';
import { BOND_FEE } from './constants.js';

describe('bond trade amounts and fee', () => {
  it('rounds a purchase up and a sale down to the cent, per 100 of face', () => {
    // 3 bonds of 1,000 at 99.123456 + accrued: 2,973.70368 exactly.
    expect(bondAmount('99.123456', 1000, 3, 'buy').toFixed(2)).toBe('2973.71');
    expect(bondAmount('99.123456', 1000, 3, 'sell').toFixed(2)).toBe('2973.70');
    expect(bondAmount('100', 1000, 2, 'buy').toFixed(2)).toBe('2000.00');
  });

  it('charges the published rate half up, never below the published minimum', () => {
    expect(BOND_FEE).toEqual({ rate: '0.001', min: '1.00' });
    expect(bondFee('2973.71').toFixed(2)).toBe('2.97');
    expect(bondFee('2975.00').toFixed(2)).toBe('2.98'); // 2.975 half up
    expect(bondFee('400.00').toFixed(2)).toBe('1.00');
  });
});
