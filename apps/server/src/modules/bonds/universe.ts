/**
 * The treasury-bond universe (SPEC source 101, issue 16, docs/fixed-income.md "The universe"): simulated government
 * bonds of the US (bills, notes, bonds), Germany, the Netherlands and Belgium. Like every instrument of the app they
 * are made up (their codes carry "KM" where a real ISIN has its issuer's number, with a valid ISIN check digit), with
 * coupons and maturities of the kind each issuer has outstanding.
 *
 * Notes and bonds are a fixed list; each is dated on the coupon date of its schedule `termYears` before its maturity
 * (no odd first period) and leaves the list once it can no longer settle before its maturity. Bills roll: a 13-, 26-
 * and 52-week bill is issued every fourth Thursday from Thursday 1 January 2026, and the list carries the newest of
 * each term. A holding keeps its bond's terms (schema.ts), so a bill that has left the list is still paid.
 */
import { bondMath, Decimal, type Language, walletForClassify } from '@beurs/contracts';

export const BOND_SOURCE = 101;
export const BOND_ISSUERS = ['US', 'DE', 'NL', 'BE'] as const;
export type BondIssuer = (typeof BOND_ISSUERS)[number];
export type BondKind = 'bill' | 'note' | 'bond';
export type DayCount = 'ACT/ACT ICMA' | 'ACT/360';

export interface BondDef {
  code: string;
  issuer: BondIssuer;
  kind: BondKind;
  currency: 'USD' | 'EUR';
  /** The annual coupon rate as a decimal string ("0.04125"); "0" for a bill. */
  couponRate: string;
  /** Coupons a year; 0 for a bill. */
  frequency: 0 | 1 | 2;
  datedDate: string;
  maturity: string;
  /** The face value of one bond, in its currency. */
  faceValue: number;
  dayCount: DayCount;
  /** Business days from the trade to the settlement (US T+1, euro area T+2). */
  settlementDays: number;
}

/** One bond's face: a customer buys whole bonds of this many units of its currency. */
export const FACE_VALUE = 1000;

const COUNTRY_NAMES: Readonly<Record<BondIssuer, Record<Language, string>>> = {
  US: { en: 'US Treasury', nl: 'Amerikaanse staat', 'zh-Hans': '美国国债' },
  DE: { en: 'German Federal', nl: 'Duitse staat', 'zh-Hans': '德国联邦' },
  NL: { en: 'Dutch State (DSL)', nl: 'Nederlandse staat (DSL)', 'zh-Hans': '荷兰国债 (DSL)' },
  BE: { en: 'Belgian State (OLO)', nl: 'Belgische staat (OLO)', 'zh-Hans': '比利时国债 (OLO)' },
};

const KIND_NAMES: Readonly<Record<BondKind, Record<Language, string>>> = {
  bill: { en: 'Bill', nl: 'schatkistpapier', 'zh-Hans': '短期国库券' },
  note: { en: 'Note', nl: 'obligatie', 'zh-Hans': '中期国债' },
  bond: { en: 'Bond', nl: 'obligatie', 'zh-Hans': '长期国债' },
};

/** "US Treasury Note 4.125% 2033-02-28" in the request's language (a bill has no coupon). */
export function bondName(def: BondDef, lang: Language): string {
  const coupon = def.frequency === 0 ? '' : ` ${(Number(def.couponRate) * 100).toFixed(3).replace(/0$/, '')}%`;
  const issuer = COUNTRY_NAMES[def.issuer][lang];
  const kind = def.issuer === 'US' || def.kind === 'bill' ? ` ${KIND_NAMES[def.kind][lang]}` : '';
  return `${issuer}${kind}${coupon} ${def.maturity}`;
}

/** The ISIN check digit (letters as 10-35, then the Luhn sum) of the first 11 characters. */
export function isinCheckDigit(body: string): number {
  const digits = [...body.toUpperCase()].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** "US" + "KM" + the kind's letter + the maturity as YYMMDD + the check digit: twelve characters like an ISIN. */
function codeOf(issuer: BondIssuer, kind: BondKind, maturity: string): string {
  const body = `${issuer}KM${kind === 'bill' ? 'B' : kind === 'note' ? 'N' : 'L'}${maturity.slice(2).replaceAll('-', '')}`;
  return `${body}${isinCheckDigit(body)}`;
}

/** [issuer, kind, coupon %, maturity, term in years]. */
type Row = [BondIssuer, BondKind, string, string, number];

const ROWS: readonly Row[] = [
  ['US', 'note', '4.000', '2027-05-15', 2],
  ['US', 'note', '3.875', '2028-11-15', 3],
  ['US', 'note', '3.750', '2031-08-31', 5],
  ['US', 'note', '4.125', '2033-02-28', 7],
  ['US', 'note', '4.250', '2036-05-15', 10],
  ['US', 'bond', '4.625', '2046-02-15', 20],
  ['US', 'bond', '4.750', '2056-08-15', 30],
  ['DE', 'bond', '0.250', '2027-08-15', 10],
  ['DE', 'note', '2.000', '2028-03-10', 2],
  ['DE', 'note', '2.400', '2031-04-15', 5],
  ['DE', 'bond', '2.600', '2036-02-15', 10],
  ['DE', 'bond', '2.900', '2056-08-15', 30],
  ['NL', 'bond', '0.750', '2027-07-15', 10],
  ['NL', 'bond', '2.500', '2033-07-15', 10],
  ['NL', 'bond', '2.750', '2047-01-15', 30],
  ['BE', 'bond', '0.800', '2027-06-22', 10],
  ['BE', 'bond', '3.000', '2034-06-22', 10],
  ['BE', 'bond', '3.500', '2055-06-22', 30],
];

const couponBond = ([issuer, kind, coupon, maturity, term]: Row): BondDef => {
  const frequency = issuer === 'US' ? 2 : 1;
  return {
    code: codeOf(issuer, kind, maturity),
    issuer,
    kind,
    currency: issuer === 'US' ? 'USD' : 'EUR',
    couponRate: new Decimal(coupon).dividedBy(100).toString(),
    frequency,
    datedDate: bondMath.couponDateBefore({ frequency, maturity }, term * frequency),
    maturity,
    faceValue: FACE_VALUE,
    dayCount: 'ACT/ACT ICMA',
    settlementDays: issuer === 'US' ? 1 : 2,
  };
};

export const COUPON_BONDS: readonly BondDef[] = ROWS.map(couponBond);

/** Bills: 13, 26 and 52 weeks, issued every fourth Thursday from this one (a Thursday). */
const BILL_ANCHOR = bondMath.dayNumber('2026-01-01');
const BILL_CYCLE_DAYS = 28;
export const BILL_TERMS_DAYS = [91, 182, 364] as const;

function bill(issue: number, days: number): BondDef {
  const maturity = bondMath.isoDate(issue + days);
  return {
    code: codeOf('US', 'bill', maturity),
    issuer: 'US',
    kind: 'bill',
    currency: 'USD',
    couponRate: '0',
    frequency: 0,
    datedDate: bondMath.isoDate(issue),
    maturity,
    faceValue: FACE_VALUE,
    dayCount: 'ACT/360',
    settlementDays: 1,
  };
}

/** The newest bill of each term issued on or before `day` (a day number). */
export function billsOn(day: number): BondDef[] {
  const issue = BILL_ANCHOR + Math.floor((day - BILL_ANCHOR) / BILL_CYCLE_DAYS) * BILL_CYCLE_DAYS;
  return BILL_TERMS_DAYS.map((days) => bill(issue, days));
}

/** The business day `n` weekdays after `day` (day numbers; 1970-01-01 was a Thursday). */
export function addBusinessDays(day: number, n: number): number {
  let d = day;
  for (let left = n; left > 0; ) {
    d += 1;
    const weekday = (d + 3) % 7; // 0 Monday … 6 Sunday
    if (weekday < 5) left -= 1;
  }
  return d;
}

/** The settlement date of a trade at `at`: `settlementDays` business days after its UTC date. */
export function settlementOf(def: Pick<BondDef, 'settlementDays'>, at: Date): string {
  return bondMath.isoDate(addBusinessDays(Math.floor(at.getTime() / 86_400_000), def.settlementDays));
}

/** A bond may be traded while a trade today settles before its maturity. */
export const tradable = (def: BondDef, at: Date) => settlementOf(def, at) < def.maturity;

/** The bonds on the list at `at`: every one that may still be traded, by issuer and maturity. */
export function bondUniverse(at: Date): BondDef[] {
  const day = Math.floor(at.getTime() / 86_400_000);
  return [...billsOn(day), ...COUPON_BONDS]
    .filter((b) => b.datedDate <= bondMath.isoDate(day) && tradable(b, at))
    .sort(
      (a, b) =>
        BOND_ISSUERS.indexOf(a.issuer) - BOND_ISSUERS.indexOf(b.issuer) ||
        a.maturity.localeCompare(b.maturity) ||
        a.code.localeCompare(b.code),
    );
}

/** The listed bond of this code at `at`, or null. */
export const bondByCode = (code: string, at: Date) => bondUniverse(at).find((b) => b.code === code) ?? null;

/** The wallet a bond is paid from and into: USD bonds the US_STOCK wallet, euro ones BALANCE (SPEC §3). */
export const walletOfBond = (def: Pick<BondDef, 'issuer'>) =>
  def.issuer === 'US' ? walletForClassify.UsStock : walletForClassify[def.issuer];

/** bond-math's terms of a coupon bond. */
export const termsOf = (def: BondDef): bondMath.BondTerms => ({
  couponRate: Number(def.couponRate),
  frequency: def.frequency as bondMath.CouponFrequency,
  maturity: def.maturity,
  datedDate: def.datedDate,
});
