/**
 * Placings for the placing module's tests: an INTC placing (US, USD) open now for an hour, 10% off, lots of 10,
 * 100 shares, fee 1.00, pro rata, 30 days' lock-up; `overrides` changes any column. Each window opens a millisecond
 * apart (the placings_code_window unique index), so a test can make as many as it needs.
 */
import { placingRows } from '../src/modules/placing/calendar.js';
import { placings } from '../src/modules/placing/schema.js';
import type { Harness } from './harness.js';

const HOUR = 3_600_000;
let made = 0;

export async function insertPlacing(h: Harness, overrides: Partial<typeof placings.$inferInsert> = {}) {
  const now = h.clock.now().getTime();
  const [base] = placingRows(h.clock.now());
  const [row] = await h.db
    .insert(placings)
    .values({
      ...base!,
      kind: 'SPO',
      source: 0,
      code: 'INTC',
      market: 'US',
      currency: 'USD',
      opensAt: new Date(now - HOUR + ++made),
      closesAt: new Date(now + HOUR),
      discount: '0.10',
      lotSize: 10,
      sharesOffered: 100,
      fee: '1.00',
      allotmentRule: 'proRata',
      lockupDays: 30,
      ...overrides,
    })
    .returning();
  return row!;
}
