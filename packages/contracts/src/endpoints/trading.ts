/**
 * Trading (SPEC §7 "Create orders", "Positions", /orders/additions, /stocka_config/getMinCount,
 * /stock_rate/site/get): orders fill against the simulated market's bid and ask by the published rules of
 * docs/trading.md, and every cash effect (fees, profit and loss) is a ledger entry; margin is a hold on the
 * product's wallet. Prices and amounts are decimal strings; quantities are whole numbers of units (shares,
 * currency units of the base currency for forex, contracts for futures); times are milliseconds since the epoch.
 *
 * Status values (SPEC §4) mean the same on orders and positions everywhere:
 *   0 in progress — an entrusted limit order waiting for its price (margin and fee held);
 *   1 success     — an order that filled; a position that is open (held);
 *   2 cancelled   — an order cancelled before it filled (everything held released);
 *   3 in progress — the spec's second "in progress" (wait confirm); our server never produces it, clients show it as 0;
 *   4 closed      — a position that is closed (sellProfit settled through the ledger).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { Direction, OpenClose, OrderStatus, OrderType } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { billItem, currency, walletType } from './wallet.js';

const money = z.string();
/**
 * An instrument's price, a decimal string with every decimal it has (at most 8) and at least the instrument's,
 * as its quotes write it: EUR/USD "1.20590", AAPL "95.00".
 */
const price = z.string();
const ms = z.number().int();

// ------------------------------------------------------------------------------------------------ enums

/**
 * Asset classes of the leverage caps (ESMA retail limits). Each has a leverage cap, buy and sell fee rates and a
 * minimum quantity, configured by the operator (console) and published by /stock_rate/site/get and getMinCount.
 */
export const ASSET_CLASSES = [
  'forexMajor',
  'forexMinor',
  'gold',
  'indexMajor',
  'commodity',
  'indexOther',
  'stock',
  'other',
] as const;
export const assetClass = z.enum(ASSET_CLASSES);
export type AssetClass = z.infer<typeof assetClass>;

/** ESMA retail leverage caps: the defaults and the highest an operator may set. */
export const ESMA_LEVERAGE_CAP: Record<AssetClass, number> = {
  forexMajor: 30,
  forexMinor: 20,
  gold: 20,
  indexMajor: 20,
  commodity: 10,
  indexOther: 10,
  stock: 5,
  /**
   * ESMA's "other reference values" (5:1): here the interest-rate futures, which the retail list does not name (no
   * bond, no interest rate); docs/markets.md "Interest-rate futures".
   */
  other: 5,
};

/** ESMA margin close-out: at or below this margin level (percent) the largest losing position is closed first. */
export const CLOSE_OUT_LEVEL_PERCENT = 50;

export const TRADE_STATUS = { ...OrderStatus, Closed: 4 } as const;
export const tradeStatus = z.union([
  z.literal(OrderStatus.InProgress),
  z.literal(OrderStatus.Success),
  z.literal(OrderStatus.Cancelled),
  z.literal(OrderStatus.InProgressAlt),
  z.literal(4),
]);
export type TradeStatus = z.infer<typeof tradeStatus>;

export const direction = z.union([z.literal(Direction.Buy), z.literal(Direction.Sell)], { error: r.V.invalid });
export const orderType = z.union([z.literal(OrderType.Market), z.literal(OrderType.Limit)], { error: r.V.invalid });
export const openClose = z.union([z.literal(OpenClose.Open), z.literal(OpenClose.Close)]);

/** Why a position was closed: by the customer, by the ESMA margin close-out, or by its stop-loss or take-profit. */
export const CLOSE_REASONS = ['customer', 'closeOut', 'stopLoss', 'takeProfit'] as const;
export const closeReason = z.enum(CLOSE_REASONS);
export type CloseReason = z.infer<typeof closeReason>;

/** The instrument kinds that can be traded, and which create endpoint takes them. */
export const tradeKind = z.enum(['stock', 'forex', 'future']);

// ---------------------------------------------------------------------------------------------- inputs

/** A price typed by the customer (limit, stop-loss, take-profit): positive, up to 8 decimals. */
export const PRICE_PATTERN = /^(0|[1-9]\d{0,12})(\.\d{1,8})?$/;
export const priceInput = z
  .string({ error: r.V.correctAmount })
  .trim()
  .regex(PRICE_PATTERN, { error: r.V.correctAmount })
  .refine((s) => /[1-9]/.test(s), { error: r.V.correctAmount });

/** Whole units, 1 to 1,000,000,000 (the lot size and minimum are checked by the server: 422). */
export const quantity = r.integer(
  z.number().int({ error: r.V.addQuantity }).min(1, { error: r.V.addQuantity }).max(1_000_000_000, {
    error: r.V.addQuantity,
  }),
  r.V.addQuantity,
);

export const leverage = r.integer(
  z.number().int({ error: r.V.invalid }).min(1, { error: r.V.invalid }).max(100, { error: r.V.invalid }),
);

export const stockCode = z
  .string({ error: r.V.instrumentCode })
  .trim()
  .min(1, { error: r.V.instrumentCode })
  .max(20, { error: r.V.instrumentCode });

/**
 * The fee schedule of an asset class as an order ticket shows it: "buyRate:sellRate" (fractions of the notional,
 * without trailing zeros, e.g. "0.001:0.001"). getHalfOrFullNum and /stock_rate/site/get answer it; an order
 * sends the one its ticket showed and is refused (422 termsChanged, nothing written) when the schedule is no
 * longer that, so the fee charged on the fill and, later, on the close is the one the customer saw.
 */
export function termsVersionOf(buyRate: string, sellRate: string): string {
  const plain = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);
  return `${plain(buyRate)}:${plain(sellRate)}`;
}
export const termsVersion = z
  .string({ error: r.V.invalid })
  .trim()
  .regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/, { error: r.V.invalid });

/** The source of an instrument (SPEC §3 market source). */
export const source = r.integer(z.number().int({ error: r.V.invalid }));

/**
 * An order ticket. `price` is required for limit orders (orderType 1) and ignored for market orders, which fill
 * at the ask (buy) or bid (sell). `leverage` defaults to the asset class's cap and may not exceed it.
 */
export const orderInput = z
  .object({
    stockCode,
    /** Optional on /stock/create (0), /hk/create (11), /gold/create (3), /crude/create (2): the endpoint decides it. */
    source: source.optional(),
    /** 0 buy (a long position), 1 sell (a short position). */
    direction,
    /** 0 market, 1 limit. */
    orderType: orderType.default(OrderType.Market),
    price: priceInput.optional(),
    quantity,
    leverage: leverage.optional(),
    /** Optional protective prices set on the position when the order fills. */
    stopLoss: priceInput.optional(),
    takeProfit: priceInput.optional(),
    /**
     * The fee schedule the ticket showed (termsVersionOf; getHalfOrFullNum's termsVersion). Required: an order
     * that does not say which terms the customer saw cannot be held to them (docs/trading.md "Fees").
     */
    termsVersion,
  })
  .refine((o) => o.orderType === OrderType.Market || o.price !== undefined, {
    error: r.V.correctAmount,
    path: ['price'],
  });
export type OrderInput = z.output<typeof orderInput>;

// --------------------------------------------------------------------------------------------- answers

/** The instrument a position or order is in, as the lists show it. */
const instrumentFields = {
  stockCode: z.string(),
  /** In the request language (Chinese name for zh-Hans where there is one). */
  stockName: z.string(),
  source: z.number().int(),
  kind: tradeKind,
  /** Stocks: UsStock, HK, DE, NL, BE, MX; null otherwise. */
  classify: z.string().nullable(),
  assetClass,
  /** The wallet that holds the margin and settles fees and profit (docs/trading.md mapping). */
  walletType,
  /** The wallet's currency: margin, fees, profit and loss are in it. */
  currency,
  /** The currency the instrument is priced in (USD, EUR, HKD, MXN, JPY, ...). */
  priceCurrency: z.string(),
  /** Units per quantity for the notional: futures contract size (÷100 for cent-quoted futures), else 1. */
  multiplier: z.string(),
};

export const position = z.object({
  id: z.number().int(),
  ...instrumentFields,
  /** 0 long (bought), 1 short (sold). */
  direction,
  /** Open quantity (closed positions: the quantity that was closed). */
  positionNum: z.number().int(),
  leverage: z.number().int(),
  /** Average open price, in priceCurrency. */
  openPrice: price,
  /** The price the position would close at now: the bid for a long, the ask for a short (closed: the close price). */
  nowPrice: price,
  /** Margin held for this position in the wallet (initial margin plus any added margin), wallet currency. */
  isolatedPosition: money,
  /** Margin the open quantity requires: notional at open / leverage, wallet currency. */
  initialMargin: money,
  /** Margin added with /position/addPositionMargin, wallet currency. */
  addedMargin: money,
  /** Open quantity × nowPrice × multiplier, converted at `rate`, wallet currency. */
  notional: money,
  /** Fees paid on opening (and adding to) this position, wallet currency. */
  openFee: money,
  /** Floating profit (+) or loss (−) at nowPrice, converted at `rate`, before the close fee; closed: equals sellProfit. */
  profit: money,
  /** profit / isolatedPosition in percent, 2 decimals (the return on the margin). */
  zdf: z.string(),
  /** priceCurrency → wallet currency rate used for profit and notional now (1 when they are the same). */
  rate: z.string(),
  /** The rate at open, used for the margin and the open fee. */
  openRate: z.string(),
  stopLoss: price.nullable(),
  takeProfit: price.nullable(),
  /** 1 open (held), 4 closed. */
  status: tradeStatus,
  /** Whether the instrument's market is open now (closing needs it). */
  marketOpen: z.boolean(),
  createTimeTimestamp: ms,
  // --- closed positions (flatList); null while open
  /** Realised profit (+) or loss (−) settled through the ledger, before the close fee, wallet currency. */
  sellProfit: money.nullable(),
  /** The close price, priceCurrency. */
  sellPrice: price.nullable(),
  /** Fee charged on closing, wallet currency. */
  closeFee: money.nullable(),
  /** openFee + closeFee: every fee the closed quantity paid, wallet currency (null while open). */
  fees: money.nullable(),
  /** sellProfit − fees: the result after fees, the closed list's headline, wallet currency (null while open). */
  netProfit: money.nullable(),
  /** Loss beyond what the wallet held, absorbed by the house (negative-balance protection); "0.00" normally. */
  absorbedLoss: money.nullable(),
  closeReason: closeReason.nullable(),
  /** The open position a partial close was cut from (null for a position closed whole). */
  parentId: z.number().int().nullable(),
  sellTimeTimestamp: ms.nullable(),
  /**
   * A placing's lock-up (docs/primary-markets.md): before this instant the customer cannot close the position nor
   * set its stops (422 positionLockedUp); a close-out still closes it. Null for every other position.
   */
  sellableFromTimestamp: ms.nullable(),
});
export type Position = z.infer<typeof position>;

export const order = z.object({
  id: z.number().int(),
  ...instrumentFields,
  /** The position it opened, added to or closed (null while a new-position limit order waits). */
  positionId: z.number().int().nullable(),
  direction,
  orderType,
  /** 0 open (a new position or an addition), 1 close. */
  openClose,
  quantity: z.number().int(),
  /** Limit orders: the limit; market orders: the fill price. priceCurrency. */
  price,
  /** The price it filled at, null until filled. */
  fillPrice: price.nullable(),
  leverage: z.number().int(),
  /** Margin held (open orders), wallet currency; "0.00" for close orders. */
  margin: money,
  /** Handling fee, wallet currency. */
  fee: money,
  /** margin + fee: what the order takes from the available balance. */
  total: money,
  /** Notional at the order price, wallet currency. */
  amount: money,
  /** priceCurrency → wallet currency rate used. */
  rate: z.string(),
  /** 0 in progress (entrusted), 1 success (filled), 2 cancelled. */
  status: tradeStatus,
  /** Close orders: the realised profit or loss; null otherwise. */
  profit: money.nullable(),
  closeReason: closeReason.nullable(),
  createTimeTimestamp: ms,
  fillTimeTimestamp: ms.nullable(),
  cancelTimeTimestamp: ms.nullable(),
});
export type TradeOrder = z.infer<typeof order>;

/** What a create or additions call answers: the order, and the position when it filled at once. */
export const orderResult = z.object({ order, position: position.nullable() });
export type OrderResult = z.infer<typeof orderResult>;

// ------------------------------------------------------------------------------------------- create

const createEndpoint = (path: string, what: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    auth: 'user',
    tag: 'trading',
    idempotent: true,
    summary: `Place an order for ${what}. Market orders fill at once at the ask (buy) or bid (sell) while the market is open and are refused (422 marketClosed) when it is closed; limit orders rest (status 0) and fill when the price reaches the limit. Margin (notional / leverage) is held in the product's wallet and the fee (buyRate or sellRate × notional) is charged on fill. Needs verified identity.`,
    request: orderInput,
    data: orderResult,
  });

export const stockCreate = createEndpoint('/stock/create', 'a US, German, Dutch, Belgian or Mexican stock (source 0)');
export const hkCreate = createEndpoint('/hk/create', 'a Hong Kong stock (source 11), in board lots');
export const goldCreate = createEndpoint('/gold/create', 'a future or commodity (source 3), in contracts');
export const crudeCreate = createEndpoint('/crude/create', 'a forex pair (source 2), in units of the base currency');

export const additions = defineEndpoint({
  method: 'POST',
  path: '/orders/additions',
  auth: 'user',
  tag: 'trading',
  idempotent: true,
  summary:
    "Add to one of the caller's open positions, in its direction and at its leverage: a market order (filled at once, the position's open price becomes the average) or a limit order (rests; merged when it fills).",
  request: z
    .object({
      positionId: r.id,
      quantity,
      orderType: orderType.default(OrderType.Market),
      price: priceInput.optional(),
      /** The fee schedule the ticket showed, as on the create endpoints. */
      termsVersion,
    })
    .refine((o) => o.orderType === OrderType.Market || o.price !== undefined, {
      error: r.V.correctAmount,
      path: ['price'],
    }),
  data: orderResult,
});

export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/cancel',
  auth: 'user',
  tag: 'trading',
  idempotent: true,
  summary:
    "Cancel one of the caller's entrusted limit orders (status 0; ours, the spec has no path for it). The margin and fee held for it are released at once; a filled or cancelled order answers 422 orderNotCancellable.",
  request: z.object({ id: r.id }),
  data: order,
});

// ---------------------------------------------------------------------------------------- positions

const positionFilter = z.object({
  /** Only this source (0, 2, 3, 11). */
  source: source.optional(),
  walletType: walletType.optional(),
  page: r.page,
  pageSize: r.pageSize,
});

/** Per wallet: the margin level that decides the ESMA close-out (docs/trading.md). */
export const marginSummary = z.object({
  walletType,
  currency,
  /** Σ isolatedPosition + Σ profit of the wallet's open positions. */
  equity: money,
  /** Σ initialMargin of the wallet's open positions. */
  requiredMargin: money,
  /** equity / requiredMargin in percent (2 decimals); null without open positions. */
  marginLevel: z.string().nullable(),
  /** CLOSE_OUT_LEVEL_PERCENT: at or below this the largest losing position is closed. */
  closeOutLevel: z.string(),
  /**
   * Every open position of the wallet is at leverage 1 (paid in full): the app says "Fully paid" instead of a
   * margin level, which would read like a margin call (docs/trading.md "Fully paid positions").
   */
  fullyPaid: z.boolean(),
});
export type MarginSummary = z.infer<typeof marginSummary>;

/**
 * The trade tab's header: what the open positions and the bonds held are worth and how the positions did today, in
 * one currency converted as the funding overview does (EUR; USD at the live EUR/USD mid).
 */
export const portfolio = z.object({
  currency,
  /**
   * Σ equity of every wallet with open positions (margin held + floating profit) and of the treasury bonds held
   * (value at the bid + accrued interest), converted.
   */
  value: money,
  /** The treasury bonds' part of `value` (converted the same way); "0.00" without bonds. */
  bonds: money,
  /** The funding overview's todayProfit: the open positions' profit since the previous close. */
  todayProfit: money,
});
export type Portfolio = z.infer<typeof portfolio>;

export const positionMe = defineEndpoint({
  method: 'POST',
  path: '/position/me',
  auth: 'user',
  tag: 'trading',
  summary:
    "The caller's open positions (holdings), newest first, with floating profit and zdf at the live price, and the margin level of each wallet that has positions.",
  request: positionFilter,
  data: pageOf(position).extend({ margin: z.array(marginSummary), portfolio }),
});

export const flatList = defineEndpoint({
  method: 'POST',
  path: '/position/flatList',
  auth: 'user',
  tag: 'trading',
  summary:
    "The caller's closed positions, newest close first, each with sellProfit, sellPrice, closeFee and why it closed.",
  request: positionFilter,
  data: pageOf(position),
});

export const consignList = defineEndpoint({
  method: 'POST',
  path: '/position/consignList',
  auth: 'user',
  tag: 'trading',
  summary:
    "The caller's orders, newest first: by default the entrusted ones (status 0, cancellable); `status` 1 filled, 2 cancelled; `history` the filled and cancelled ones (the trade centre's order history); `all` every order.",
  request: positionFilter.extend({
    status: r.integer(tradeStatus).optional(),
    history: z.boolean().optional(),
    all: z.boolean().optional(),
  }),
  data: pageOf(order),
});

export const getByStock = defineEndpoint({
  method: 'POST',
  path: '/position/getByStock',
  auth: 'user',
  tag: 'trading',
  summary: "The caller's open positions and entrusted orders in one instrument (the quote page's holdings).",
  request: z.object({ stockCode, source: source.optional() }),
  data: z.object({ positions: z.array(position), orders: z.array(order) }),
});

export const positionDetail = defineEndpoint({
  method: 'POST',
  path: '/position/detail',
  auth: 'user',
  tag: 'trading',
  summary:
    "One of the caller's positions, open or closed (ours, for trade/detail), with its orders; another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: z.object({ position, orders: z.array(order) }),
});

export const orderDetail = defineEndpoint({
  method: 'POST',
  path: '/orders/detail',
  auth: 'user',
  tag: 'trading',
  summary: "One of the caller's orders (ours, for trade/detail); another customer's id answers 404.",
  request: z.object({ id: r.id }),
  data: order,
});

export const flatPosition = defineEndpoint({
  method: 'POST',
  path: '/position/flatPosition',
  auth: 'user',
  tag: 'trading',
  idempotent: true,
  summary:
    "Close one of the caller's open positions, whole or `quantity` of it, at the bid (long) or ask (short) while the market is open. The margin is released, the profit or loss and the close fee are settled through the ledger; a loss larger than the wallet can pay is absorbed by the house. A partial close answers the closed part (a new closed position) and the rest.",
  request: z.object({ id: r.id, quantity: quantity.optional() }),
  data: z.object({ closed: position, remaining: position.nullable(), order }),
});

export const addPositionMargin = defineEndpoint({
  method: 'POST',
  path: '/position/addPositionMargin',
  auth: 'user',
  tag: 'trading',
  idempotent: true,
  summary:
    "Hold more of the wallet's available balance as margin for one of the caller's open positions (raises isolatedPosition and the wallet's margin level).",
  request: z.object({ id: r.id, amount: r.amount }),
  data: position,
});

export const setStopProfitLoss = defineEndpoint({
  method: 'POST',
  path: '/position/setStopProfitLoss',
  auth: 'user',
  tag: 'trading',
  summary:
    'Set or clear (null) the stop-loss and take-profit prices of an open position (ours). A long needs stopLoss below and takeProfit above the bid, a short the other way round (422 otherwise). The matching job closes the position when the price reaches one and tells the customer.',
  request: z.object({ id: r.id, stopLoss: priceInput.nullable(), takeProfit: priceInput.nullable() }),
  data: position,
});

export const halfOrFullNum = defineEndpoint({
  method: 'POST',
  path: '/position/getHalfOrFullNum',
  auth: 'user',
  tag: 'trading',
  summary:
    "The order ticket's figures: price, leverage, margin and fee per unit, and the full (whole available balance of the wallet) and half quantities, rounded down to the lot size; 0 when not even the minimum fits.",
  request: z.object({
    stockCode,
    source: source.optional(),
    direction,
    orderType: orderType.default(OrderType.Market),
    /** Limit price; market orders use the ask (buy) or bid (sell). */
    price: priceInput.optional(),
    leverage: leverage.optional(),
  }),
  data: z.object({
    stockCode: z.string(),
    source: z.number().int(),
    walletType,
    currency,
    priceCurrency: z.string(),
    price,
    rate: z.string(),
    leverage: z.number().int(),
    maxLeverage: z.number().int(),
    /** Available balance of the wallet. */
    available: money,
    /** Per unit of quantity, wallet currency, 8 decimals. */
    marginPerUnit: z.string(),
    feePerUnit: z.string(),
    /** The fee rate of this order (buyRate or sellRate) and of closing the position it opens, fractions. */
    feeRate: z.string(),
    closeFeeRate: z.string(),
    /** The fee schedule of these figures: send it with the order (termsVersionOf). */
    termsVersion: z.string(),
    full: z.number().int(),
    half: z.number().int(),
    minCount: z.number().int(),
    /** Quantities are multiples of this (HK board lot, 1000 forex units, 1 otherwise). */
    lotSize: z.number().int(),
    marketOpen: z.boolean(),
  }),
});

/** A line of the trading cash flow: a ledger posting of a trade entry (fee, profit, loss). */
export const waterItem = billItem.extend({
  positionId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  stockCode: z.string().nullable(),
});
export type WaterItem = z.infer<typeof waterItem>;

export const waterPageList = defineEndpoint({
  method: 'POST',
  path: '/position/water/pageList',
  auth: 'user',
  tag: 'trading',
  summary:
    "The trading cash flow: every ledger posting of the caller's trades (fees, profits, losses), newest first; margin holds are not postings and show in usedBalance.",
  request: z.object({ walletType: walletType.optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(waterItem),
});

// ------------------------------------------------------------------------------------------ published rules

const instrumentQuery = z.object({ stockCode: stockCode.optional(), source: source.optional() });

export const getMinCount = defineEndpoint({
  method: 'POST',
  path: '/stocka_config/getMinCount',
  auth: 'optional',
  tag: 'trading',
  summary:
    'The minimum order quantity and lot size of an instrument (or of an asset class by source), as configured by the operator.',
  request: instrumentQuery,
  data: z.object({ assetClass, minCount: z.number().int(), lotSize: z.number().int() }),
});

export const stockRate = defineEndpoint({
  method: 'GET',
  path: '/stock_rate/site/get',
  auth: 'optional',
  tag: 'trading',
  summary:
    'The fee rates (fractions of the notional: buyRate when buying, sellRate when selling) and the leverage cap for an instrument or source; without either, the stock rates. `all` lists every asset class.',
  request: instrumentQuery,
  data: z.object({
    assetClass,
    buyRate: z.string(),
    sellRate: z.string(),
    maxLeverage: z.number().int(),
    termsVersion: z.string(),
    all: z.array(
      z.object({
        assetClass,
        buyRate: z.string(),
        sellRate: z.string(),
        maxLeverage: z.number().int(),
        minCount: z.number().int(),
        /** The ESMA retail cap of the class: the highest an operator may set. */
        esmaLeverage: z.number().int(),
        termsVersion: z.string(),
      }),
    ),
    /** ESMA margin close-out level, percent (CLOSE_OUT_LEVEL_PERCENT). */
    closeOutLevel: z.number(),
  }),
});

/** The trade entry types (journal entries) and what the cash flow list shows. */
export const TRADE_ENTRY_TYPES = ['tradeFee', 'tradeProfit', 'tradeLoss'] as const;
