/**
 * The demo's placings (docs/primary-markets.md "Placings"): simulated placings of stocks the simulator already
 * quotes, dated relative to the clock at the first start like the IPO calendar, so a fresh `npm start` shows open,
 * upcoming and closed ones whatever the day. They are simulated like every price of the app (the list says so):
 * no issuer has announced them. Codes are checked to be instruments (placing.test.ts).
 */
import type { PlacingKind } from '@beurs/contracts';
import type { Executor } from '../../ledger/ledger.js';
import { PUBLISHED_FEE } from '../primary/index.js';
import { placings } from './schema.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface PlacingSeedRow {
  kind: PlacingKind;
  market: 'US' | 'HK';
  code: string;
  /** Days from today (UTC) of the window's open and close. */
  days: [opens: number, closes: number];
  discount: string;
  lotSize: number;
  sharesOffered: number;
  lockupDays: number;
}

/** The window's hours in UTC, as the IPO calendar's: HK 01:00-04:00, US 14:30-21:00. */
const HOURS = { HK: { opens: 1, closes: 4 }, US: { opens: 14.5, closes: 21 } } as const;

export const DEMO_PLACINGS: readonly PlacingSeedRow[] = [
  // open
  {
    kind: 'SPO',
    market: 'US',
    code: 'INTC',
    days: [-1, 2],
    discount: '0.06',
    lotSize: 10,
    sharesOffered: 2_000_000,
    lockupDays: 30,
  },
  {
    kind: 'QIP',
    market: 'HK',
    code: '01810',
    days: [-2, 1],
    discount: '0.08',
    lotSize: 200,
    sharesOffered: 10_000_000,
    lockupDays: 90,
  },
  // upcoming
  {
    kind: 'SPO',
    market: 'HK',
    code: '03690',
    days: [2, 5],
    discount: '0.05',
    lotSize: 100,
    sharesOffered: 5_000_000,
    lockupDays: 60,
  },
  // closed: the job allots it at its first pass
  {
    kind: 'QIP',
    market: 'US',
    code: 'AMD',
    days: [-5, -1],
    discount: '0.04',
    lotSize: 5,
    sharesOffered: 500_000,
    lockupDays: 45,
  },
];

const SOURCE = { US: 0, HK: 11 } as const;

export function placingRows(now: Date): Array<typeof placings.$inferInsert> {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  return DEMO_PLACINGS.map((row) => {
    const hours = HOURS[row.market];
    return {
      kind: row.kind,
      source: SOURCE[row.market],
      code: row.code,
      market: row.market,
      currency: row.market === 'US' ? 'USD' : 'HKD',
      opensAt: new Date(today + row.days[0] * DAY + hours.opens * HOUR),
      closesAt: new Date(today + row.days[1] * DAY + hours.closes * HOUR),
      discount: row.discount,
      lotSize: row.lotSize,
      sharesOffered: row.sharesOffered,
      fee: PUBLISHED_FEE[row.market],
      allotmentRule: row.market === 'HK' ? 'ballot' : 'proRata',
      lockupDays: row.lockupDays,
      state: 'scheduled',
      simulated: true,
      createdAt: now,
      updatedAt: now,
    };
  });
}

/** Writes the demo placings (a placing already there is left as it is); the number added. */
export async function seedPlacings(db: Executor, now: Date): Promise<number> {
  const added = await db.insert(placings).values(placingRows(now)).onConflictDoNothing().returning({ id: placings.id });
  return added.length;
}
