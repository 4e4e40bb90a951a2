import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accruedInterest,
  actActIcma,
  type BondTerms,
  billInvestmentRate,
  billPrice,
  billYearDays,
  cleanPrice,
  couponDateBefore,
  couponPeriod,
  couponSchedule,
  dayNumber,
  dirtyPrice,
  isoDate,
  notionalBondPrice,
  yieldFromCleanPrice,
} from './bond-math.js';

describe('ACT/ACT ICMA, against the examples of ISDA, "EMU and market conventions" (1998)', () => {
  // The "ISMA" (now ICMA) column of the paper's examples: period, reference coupon period, coupons a year, result.
  it('a regular half-year is a half', () => {
    expect(actActIcma('2003-11-01', '2004-05-01', '2003-11-01', '2004-05-01', 2)).toBeCloseTo(0.5, 12);
  });

  it('a short first period of an annual bond: 150 of 365 days', () => {
    expect(actActIcma('1999-02-01', '1999-07-01', '1998-07-01', '1999-07-01', 1)).toBeCloseTo(0.41095890411, 11);
    expect(actActIcma('1999-07-01', '2000-07-01', '1999-07-01', '2000-07-01', 1)).toBeCloseTo(1, 12);
  });

  it('a long first period is counted in its two quasi-coupon periods', () => {
    const first = actActIcma('2002-08-15', '2003-01-15', '2002-07-15', '2003-01-15', 2);
    const second = actActIcma('2003-01-15', '2003-07-15', '2003-01-15', '2003-07-15', 2);
    expect(first + second).toBeCloseTo(0.915760869565, 11);
  });

  it('a short final period, against the regular period it would have been', () => {
    expect(actActIcma('2000-01-30', '2000-06-30', '2000-01-30', '2000-07-30', 2)).toBeCloseTo(0.417582417582, 11);
  });
});

// Treasury auction of 17 May 2023, "Bonds of May 2043" (CUSIP 912810TS7): interest rate 3⅞ %, high yield 3.954 %,
// price 98.913642, accrued interest per $1,000 $1.68478, dated 15 May 2023, issued 31 May 2023.
const may2043: BondTerms = { couponRate: 0.03875, frequency: 2, maturity: '2043-05-15', datedDate: '2023-05-15' };

describe('a US Treasury bond, against its published auction result', () => {
  it('accrues 16 of the half-year’s 184 days: $1.68478 per $1,000', () => {
    expect(couponPeriod(may2043, '2023-05-31')).toEqual({ previous: '2023-05-15', next: '2023-11-15', remaining: 40 });
    expect((accruedInterest(may2043, '2023-05-31') * 10).toFixed(5)).toBe('1.68478');
  });

  it('prices 3.954 % at 98.913642 by the Treasury’s formula (simple interest for the part period)', () => {
    expect(cleanPrice(may2043, '2023-05-31', 0.03954, 'simple').toFixed(6)).toBe('98.913642');
    // The market's convention compounds the part period too: a little higher.
    expect(cleanPrice(may2043, '2023-05-31', 0.03954).toFixed(6)).toBe('98.915141');
  });

  it('finds the yield back from the price', () => {
    expect(yieldFromCleanPrice(may2043, '2023-05-31', 98.913642, 'simple')).toBeCloseTo(0.03954, 8);
  });
});

describe('the textbook example (Fabozzi, Bond Markets): a 20-year 10 % bond at 11 %', () => {
  it('is worth $919.77 per $1,000 on a coupon date', () => {
    const terms: BondTerms = { couponRate: 0.1, frequency: 2, maturity: '2045-01-15', datedDate: '2025-01-15' };
    expect((cleanPrice(terms, '2025-01-15', 0.11) * 10).toFixed(2)).toBe('919.77');
  });
});

describe('the coupon schedule', () => {
  it('runs back from the maturity in steps of 12 / frequency months', () => {
    const bund: BondTerms = { couponRate: 0.025, frequency: 1, maturity: '2035-02-15', datedDate: '2031-02-15' };
    expect(couponSchedule(bund)).toEqual(['2032-02-15', '2033-02-15', '2034-02-15', '2035-02-15']);
  });

  it('keeps a month-end maturity on month ends (28 Feb pays on 31 Aug, and on 29 Feb in a leap year)', () => {
    const note: BondTerms = { couponRate: 0.04, frequency: 2, maturity: '2029-02-28', datedDate: '2027-02-28' };
    expect(couponSchedule(note)).toEqual(['2027-08-31', '2028-02-29', '2028-08-31', '2029-02-28']);
  });

  it('starts a new period on a coupon date, with nothing accrued', () => {
    expect(couponPeriod(may2043, '2023-11-15')).toEqual({ previous: '2023-11-15', next: '2024-05-15', remaining: 39 });
    expect(accruedInterest(may2043, '2023-11-15')).toBe(0);
    expect(couponPeriod(may2043, '2043-05-14')).toEqual({ previous: '2042-11-15', next: '2043-05-15', remaining: 1 });
  });

  it('refuses what cannot be priced', () => {
    expect(() => couponPeriod(may2043, '2043-05-15')).toThrow(RangeError);
    expect(() => couponPeriod(may2043, '2023-05-01')).toThrow(RangeError);
    expect(() => dayNumber('2023-02-30')).toThrow(RangeError);
    expect(() => yieldFromCleanPrice(may2043, '2023-05-31', 0)).toThrow(RangeError);
  });
});

describe('properties', () => {
  const bonds = fc.record({
    couponRate: fc.integer({ min: 0, max: 80 }).map((eighths) => eighths / 800),
    frequency: fc.constantFrom(1 as const, 2 as const),
    maturityDay: fc.integer({ min: dayNumber('2027-01-01'), max: dayNumber('2056-12-31') }),
    years: fc.integer({ min: 1, max: 30 }),
  });
  const cases = bonds.chain(({ couponRate, frequency, maturityDay, years }) => {
    const maturity = isoDate(maturityDay);
    // Dated on a coupon date of its own schedule, `years` before the maturity.
    const datedDate = couponDateBefore({ frequency, maturity }, years * frequency);
    const terms: BondTerms = { couponRate, frequency, maturity, datedDate };
    return fc.record({
      terms: fc.constant(terms),
      settlementDay: fc.integer({ min: dayNumber(datedDate), max: maturityDay - 1 }),
      yieldToMaturity: fc.integer({ min: -50, max: 1500 }).map((bp) => bp / 10_000),
      fractional: fc.constantFrom('compound' as const, 'simple' as const),
    });
  });

  it('the yield found from a price is the yield that priced it', () => {
    fc.assert(
      fc.property(cases, ({ terms, settlementDay, yieldToMaturity, fractional }) => {
        const settlement = isoDate(settlementDay);
        const price = cleanPrice(terms, settlement, yieldToMaturity, fractional);
        if (price <= 0) return;
        expect(yieldFromCleanPrice(terms, settlement, price, fractional)).toBeCloseTo(yieldToMaturity, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('a higher yield is a lower price, and at the coupon rate on a coupon date the price is par', () => {
    fc.assert(
      fc.property(cases, ({ terms, settlementDay, yieldToMaturity, fractional }) => {
        const settlement = isoDate(settlementDay);
        const lower = dirtyPrice(terms, settlement, yieldToMaturity + 0.001, fractional);
        expect(lower).toBeLessThan(dirtyPrice(terms, settlement, yieldToMaturity, fractional));
        const { previous } = couponPeriod(terms, settlement);
        if (dayNumber(previous) >= dayNumber(terms.datedDate))
          expect(cleanPrice(terms, previous, terms.couponRate, fractional)).toBeCloseTo(100, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('accrued interest grows from nothing to one coupon over each period', () => {
    fc.assert(
      fc.property(cases, ({ terms, settlementDay }) => {
        const settlement = isoDate(settlementDay);
        const accrued = accruedInterest(terms, settlement);
        expect(accrued).toBeGreaterThanOrEqual(0);
        expect(accrued).toBeLessThan((100 * terms.couponRate) / terms.frequency + 1e-9);
      }),
      { numRuns: 300 },
    );
  });
});

describe('US Treasury bills, on the discount basis (31 CFR 356 Appendix B, VI)', () => {
  // Auction of 6 Mar 2023, 13-week bill issued 9 Mar 2023, maturing 8 Jun 2023: high rate 4.765 %, price
  // 98.795514, investment rate 4.903 % (on 366 days: the year after the issue holds 29 Feb 2024).
  it('prices the 13-week bill of 9 March 2023 and finds its investment rate', () => {
    const days = dayNumber('2023-06-08') - dayNumber('2023-03-09');
    expect(days).toBe(91);
    expect(billPrice(0.04765, days).toFixed(6)).toBe('98.795514');
    expect(billYearDays('2023-03-09')).toBe(366);
    expect((billInvestmentRate(98.795514, '2023-03-09', '2023-06-08') * 100).toFixed(3)).toBe('4.903');
  });

  it('beyond half a year, the rate compounds once and is simple for the rest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 184, max: 364 }),
        fc.integer({ min: 1, max: 900 }),
        fc.integer({ min: dayNumber('2024-01-01'), max: dayNumber('2040-12-31') }),
        (days, discountBp, issueDay) => {
          const issue = isoDate(issueDay);
          const price = billPrice(discountBp / 10_000, days);
          const i = billInvestmentRate(price, issue, isoDate(issueDay + days));
          const y = billYearDays(issue);
          expect(price * (1 + i / 2) * (1 + (days / y - 0.5) * i)).toBeCloseTo(100, 9);
          expect(i).toBeGreaterThan(discountBp / 10_000);
        },
      ),
    );
  });
});

describe("a bond future's notional bond", () => {
  it('is par at its coupon, and the textbook prices of a 6 % ten-year bond', () => {
    for (const f of [1, 2] as const) expect(notionalBondPrice(0.06, f, 10, 0.06)).toBeCloseTo(100, 10);
    // Annual coupons at 4 %: 6 × a(10, 4 %) + 100 × 1.04^-10 = 48.6654 + 67.5564.
    expect(notionalBondPrice(0.06, 1, 10, 0.04)).toBeCloseTo(116.2218, 4);
    // Half-yearly at 5 %: 3 × a(20, 2.5 %) + 100 × 1.025^-20.
    expect(notionalBondPrice(0.06, 2, 10, 0.05)).toBeCloseTo(107.7946, 4);
    expect(notionalBondPrice(0.06, 2, 2, 0)).toBeCloseTo(112, 10);
  });

  it('is the dirty price of the same bond on a coupon date', () => {
    const terms = { couponRate: 0.06, frequency: 2 as const, maturity: '2036-06-15', datedDate: '2026-06-15' };
    for (const y of [-0.004, 0.01, 0.042, 0.09]) {
      expect(notionalBondPrice(0.06, 2, 10, y)).toBeCloseTo(dirtyPrice(terms, '2026-06-15', y), 9);
    }
  });
});
