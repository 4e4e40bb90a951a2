/** The bond universe and its quotes: pure functions of the seed and the clock (docs/fixed-income.md). */
import { bondMath } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { createYieldCurves } from '../../market/curves.js';
import { couponAmount, couponDatesBetween, quoteBond } from './quote.js';
import { addBusinessDays, bondByCode, bondName, bondUniverse, isinCheckDigit, settlementOf } from './universe.js';

const AT = new Date('2026-11-02T15:00:00Z');

describe('the bond universe', () => {
  it('lists US bills, notes and bonds and German, Dutch and Belgian bonds, with ISIN-like codes', () => {
    const list = bondUniverse(AT);
    expect(new Set(list.map((b) => b.issuer))).toEqual(new Set(['US', 'DE', 'NL', 'BE']));
    expect(new Set(list.filter((b) => b.issuer === 'US').map((b) => b.kind))).toEqual(
      new Set(['bill', 'note', 'bond']),
    );
    for (const b of list) {
      expect(b.code).toMatch(/^(US|DE|NL|BE)KM[BNL]\d{6}\d$/);
      expect(Number(b.code.at(-1))).toBe(isinCheckDigit(b.code.slice(0, 11)));
      expect(b.datedDate < b.maturity).toBe(true);
      expect(settlementOf(b, AT) < b.maturity).toBe(true);
      if (b.frequency > 0) {
        // Dated on a coupon date of its own schedule: no odd first period.
        const terms = {
          couponRate: Number(b.couponRate),
          frequency: b.frequency as 1 | 2,
          maturity: b.maturity,
          datedDate: b.datedDate,
        };
        expect(bondMath.couponSchedule(terms).length).toBeGreaterThan(0);
      }
    }
    expect(new Set(list.map((b) => b.code)).size).toBe(list.length);
    // Apple's real ISIN checks out with the same digit rule.
    expect(isinCheckDigit('US037833100')).toBe(5);
  });

  it('rolls the bills every fourth Thursday and drops a bond that can no longer settle before maturity', () => {
    const bills = (at: string) =>
      bondUniverse(new Date(at))
        .filter((b) => b.kind === 'bill')
        .map((b) => b.datedDate);
    expect(bills('2026-11-02T10:00:00Z')).toEqual(['2026-10-08', '2026-10-08', '2026-10-08']);
    expect(bills('2026-11-05T10:00:00Z')).toEqual(['2026-11-05', '2026-11-05', '2026-11-05']);
    const note = bondUniverse(AT).find((b) => b.maturity === '2027-05-15');
    expect(note).toBeDefined();
    expect(bondByCode(note?.code ?? '', new Date('2027-05-13T12:00:00Z'))).not.toBeNull();
    // Friday 14 May: T+1 is Monday 17 May, after the maturity.
    expect(bondByCode(note?.code ?? '', new Date('2027-05-14T12:00:00Z'))).toBeNull();
    expect(bondMath.isoDate(addBusinessDays(bondMath.dayNumber('2026-11-06'), 2))).toBe('2026-11-10');
  });

  it('names a bond in three languages', () => {
    const note = bondUniverse(AT).find((b) => b.maturity === '2033-02-28');
    if (!note) throw new Error('no 2033 note');
    expect(bondName(note, 'en')).toBe('US Treasury Note 4.125% 2033-02-28');
    expect(bondName(note, 'nl')).toContain('Amerikaanse staat');
    expect(bondName(note, 'zh-Hans')).toContain('美国国债');
  });
});

describe('yield curves and quotes', () => {
  it('are the same for the same seed and differ for another', () => {
    const a = createYieldCurves('kade-2026');
    const b = createYieldCurves('kade-2026');
    const c = createYieldCurves('other');
    for (const issuer of ['US', 'DE', 'NL', 'BE'] as const) {
      expect(a.params(issuer, AT)).toEqual(b.params(issuer, AT));
      expect(a.yieldAt(issuer, 7, AT)).not.toBe(c.yieldAt(issuer, 7, AT));
    }
    for (const def of bondUniverse(AT)) {
      const qa = quoteBond(def, a, AT);
      const qb = quoteBond(def, b, AT);
      expect(qa.ask.toString()).toBe(qb.ask.toString());
    }
  });

  it('move slowly: a few basis points a day, rest while closed, and keep a plausible shape', () => {
    const curves = createYieldCurves('kade-2026');
    const days = Array.from({ length: 260 }, (_, i) => new Date(AT.getTime() + i * 86_400_000));
    for (const issuer of ['US', 'DE', 'NL', 'BE'] as const) {
      let previous = curves.yieldAt(issuer, 10, days[0] as Date);
      for (const at of days) {
        const y = curves.yieldAt(issuer, 10, at);
        expect(Math.abs(y - previous)).toBeLessThan(0.003);
        expect(y).toBeGreaterThan(0);
        expect(y).toBeLessThan(0.09);
        previous = y;
      }
    }
    // Saturday and Sunday: the Friday close.
    const sat = curves.yieldAt('DE', 10, new Date('2026-11-07T12:00:00Z'));
    expect(curves.yieldAt('DE', 10, new Date('2026-11-08T18:00:00Z'))).toBe(sat);
    // Within a session the curve moves a little between two minutes.
    const t = new Date('2026-11-03T12:00:00Z');
    const moved = curves.yieldAt('DE', 10, new Date(t.getTime() + 60_000)) - curves.yieldAt('DE', 10, t);
    expect(Math.abs(moved)).toBeLessThan(0.0002);
    // Belgium pays more than the Netherlands, which pays more than Germany, at 10 years (the base spreads).
    expect(curves.yieldAt('BE', 10, AT)).toBeGreaterThan(curves.yieldAt('DE', 10, AT));
  });

  it('quotes clean, accrued and yield by bond maths: the ask above the bid, the yield prices back', () => {
    const curves = createYieldCurves('kade-2026');
    for (const def of bondUniverse(AT)) {
      const q = quoteBond(def, curves, AT);
      expect(q.ask.gt(q.bid)).toBe(true);
      expect(q.askYield).toBeLessThan(q.bidYield);
      if (def.frequency > 0) {
        const terms = {
          couponRate: Number(def.couponRate),
          frequency: def.frequency as 1 | 2,
          maturity: def.maturity,
          datedDate: def.datedDate,
        };
        expect(bondMath.yieldFromCleanPrice(terms, q.settlement, q.cleanPrice.toNumber())).toBeCloseTo(q.yield, 6);
        expect(q.accrued.toNumber()).toBeCloseTo(bondMath.accruedInterest(terms, q.settlement), 6);
      } else {
        expect(q.accrued.isZero()).toBe(true);
        expect(q.cleanPrice.lt(100)).toBe(true);
      }
    }
  });

  it('pays a coupon per period to the cent and lists the coupons a holder is owed', () => {
    const note = bondUniverse(AT).find((b) => b.maturity === '2033-02-28');
    if (!note) throw new Error('no 2033 note');
    expect(couponAmount(note, 3).toString()).toBe('61.87');
    expect(couponDatesBetween(note, '2026-11-03', '2027-11-03')).toEqual(['2027-02-28', '2027-08-31']);
    // A settlement on a coupon date: that coupon went to the seller.
    expect(couponDatesBetween(note, '2027-02-28', '2027-03-31')).toEqual([]);
  });
});
