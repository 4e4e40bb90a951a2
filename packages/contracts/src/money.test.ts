import { describe, expect, it } from 'vitest';
import { creditCents, Decimal, feeCents, marginCents, wireAmount } from './money.js';

const text = (d: Decimal) => d.toFixed();

describe('the rounding rules', () => {
  it('rounds a margin up to the cent, so the hold covers notional / leverage', () => {
    expect(text(marginCents('10.001'))).toBe('10.01');
    expect(text(marginCents('10.00000001'))).toBe('10.01');
    expect(text(marginCents('10.01'))).toBe('10.01');
    expect(text(marginCents(new Decimal(100).dividedBy(3)))).toBe('33.34');
  });

  it('rounds a fee (and a settled profit or loss) half up to the cent', () => {
    expect(text(feeCents('0.125'))).toBe('0.13');
    expect(text(feeCents('0.135'))).toBe('0.14');
    expect(text(feeCents('0.12499999'))).toBe('0.12');
    // Half up is away from zero: a loss of half a cent is a cent.
    expect(text(feeCents('-0.125'))).toBe('-0.13');
  });

  it('rounds what a customer is given or may spend down to the cent', () => {
    expect(text(creditCents('9.999'))).toBe('9.99');
    expect(text(creditCents('0.009'))).toBe('0');
    expect(text(creditCents('5'))).toBe('5');
  });

  it('writes an amount for the wire with 2 places, never more than there is', () => {
    expect(wireAmount('1234.5')).toBe('1234.50');
    expect(wireAmount('0.12999999')).toBe('0.12');
    expect(wireAmount(new Decimal('7'))).toBe('7.00');
    expect(wireAmount('-3.456')).toBe('-3.45');
  });
});
