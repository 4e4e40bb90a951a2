import { describe, expect, it } from 'vitest';
import { createIdempotencyIntent } from '../../lib/idempotency';
import {
  exceeds,
  formatAmount,
  formatRate,
  previewConversion,
  tidyAmount,
  trendOfAmount,
  typedDecimal,
} from './format';
import { cancelMsLeft, isCancellable } from './serverClock';

describe('typedDecimal', () => {
  it("shows a field's decimal with the language's sign and leaves the rest as typed", () => {
    expect(typedDecimal('12.5', 'nl')).toBe('12,5');
    expect(typedDecimal('12.', 'nl')).toBe('12,');
    expect(typedDecimal('1000', 'nl')).toBe('1000');
    expect(typedDecimal('12.5', 'en')).toBe('12.5');
    expect(typedDecimal('12.5', 'zh-Hans')).toBe('12.5');
    expect(typedDecimal('', 'nl')).toBe('');
  });
});

describe('formatAmount', () => {
  it('formats exactly, with the symbol and the separators of the language', () => {
    expect(formatAmount('1234.5', 'en', { currency: 'EUR' })).toBe('€1,234.50');
    expect(formatAmount('1234.5', 'nl', { currency: 'EUR' })).toBe('€1.234,50');
    expect(formatAmount('1234.5', 'zh-Hans', { currency: 'USD' })).toBe('$1,234.50');
    // Beyond float precision: a float would print 90071992547409.94 wrong.
    expect(formatAmount('90071992547409.93', 'en')).toBe('90,071,992,547,409.93');
  });

  it('signs money out always and money in on request; zero has no sign', () => {
    expect(formatAmount('-3.1', 'en', { currency: 'USD' })).toBe('-$3.10');
    expect(formatAmount('12', 'en', { currency: 'EUR', sign: 'always' })).toBe('+€12.00');
    expect(formatAmount('0.00', 'en', { currency: 'EUR', sign: 'always' })).toBe('€0.00');
    expect(formatAmount('-0.001', 'en', { currency: 'EUR' })).toBe('€0.00');
  });

  it('writes a code after the figure, for amounts inside a sentence', () => {
    expect(formatAmount('1039.6', 'nl', { code: 'EUR' })).toBe('1.039,60 EUR');
    expect(formatAmount('1039.6', 'en', { code: 'HKD' })).toBe('1,039.60 HKD');
    expect(formatAmount('-3.1', 'zh-Hans', { code: 'USD' })).toBe('-3.10 USD');
    // Exactly: a float would print 90,071,992,547,409.94.
    expect(formatAmount('90071992547409.93', 'en', { code: 'USD' })).toBe('90,071,992,547,409.93 USD');
    // A code wins over a symbol; a missing amount has no code either.
    expect(formatAmount('5', 'en', { currency: 'EUR', code: 'EUR' })).toBe('5.00 EUR');
    expect(formatAmount(undefined, 'en', { code: 'EUR' })).toBe('–');
  });

  it('shows a dash for what is not an amount', () => {
    expect(formatAmount(undefined, 'en')).toBe('–');
    expect(formatAmount('abc', 'en')).toBe('–');
  });

  it('keeps the places of a rate', () => {
    expect(formatRate('1.0853', 'en')).toBe('1.0853');
    expect(formatRate('0.921404', 'nl')).toBe('0,921404');
  });

  it('tells money in from money out', () => {
    expect(trendOfAmount('-0.01')).toBe('fall');
    expect(trendOfAmount('0.01')).toBe('rise');
    expect(trendOfAmount('0.00')).toBe('flat');
  });
});

describe('previewConversion', () => {
  it('converts EUR to USD at USD per EUR, rounded down to the cent', () => {
    expect(previewConversion('100', 'EUR', 'USD', '1.08539')).toEqual({ credited: '108.53', rate: '1.08539' });
  });

  it('converts USD to EUR at the inverse rate, rounded down', () => {
    expect(previewConversion('100', 'USD', 'EUR', '1.0853')?.credited).toBe('92.14');
  });

  it('has nothing to show for one currency or an unfinished amount', () => {
    expect(previewConversion('100', 'EUR', 'EUR', '1.08')).toBeNull();
    expect(previewConversion('1.', 'EUR', 'USD', '1.08')).toBeNull();
    expect(previewConversion('100', 'EUR', 'USD', undefined)).toBeNull();
  });
});

describe('exceeds', () => {
  it('compares decimal strings exactly', () => {
    expect(exceeds('0.3', '0.30')).toBe(false);
    expect(exceeds('100.01', '100')).toBe(true);
    expect(exceeds('', '100')).toBe(false);
  });
});

describe('tidyAmount', () => {
  it('keeps what the amount rule can judge', () => {
    expect(tidyAmount('12,5')).toBe('12.5');
    expect(tidyAmount('1.234')).toBe('1.23');
    expect(tidyAmount('€ 1 000')).toBe('1000');
    expect(tidyAmount('007')).toBe('7');
    expect(tidyAmount('00.5')).toBe('0.5');
    expect(tidyAmount('.5')).toBe('0.5');
    expect(tidyAmount('1.2.3')).toBe('1.23');
    expect(tidyAmount('')).toBe('');
  });
});

describe('idempotency intent', () => {
  it('reuses the key for the same request until renewed, and changes it with the request', () => {
    let n = 0;
    const intent = createIdempotencyIntent(() => `key-${++n}`);
    const first = intent.keyFor({ from: 'BALANCE', to: 'US_STOCK', amount: '10' });
    // A retry of the same submission (key order does not matter).
    expect(intent.keyFor({ amount: '10', to: 'US_STOCK', from: 'BALANCE' })).toBe(first);
    // The form changed: another request, another key.
    const second = intent.keyFor({ from: 'BALANCE', to: 'US_STOCK', amount: '20' });
    expect(second).not.toBe(first);
    // After success the same request again is a new intent.
    intent.renew();
    expect(intent.keyFor({ from: 'BALANCE', to: 'US_STOCK', amount: '20' })).not.toBe(second);
  });
});

describe('cancel window', () => {
  it('is open until cancellableUntil on the server clock', () => {
    expect(isCancellable(null, 1000)).toBe(false);
    expect(isCancellable(2000, 1000)).toBe(true);
    expect(isCancellable(2000, 2000)).toBe(false);
    expect(cancelMsLeft(2000, 1500)).toBe(500);
    expect(cancelMsLeft(2000, 2500)).toBe(0);
  });
});
