import type { Exchange, InstrumentDef, NotionalBond } from './types.js';

type FutureCategory = NonNullable<InstrumentDef['category']>;

/**
 * [code, name, nameZh, exchange, category, refPrice, priceDecimals, contractSize, expiry, openInterest, volatility]
 *
 * Prices are in the exchange's quoting unit (grains, softs other than cocoa, cattle: US cents; cocoa: USD per tonne;
 * metals and energy: USD per unit; index futures: index points) at roughly late-2025 levels. Expiry is the last trading
 * day of the front contract used by the simulation (Dec 2026 .. Mar 2027 contract cycle); open interest is a plausible
 * figure for that contract.
 */
type FutureRow = [string, string, string, Exchange, FutureCategory, string, number, number, string, number, number];

const rows: FutureRow[] = [
  // metals
  ['GC', 'Gold', '黄金', 'COMEX', 'metals', '4100.0', 1, 100, '2026-12-29', 350_000, 0.18], // GCZ26, 100 troy oz
  ['SI', 'Silver', '白银', 'COMEX', 'metals', '52.000', 3, 5000, '2026-12-29', 110_000, 0.32], // SIZ26, 5,000 troy oz
  ['HG', 'Copper', '铜', 'COMEX', 'metals', '5.1000', 4, 25000, '2026-12-29', 120_000, 0.25], // HGZ26, 25,000 lb
  ['PL', 'Platinum', '铂金', 'NYMEX', 'metals', '1550.0', 1, 50, '2027-01-27', 60_000, 0.3], // PLF27, 50 troy oz
  ['PA', 'Palladium', '钯金', 'NYMEX', 'metals', '1400.00', 2, 100, '2026-12-29', 15_000, 0.4], // PAZ26, 100 troy oz
  // energy
  ['CL', 'WTI Crude Oil', 'WTI原油', 'NYMEX', 'energy', '59.00', 2, 1000, '2026-12-21', 300_000, 0.35], // CLF27, 1,000 bbl
  ['BZ', 'Brent Crude Oil', '布伦特原油', 'ICE', 'energy', '63.00', 2, 1000, '2026-12-31', 350_000, 0.32], // Feb-27, 1,000 bbl
  ['NG', 'Henry Hub Natural Gas', '天然气', 'NYMEX', 'energy', '4.600', 3, 10000, '2026-12-29', 150_000, 0.65], // NGF27, 10,000 MMBtu
  ['HO', 'NY Harbor ULSD (Heating Oil)', '取暖油', 'NYMEX', 'energy', '2.4000', 4, 42000, '2026-12-31', 90_000, 0.35], // HOF27, 42,000 gal
  ['RB', 'RBOB Gasoline', 'RBOB汽油', 'NYMEX', 'energy', '1.9000', 4, 42000, '2026-12-31', 100_000, 0.35], // RBF27, 42,000 gal
  // agricultural
  ['ZC', 'Corn', '玉米', 'CBOT', 'agricultural', '440.00', 2, 5000, '2026-12-14', 600_000, 0.22], // ZCZ26, 5,000 bu, cents/bu
  ['ZW', 'Chicago SRW Wheat', '小麦', 'CBOT', 'agricultural', '545.00', 2, 5000, '2026-12-14', 200_000, 0.28], // ZWZ26
  ['ZS', 'Soybeans', '大豆', 'CBOT', 'agricultural', '1130.00', 2, 5000, '2027-01-14', 300_000, 0.18], // ZSF27
  ['KC', 'Coffee "C"', '咖啡', 'ICE', 'agricultural', '350.00', 2, 37500, '2027-03-18', 50_000, 0.4], // KCH27, 37,500 lb, cents/lb
  ['SB', 'Sugar No. 11', '11号原糖', 'ICE', 'agricultural', '15.00', 2, 112000, '2027-02-26', 400_000, 0.3], // SBH27, 112,000 lb
  ['CC', 'Cocoa', '可可', 'ICE', 'agricultural', '5500', 0, 10, '2027-03-16', 40_000, 0.5], // CCH27, 10 metric tons, USD/t
  ['CT', 'Cotton No. 2', '棉花', 'ICE', 'agricultural', '66.00', 2, 50000, '2027-03-09', 120_000, 0.22], // CTH27, 50,000 lb
  ['LE', 'Live Cattle', '活牛', 'CME', 'agricultural', '220.000', 3, 40000, '2026-12-31', 120_000, 0.15], // LEZ26, 40,000 lb
  // indices (contractSize = USD multiplier per index point)
  [
    'ES',
    'E-mini S&P 500',
    '标普500指数期货(E-mini)',
    'CME',
    'indices',
    '6900.00',
    2,
    50,
    '2026-12-18',
    2_100_000,
    0.17,
  ], // ESZ26
  [
    'NQ',
    'E-mini Nasdaq-100',
    '纳斯达克100指数期货(E-mini)',
    'CME',
    'indices',
    '25300.00',
    2,
    20,
    '2026-12-18',
    270_000,
    0.22,
  ], // NQZ26
  // rates (contractSize = the currency per point: a point is 1 % of the contract's face, 100,000 or 200,000): priced
  // from the yield curves (rate-futures.ts), refPrice is only where the walk's reference sits. Eurex's March 2027
  // contracts trade until two exchange days before the delivery day (the 10th); the CBOT's 10-year note until seven
  // business days before the month's last one, the 2-year note until that last business day.
  [
    'FGBL',
    'Euro-Bund',
    '德国长期国债期货(Euro-Bund)',
    'EUREX',
    'rates',
    '128.50',
    2,
    1000,
    '2027-03-08',
    1_100_000,
    0.05,
  ],
  [
    'FGBM',
    'Euro-Bobl',
    '德国中期国债期货(Euro-Bobl)',
    'EUREX',
    'rates',
    '117.30',
    2,
    1000,
    '2027-03-08',
    1_000_000,
    0.035,
  ],
  [
    'FGBS',
    'Euro-Schatz',
    '德国短期国债期货(Euro-Schatz)',
    'EUREX',
    'rates',
    '107.50',
    3,
    1000,
    '2027-03-08',
    900_000,
    0.015,
  ],
  [
    'ZN',
    '10-Year US Treasury Note',
    '美国10年期国债期货',
    'CBOT',
    'rates',
    '114.50',
    3,
    1000,
    '2027-03-19',
    4_500_000,
    0.05,
  ],
  [
    'ZT',
    '2-Year US Treasury Note',
    '美国2年期国债期货',
    'CBOT',
    'rates',
    '104.20',
    3,
    2000,
    '2027-03-31',
    4_000_000,
    0.015,
  ],
];

/**
 * The notional bond of each interest-rate future (docs/markets.md "Interest-rate futures"): 6 % coupons, the term
 * the contract names (Bund 10 years: its deliverables run 8.5 to 10.5; Bobl 5: 4.5 to 5.5; Schatz 2: 1.75 to 2.25;
 * the 10-year note 10: 6.5 to 10; the 2-year note 2: 1.75 to 2), once a year on the German curve, twice on the US.
 */
const NOTIONAL: Readonly<Record<string, NotionalBond>> = {
  FGBL: { issuer: 'DE', coupon: 0.06, years: 10, frequency: 1 },
  FGBM: { issuer: 'DE', coupon: 0.06, years: 5, frequency: 1 },
  FGBS: { issuer: 'DE', coupon: 0.06, years: 2, frequency: 1 },
  ZN: { issuer: 'US', coupon: 0.06, years: 10, frequency: 2 },
  ZT: { issuer: 'US', coupon: 0.06, years: 2, frequency: 2 },
};

export const futures: readonly InstrumentDef[] = rows.map(
  ([
    code,
    name,
    nameZh,
    exchange,
    category,
    refPrice,
    priceDecimals,
    contractSize,
    expiry,
    openInterest,
    volatility,
  ]): InstrumentDef => ({
    code,
    name,
    nameZh,
    kind: 'future',
    source: 3,
    exchange,
    currency: exchange === 'EUREX' ? 'EUR' : 'USD',
    refPrice,
    priceDecimals,
    lotSize: 1,
    volatility,
    category,
    contractSize,
    expiry,
    openInterest,
    ...(NOTIONAL[code] ? { notionalBond: NOTIONAL[code] } : {}),
  }),
);
