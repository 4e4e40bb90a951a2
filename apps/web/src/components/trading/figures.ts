/**
 * The figures of the order ticket and of open positions, exactly: prices, quantities and money are decimal
 * strings and are computed with Decimal, never with JS floats. These are previews for the screen only: the
 * server fills at its own bid and ask and books the margin, the fee and the profit or loss it computes, and
 * the screens show what it answered once it did. The rules themselves (which side of a quote, profit, quantity
 * checks) are the server's own, from @beurs/contracts (trading-rules.ts); this file adapts them to what a screen
 * holds (text that may be empty or unreadable, a quote without a side).
 */
import {
  type BidAsk,
  closingSide,
  Decimal,
  feeCents,
  openingSide,
  positionProfit,
  type Wallet,
  type WalletBalance,
} from '@beurs/contracts';

export type Side = 0 | 1;

function toDecimal(value: string | Decimal | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

export interface OrderFigures {
  notional: string;
  margin: string;
  fee: string;
  /** Margin plus fee: what the order takes from the wallet's available balance. */
  total: string;
}

type ShownQuote = { [side in keyof BidAsk]?: string | null } & { price_nominal?: string | null };

/** A side of a quote as shown: the side when the quote has one, else the last price. */
function sidePrice(side: keyof BidAsk, quote: ShownQuote | undefined): string | undefined {
  if (!quote) return undefined;
  const value = quote[side];
  return toDecimal(value)?.gt(0) ? (value ?? undefined) : (quote.price_nominal ?? undefined);
}

/** The price an open position would close at now (trading-rules closingSide: the bid for a long). */
export const closingPrice = (direction: Side, quote: ShownQuote | undefined) =>
  sidePrice(closingSide(direction), quote);

/** The price a new order would fill at now (trading-rules openingSide: the ask for a buy). */
export const openingPrice = (direction: Side, quote: ShownQuote | undefined) =>
  sidePrice(openingSide(direction), quote);

/** Profit as a percentage of the margin put up (2 places), e.g. "+12.50" for 12.5 %; null when there is no margin. */
export function profitRatio(profit: string | null | undefined, margin: string | null | undefined): string | null {
  const p = toDecimal(profit);
  const m = toDecimal(margin);
  if (!p || !m || m.lte(0)) return null;
  return p.div(m).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Leverage steps offered on the ticket: the usual steps up to the cap, and the cap itself. */
export function leverageSteps(cap: number): number[] {
  const usual = [1, 2, 3, 5, 10, 20, 30, 50, 100];
  const steps = usual.filter((n) => n <= cap);
  if (cap >= 1 && !steps.includes(cap)) steps.push(cap);
  return steps;
}

/** A part of a quantity (half of 7 shares is 3 when whole units only): rounded down to `decimals` places. */
export function partOf(quantity: string, fraction: string, decimals: number): string {
  const q = toDecimal(quantity);
  const f = toDecimal(fraction);
  if (!q || !f) return '';
  return q.mul(f).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
}

/** What an order lacks in its wallet, rounded up to the cent so that moving it is enough; null when nothing. */
export function shortfall(total: string | null | undefined, available: string | null | undefined): string | null {
  const x = toDecimal(total);
  const y = toDecimal(available);
  if (!x || !y || !x.gt(y)) return null;
  return x.minus(y).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
}

/**
 * Where a shortfall can come from: the other wallet in the paying wallet's currency that holds the most
 * (often the one the customer filled thinking it pays, e.g. Stocks for a Dutch share); none when all are empty.
 */
export function shortfallSource(to: Wallet, balances: readonly WalletBalance[] | undefined): Wallet | undefined {
  const currency = balances?.find((b) => b.walletType === to)?.currency;
  let best: WalletBalance | undefined;
  for (const b of balances ?? []) {
    if (b.walletType === to || b.currency !== currency || !greaterThan(b.balance, '0')) continue;
    if (!best || greaterThan(b.balance, best.balance)) best = b;
  }
  return best?.walletType;
}

/** a > b for decimal strings (false when either is unreadable). */
export function greaterThan(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = toDecimal(a);
  const y = toDecimal(b);
  return Boolean(x && y && x.gt(y));
}

/** Sum of decimal strings, to the cent. */
export function sum(values: ReadonlyArray<string | null | undefined>): string {
  return values
    .reduce<Decimal>((acc, v) => acc.plus(toDecimal(v) ?? 0), new Decimal(0))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

/** Typed text as a price: a decimal comma becomes a point (Dutch keyboards), other characters go ("1,5" → "1.5"). */
export const tidyPrice = (text: string) => text.replace(/,/g, '.').replace(/[^\d.]/g, '');

/** Tidies typed text into a quantity with at most `decimals` places (0: whole units). */
export function tidyQuantity(text: string, decimals: number): string {
  let s = tidyPrice(text);
  const dot = s.indexOf('.');
  if (dot !== -1) {
    s =
      decimals === 0
        ? s.slice(0, dot)
        : `${s.slice(0, dot + 1)}${s
            .slice(dot + 1)
            .replace(/\./g, '')
            .slice(0, decimals)}`;
  }
  s = s.replace(/^0+(?=\d)/, '');
  if (s.startsWith('.')) s = `0${s}`;
  return s.slice(0, 18);
}

/**
 * The ticket's margin, fee and total for `quantity` from the server's per-unit figures (wallet currency,
 * at the server's fill price and rate), and the order value (margin × leverage), to the cent.
 */
export function ticketFigures(
  perUnit: { marginPerUnit: string; feePerUnit: string; leverage: number } | undefined,
  quantity: string | undefined,
): OrderFigures | null {
  const q = toDecimal(quantity);
  const m = toDecimal(perUnit?.marginPerUnit);
  const f = toDecimal(perUnit?.feePerUnit);
  if (!perUnit || !q || !m || !f || q.lte(0)) return null;
  const margin = feeCents(m.mul(q));
  const fee = feeCents(f.mul(q));
  return {
    notional: feeCents(m.mul(q).mul(perUnit.leverage)).toFixed(2),
    margin: margin.toFixed(2),
    fee: fee.toFixed(2),
    total: margin.plus(fee).toFixed(2),
  };
}

/** The live floating profit of a position: the server's figure moved by the live closing price. */
export function liveProfit(
  p: {
    direction: number;
    openPrice: string;
    nowPrice: string;
    positionNum: number;
    multiplier: string;
    rate: string;
    profit: string;
  },
  mark: string | undefined,
): string {
  if (!mark) return p.profit;
  const open = toDecimal(p.openPrice);
  const now = toDecimal(mark);
  const m = toDecimal(p.multiplier);
  const rate = toDecimal(p.rate);
  if (!open || !now || !m || !rate) return p.profit;
  return positionProfit({ direction: p.direction, openPrice: open, multiplier: m }, p.positionNum, now, rate).toFixed(
    2,
  );
}
