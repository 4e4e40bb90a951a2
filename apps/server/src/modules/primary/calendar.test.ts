/**
 * The demo IPO calendar and the offerings table's own rules: the seed dates every phase from the clock, names no
 * instrument the simulator already quotes, and the database refuses an offering that breaks its published shape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { allInstruments } from '../../market/instruments/index.js';
import { calendarRows, DEMO_CALENDAR, seedOfferings } from './calendar.js';
import { phaseOf } from './offerings.js';
import { offerings } from './schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

describe('the demo IPO calendar', () => {
  it('has open, upcoming, closed and listed offerings at any clock, in both markets', () => {
    for (const at of ['2026-11-02T10:00:00Z', '2027-02-27T23:59:59Z', '2026-06-01T00:00:00Z']) {
      const now = new Date(at);
      const phases = calendarRows(now).map(
        (o) =>
          `${o.market}:${phaseOf({ state: o.state ?? 'scheduled', opensAt: o.opensAt, closesAt: o.closesAt }, now)}`,
      );
      for (const want of ['US:open', 'HK:open', 'US:upcoming', 'HK:upcoming', 'US:closed', 'US:listed', 'HK:listed'])
        expect(phases, at).toContain(want);
    }
  });

  it('names no instrument of the simulated market', () => {
    const quoted = new Set(allInstruments.map((i) => i.code));
    for (const row of DEMO_CALENDAR) expect(quoted.has(row.code), row.code).toBe(false);
  });

  it('is written once: a second seed adds nothing', async () => {
    const now = h.clock.now();
    expect(await seedOfferings(h.db, now)).toBe(DEMO_CALENDAR.length);
    expect(await seedOfferings(h.db, now)).toBe(0);
    const rows = await h.db.select().from(offerings);
    expect(rows.every((o) => o.simulated)).toBe(true);
  });

  it.each([
    ['shares offered not whole lots', { sharesOffered: 1050, lotSize: 100 }],
    ['a range upside down', { priceMin: '10', priceMax: '9' }],
    ['a window closing before it opens', { closesAt: new Date('2026-10-01T00:00:00Z') }],
    ['a US offering priced in HKD', { currency: 'HKD' }],
  ])('the database refuses %s', async (_name, change) => {
    const [row] = calendarRows(h.clock.now());
    if (!row) throw new Error('empty calendar');
    await expect(
      h.db.insert(offerings).values({ ...row, code: `BAD${Math.random()}`.slice(0, 12), ...change }),
    ).rejects.toThrow();
  });
});
