/**
 * The published allotment rules, table-driven, and their guarantees as properties: never more allotted than
 * offered, never more than asked, every lot offered allotted when demand covers it, the same result for the same
 * inputs in any arrival order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AllotmentInput, type Application, allot, allotmentSeed, ballotOrder } from './allotment.js';

const apps = (...lots: number[]): Application[] => lots.map((n, i) => ({ id: i + 1, lots: n }));
const lotsOf = (input: AllotmentInput) => input.applications.map((a) => allot(input).get(a.id));
const seed = allotmentSeed({ id: 7, code: '09831' });

describe('allotment rules', () => {
  it.each<[string, AllotmentInput, number[]]>([
    // demand 3 <= 10 offered: everyone in full, whatever the rule
    ['undersubscribed ballot', { rule: 'ballot', lotsOffered: 10, seed, applications: apps(1, 2) }, [1, 2]],
    ['undersubscribed pro-rata', { rule: 'proRata', lotsOffered: 10, seed, applications: apps(1, 2) }, [1, 2]],
    ['exactly subscribed', { rule: 'proRata', lotsOffered: 3, seed, applications: apps(1, 2) }, [1, 2]],
    // 100 lots for 200 asked: 100×100/200 = 50, 50×100/200 = 25, 25
    [
      'pro-rata, exact shares',
      { rule: 'proRata', lotsOffered: 100, seed, applications: apps(100, 50, 50) },
      [50, 25, 25],
    ],
    // 10 for 3+3+1 = 7: no oversubscription
    ['ballot, demand under supply', { rule: 'ballot', lotsOffered: 10, seed, applications: apps(3, 3, 1) }, [3, 3, 1]],
    // 5 lots for 4+1+4 = 9: round 1 gives 1 each (2 left; application 2 is full), round 2 has 2 wanting, 2 lots: 1 each
    ['ballot, full rounds', { rule: 'ballot', lotsOffered: 5, seed, applications: apps(4, 1, 4) }, [2, 1, 2]],
    // 0 lots offered: nobody gets any
    ['nothing offered', { rule: 'ballot', lotsOffered: 0, seed, applications: apps(1, 1) }, [0, 0]],
  ])('%s', (_name, input, expected) => {
    expect(lotsOf(input)).toEqual(expected);
  });

  it('deals the last, partial round by the published ballot order', () => {
    // 7 lots for 3 × 5: two full rounds (6 lots), then 1 lot to the first application in the ballot order.
    const input: AllotmentInput = { rule: 'ballot', lotsOffered: 7, seed, applications: apps(5, 5, 5) };
    const first = ballotOrder(seed, input.applications)[0]?.id;
    const result = allot(input);
    for (const a of input.applications) expect(result.get(a.id)).toBe(a.id === first ? 3 : 2);
  });

  it('gives the pro-rata leftover lots to the largest remainders', () => {
    // 10 lots for 7 + 5 + 3 = 15: 70/15 = 4 r10, 50/15 = 3 r5, 30/15 = 2 r0; 1 lot left goes to application 1.
    expect(lotsOf({ rule: 'proRata', lotsOffered: 10, seed, applications: apps(7, 5, 3) })).toEqual([5, 3, 2]);
  });

  it('draws 3 single-lot winners of 5 by the seed, and another seed draws others', () => {
    const winners = (s: string) =>
      [...allot({ rule: 'ballot', lotsOffered: 3, seed: s, applications: apps(1, 1, 1, 1, 1) })]
        .filter(([, lots]) => lots === 1)
        .map(([id]) => id);
    expect(winners(seed)).toHaveLength(3);
    expect(winners(seed)).toEqual(winners(seed));
    const draws = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => winners(s).join(',')));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('refuses an application for no lot and a repeated application', () => {
    expect(() => allot({ rule: 'ballot', lotsOffered: 1, seed, applications: [{ id: 1, lots: 0 }] })).toThrow();
    expect(() =>
      allot({
        rule: 'ballot',
        lotsOffered: 1,
        seed,
        applications: [
          { id: 1, lots: 1 },
          { id: 1, lots: 1 },
        ],
      }),
    ).toThrow();
  });
});

describe('allotment guarantees (property)', () => {
  const input = fc.record({
    rule: fc.constantFrom('ballot' as const, 'proRata' as const),
    lotsOffered: fc.integer({ min: 0, max: 5000 }),
    seed: fc.string(),
    applications: fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 2 ** 40 }), lots: fc.integer({ min: 1, max: 3000 }) }),
      { selector: (a) => a.id, maxLength: 60 },
    ),
  });

  it('never allots more than offered or asked, and allots all it can', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = allot(i);
        const demand = i.applications.reduce((s, a) => s + a.lots, 0);
        let total = 0;
        for (const a of i.applications) {
          const lots = result.get(a.id) ?? -1;
          expect(lots).toBeGreaterThanOrEqual(0);
          expect(lots).toBeLessThanOrEqual(a.lots);
          total += lots;
        }
        expect(total).toBeLessThanOrEqual(i.lotsOffered);
        expect(total).toBe(Math.min(demand, i.lotsOffered));
      }),
      { numRuns: 500 },
    );
  });

  it('is the same for the same inputs in any arrival order', () => {
    fc.assert(
      fc.property(input, fc.func(fc.integer()), (i, key) => {
        const shuffled = [...i.applications].sort((a, b) => key(a.id) - key(b.id));
        expect(allot({ ...i, applications: shuffled })).toEqual(allot(i));
      }),
      { numRuns: 200 },
    );
  });

  it('gives a ballot no one more than one lot above anyone who asked as much (fair rounds)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = allot({ ...i, rule: 'ballot' });
        for (const a of i.applications)
          for (const b of i.applications)
            if (a.lots <= b.lots) expect((result.get(a.id) ?? 0) - (result.get(b.id) ?? 0)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
