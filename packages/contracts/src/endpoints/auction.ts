/**
 * The pre-market (opening) auction and the sale of allotted new shares (SPEC §1 "pre-market auction stocks", §3 asset
 * type 7, §7: /m_ft/preMarketList, /stock/auctionStockCreate, /m_ft/sale_list, /m_ft/get_sale_time). The rules and
 * the readings where the spec is silent are in docs/primary-markets.md "Pre-market auction" and "When allotted shares
 * may be sold".
 *
 * - A stock is in its pre-open phase for the published window before its market's first regular session of the day
 *   (AUCTION_PRE_OPEN_MINUTES). Only then may a customer enter an auction order: a limit order "at the open", held
 *   like any entrusted limit order of the trading module.
 * - At the open the simulator's first regular-session price is the opening price. The house stands on the other side
 *   of every auction order at that one price (the published uncrossing rule): a buy whose limit is at or above it, a
 *   sell whose limit is at or below it, fills at it; the others are cancelled and their hold released.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { direction, orderResult, priceInput, quantity, stockCode, termsVersion } from './trading.js';
import { currency, walletType } from './wallet.js';

const ms = z.number().int();

// ------------------------------------------------------------------------------------------------ rules

/**
 * Minutes before each market's first regular session of the day during which its stocks are in the pre-open phase
 * and take auction orders (published; markets without an entry hold no auction). US: the whole pre-market, 04:00 to
 * 09:30 New York, as the opening cross takes orders; HKEX: 09:00 to 09:30, its pre-opening session; Frankfurt,
 * Amsterdam and Brussels: the hour before 09:00; Mexico: 08:00 to 08:30.
 */
export const AUCTION_PRE_OPEN_MINUTES = {
  US: 330,
  HKEX: 30,
  XETRA: 60,
  EURONEXT_AMS: 60,
  EURONEXT_BRU: 60,
  BMV: 30,
} as const;
export type AuctionMarket = keyof typeof AUCTION_PRE_OPEN_MINUTES;
export const AUCTION_MARKETS = Object.keys(AUCTION_PRE_OPEN_MINUTES) as AuctionMarket[];

/**
 * Whether an auction order at `limit` fills at the opening price `open` (the uncrossing rule): a buy at or above it,
 * a sell at or below it. The fill is always at `open`, never worse than the limit.
 */
export function auctionCrosses(dir: 0 | 1, limit: string, open: string): boolean {
  // Exact decimal comparison (never a float): prices are plain decimal strings.
  const cmp = compareDecimal(limit, open);
  return dir === 0 ? cmp >= 0 : cmp <= 0;
}

/** Compares two non-negative decimal strings exactly (no float): -1, 0 or 1. */
function compareDecimal(a: string, b: string): number {
  if (!/^\d+(\.\d+)?$/.test(a.trim()) || !/^\d+(\.\d+)?$/.test(b.trim())) throw new Error('not a price');
  const [ai = '0', af = ''] = a.trim().split('.');
  const [bi = '0', bf = ''] = b.trim().split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x === y ? 0 : x > y ? 1 : -1;
}

/** An auction order's state: waiting for the open, filled at the opening price, not crossed (cancelled at the open and
 * released), or cancelled by the customer before the open. */
export const AUCTION_ORDER_STATES = ['waiting', 'filled', 'notFilled', 'cancelled'] as const;
export const auctionOrderState = z.enum(AUCTION_ORDER_STATES);
export type AuctionOrderState = z.infer<typeof auctionOrderState>;

// ------------------------------------------------------------------------------------------------ the list

/** A market's pre-open window: now (`preOpen`) or the next one. */
export const auctionSession = z.object({
  market: z.enum(AUCTION_MARKETS as [AuctionMarket, ...AuctionMarket[]]),
  preOpen: z.boolean(),
  startsAtTimestamp: ms,
  opensAtTimestamp: ms,
});
export type AuctionSession = z.infer<typeof auctionSession>;

/** A stock in its pre-open phase. Prices in the stock's currency; the ticket's figures in the wallet's. */
export const auctionStock = z.object({
  code: z.string(),
  name: z.string(),
  source: z.number().int(),
  classify: z.string(),
  market: z.enum(AUCTION_MARKETS as [AuctionMarket, ...AuctionMarket[]]),
  currency: z.string(),
  walletType,
  walletCurrency: currency,
  /**
   * The indicative price: the simulator's last trade now (US pre-market trades, elsewhere the previous close). The
   * opening price itself is only known at the open.
   */
  indicativePrice: z.string(),
  /** Decimals of the stock's prices: a limit may have no more (errors.priceOffTick). */
  priceDecimals: z.number().int(),
  prevClose: z.string(),
  lotSize: z.number().int(),
  minQuantity: z.number().int(),
  /** Stock currency → wallet currency, the live mid rate. */
  rate: z.string(),
  /** The open fee rates of the stock schedule (buy, sell), and the schedule an order sends back. */
  buyRate: z.string(),
  sellRate: z.string(),
  termsVersion: z.string(),
  preOpenStartsAtTimestamp: ms,
  opensAtTimestamp: ms,
});
export type AuctionStock = z.infer<typeof auctionStock>;

export const preMarketList = defineEndpoint({
  method: 'POST',
  path: '/m_ft/preMarketList',
  auth: 'optional',
  tag: 'auction',
  summary:
    "The stocks in their pre-open phase now, with the indicative price (the simulator's last trade) and the open, and each market's pre-open window (now or next), so an empty list says when the next one starts.",
  request: z.object({
    market: z.enum(AUCTION_MARKETS as [AuctionMarket, ...AuctionMarket[]]).optional(),
    page: r.page,
    pageSize: r.pageSize,
  }),
  data: pageOf(auctionStock).extend({ sessions: z.array(auctionSession) }),
});

// ------------------------------------------------------------------------------------------------ orders

export const auctionOrder = z.object({
  id: z.number().int(),
  /** The trading module's order (an entrusted limit order until the open). */
  orderId: z.number().int(),
  code: z.string(),
  name: z.string(),
  source: z.number().int(),
  direction,
  quantity: z.number().int(),
  limitPrice: z.string(),
  /** Margin + fee held until the open, wallet currency. */
  held: z.string(),
  walletType,
  walletCurrency: currency,
  state: auctionOrderState,
  /** The opening price once the open has decided it (filled or not crossed). */
  openPrice: z.string().nullable(),
  positionId: z.number().int().nullable(),
  opensAtTimestamp: ms,
  createTimeTimestamp: ms,
  decidedAtTimestamp: ms.nullable(),
});
export type AuctionOrder = z.infer<typeof auctionOrder>;

export const auctionStockCreate = defineEndpoint({
  method: 'POST',
  path: '/stock/auctionStockCreate',
  auth: 'user',
  tag: 'auction',
  idempotent: true,
  summary:
    "Enter a limit order for a stock's opening auction, only while it is in its pre-open phase (422 auctionNotPreOpen). Unleveraged; its amount and fee are held in the stock's wallet as for any entrusted limit order. At the open it fills at the opening price if the limit crosses it, else it is cancelled and the hold released.",
  request: z.object({
    stockCode,
    source: r.integer(z.number().int()),
    direction,
    price: priceInput,
    quantity,
    termsVersion,
  }),
  data: orderResult.extend({ auctionOrder }),
});

export const auctionOrderList = defineEndpoint({
  method: 'POST',
  path: '/stock/auctionOrderList',
  auth: 'user',
  tag: 'auction',
  summary: "The caller's auction orders, newest first (ours; the spec has no path for them).",
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(auctionOrder),
});

export const auctionOrderDetail = defineEndpoint({
  method: 'POST',
  path: '/stock/auctionOrderDetail',
  auth: 'user',
  tag: 'auction',
  summary: "One of the caller's auction orders (ours); another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: auctionOrder,
});

// ------------------------------------------------------------------------------------------------ console

/**
 * An auction order as the console's monitor shows it: the customer (their id and user ID, no other personal data: the
 * customer's page, which is audited, has the rest), the order and what the open decided.
 */
export const consoleAuctionOrder = auctionOrder.extend({
  customerId: z.number().int(),
  userId: z.string(),
  market: z.string(),
});
export type ConsoleAuctionOrder = z.infer<typeof consoleAuctionOrder>;

export const consoleAuctionOrderList = defineEndpoint({
  method: 'GET',
  path: '/console/auction-orders',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'The auction monitor (read only): every auction order of the current and past pre-open windows, newest first, with the customer, stock, side, limit, quantity, what is held, the state and, once the open decided it, the opening price. Filter by state.',
  request: z.object({ state: auctionOrderState.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(consoleAuctionOrder),
});

// ------------------------------------------------------------------------------------------------ sale of new shares

/** When a new stock's allotted shares may first be sold. */
export const saleTime = z.object({
  code: z.string(),
  listingAtTimestamp: ms,
  /** The end of a published lock-up; null when there is none (IPO allotments have none). */
  lockUpEndsAtTimestamp: ms.nullable(),
  /** The first instant a sell can execute: the listing, or the next session of its market after it. */
  sellableFromTimestamp: ms,
  sellableNow: z.boolean(),
});
export type SaleTime = z.infer<typeof saleTime>;

export const getSaleTime = defineEndpoint({
  method: 'POST',
  path: '/m_ft/get_sale_time',
  auth: 'optional',
  tag: 'primary',
  summary:
    "When an offering's allotted shares may first be sold (our reading of a call the spec leaves unexplained): the listing, any lock-up, and the first session of its market from then on.",
  request: z.object({ code: stockCode }),
  data: saleTime,
});

/** One of the customer's allotments and when its shares may be sold. */
export const saleItem = saleTime.extend({
  subscriptionId: z.number().int(),
  name: z.string(),
  market: z.enum(['US', 'HK']),
  allottedQuantity: z.number().int(),
  price: z.string(),
  currency: z.string(),
  /** The position the shares were delivered into at the listing; null before it. */
  positionId: z.number().int().nullable(),
  /** Shares of it still held (0 once sold). */
  heldQuantity: z.number().int(),
});
export type SaleItem = z.infer<typeof saleItem>;

export const saleList = defineEndpoint({
  method: 'POST',
  path: '/m_ft/sale_list',
  auth: 'user',
  tag: 'primary',
  summary:
    "The caller's allotted new shares with when each may be sold (our reading): sellable ones first, then by the time they become sellable.",
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(saleItem),
});
