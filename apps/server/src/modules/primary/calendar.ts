/**
 * The demo's IPO calendar (docs/primary-markets.md "The seeded calendar"): fictional issuers on the simulated
 * market, dated relative to the clock at the first start, so a fresh `npm start` shows open, upcoming, closed and
 * listed offerings whatever the day. Codes are checked not to be instruments of the simulator (calendar.test.ts).
 */
import type { Executor } from '../../ledger/ledger.js';
import { type OfferingState, offerings } from './schema.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface CalendarRow {
  code: string;
  issuer: string;
  issuerZh: string;
  market: 'US' | 'HK';
  exchange: 'NASDAQ' | 'NYSE' | 'HKEX';
  /** Days from today (UTC) of the prospectus, the window and the listing. */
  days: [prospectus: number, opens: number, closes: number, listing: number];
  price: [min: string, max: string];
  lotSize: number;
  sharesOffered: number;
  state?: OfferingState;
}

/**
 * The window's hours in UTC: Hong Kong applications from 09:00 to 12:00 HKT (01:00-04:00 UTC) and listing at
 * 09:30 HKT; US ones from 09:30 to 16:00 New York winter time (14:30-21:00 UTC) and listing at the open.
 */
const HOURS = {
  HK: { prospectus: 1, opens: 1, closes: 4, listing: 1.5 },
  US: { prospectus: 13, opens: 14.5, closes: 21, listing: 14.5 },
} as const;

/** The published fee per subscription, in the offering's currency. */
export const PUBLISHED_FEE = { US: '2.00', HK: '100.00' } as const;

export const DEMO_CALENDAR: readonly CalendarRow[] = [
  // open
  {
    code: 'NWRB',
    issuer: 'Northwind Robotics Inc.',
    issuerZh: '北风机器人',
    market: 'US',
    exchange: 'NASDAQ',
    days: [-6, -2, 3, 5],
    price: ['18.00', '21.00'],
    lotSize: 1,
    sharesOffered: 4_000_000,
  },
  {
    code: '09831',
    issuer: 'Harbour Lantern Tea Holdings Ltd.',
    issuerZh: '港灯茶业控股',
    market: 'HK',
    exchange: 'HKEX',
    days: [-4, -1, 2, 6],
    price: ['6.80', '7.60'],
    lotSize: 500,
    sharesOffered: 50_000_000,
  },
  {
    code: '02791',
    issuer: 'Kowloon Quantum Materials Ltd.',
    issuerZh: '九龙量子材料',
    market: 'HK',
    exchange: 'HKEX',
    days: [-3, -1, 1, 4],
    price: ['23.50', '25.00'],
    lotSize: 200,
    sharesOffered: 20_000_000,
  },
  // upcoming
  {
    code: 'PGRD',
    issuer: 'Prairie Grid Energy Corp.',
    issuerZh: '草原电网能源',
    market: 'US',
    exchange: 'NYSE',
    days: [-1, 3, 8, 10],
    price: ['30.00', '34.00'],
    lotSize: 1,
    sharesOffered: 6_000_000,
  },
  {
    code: '06829',
    issuer: 'Lotus Bay Logistics Group Ltd.',
    issuerZh: '莲湾物流集团',
    market: 'HK',
    exchange: 'HKEX',
    days: [2, 4, 7, 11],
    price: ['3.20', '3.60'],
    lotSize: 1000,
    sharesOffered: 80_000_000,
  },
  // closed, waiting for the allotment
  {
    code: 'COWL',
    issuer: 'Cobalt Owl Software Inc.',
    issuerZh: '钴枭软件',
    market: 'US',
    exchange: 'NASDAQ',
    days: [-10, -7, -1, 1],
    price: ['14.00', '16.00'],
    lotSize: 1,
    sharesOffered: 3_000_000,
  },
  // listed
  {
    code: '02876',
    issuer: 'Silver Junk Foods Ltd.',
    issuerZh: '银帆食品',
    market: 'HK',
    exchange: 'HKEX',
    days: [-30, -25, -21, -17],
    price: ['4.10', '4.50'],
    lotSize: 1000,
    sharesOffered: 60_000_000,
    state: 'listed',
  },
  {
    code: 'MKTA',
    issuer: 'Meridian Kite Aerospace Inc.',
    issuerZh: '子午风筝航天',
    market: 'US',
    exchange: 'NYSE',
    days: [-40, -35, -30, -27],
    price: ['22.00', '25.00'],
    lotSize: 1,
    sharesOffered: 8_000_000,
    state: 'listed',
  },
];

/** The rows of DEMO_CALENDAR dated from `now` (UTC days), ready to insert. */
export function calendarRows(now: Date): Array<typeof offerings.$inferInsert> {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  return DEMO_CALENDAR.map((row) => {
    const hours = HOURS[row.market];
    const at = (day: number, hour: number) => new Date(today + day * DAY + hour * HOUR);
    const [prospectus, opens, closes, listing] = row.days;
    return {
      code: row.code,
      issuer: row.issuer,
      issuerZh: row.issuerZh,
      market: row.market,
      exchange: row.exchange,
      currency: row.market === 'US' ? 'USD' : 'HKD',
      prospectusAt: at(prospectus, hours.prospectus),
      opensAt: at(opens, hours.opens),
      closesAt: at(closes, hours.closes),
      listingAt: at(listing, hours.listing),
      priceMin: row.price[0],
      priceMax: row.price[1],
      lotSize: row.lotSize,
      sharesOffered: row.sharesOffered,
      fee: PUBLISHED_FEE[row.market],
      allotmentRule: row.market === 'HK' ? 'ballot' : 'proRata',
      state: row.state ?? 'scheduled',
      simulated: true,
      createdAt: now,
      updatedAt: now,
    };
  });
}

/** Writes the demo calendar (codes already there are left as they are); the number of offerings added. */
export async function seedOfferings(db: Executor, now: Date): Promise<number> {
  const added = await db
    .insert(offerings)
    .values(calendarRows(now))
    .onConflictDoNothing()
    .returning({ id: offerings.id });
  return added.length;
}
