/**
 * Markets (SPEC §7 market GET and POST calls) and the watchlist. Every quote travels as `quote` below: the
 * wire names of SPEC §3 (stock_code, name, change, change_ratio, price_nominal, volume, market, classify,
 * source, selfSelectStatus, fall) plus the labels of the quote pages. Prices, volumes and amounts are decimal
 * strings; times are milliseconds since the epoch. What each call returns is argued in docs/markets.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { V } from '../rules.js';
import { ok } from './auth.js';
import { messageKind } from './inbox.js';

/** Market sources served by the market calls (SPEC §3): Stock, Forex, Future, HKStock, GlobalIndex, RobotCrypto. */
export const QUOTE_SOURCES = [0, 2, 3, 11, 99, 100] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/** Stock markets of the Market tab; HK stocks have source 11, the others source 0. */
export const STOCK_MARKETS = ['US', 'HK', 'DE', 'NL', 'BE', 'MX'] as const;
export type StockMarket = (typeof STOCK_MARKETS)[number];
export const US_EXCHANGES = ['NASDAQ', 'NYSE', 'AMEX'] as const;
/**
 * A stock's sector: the eleven of GICS (`technology` for its information technology), or `newListing` for a company
 * listed by one of the app's offerings. The apps show each in the reader's language.
 */
export const STOCK_SECTORS = [
  'communicationServices',
  'consumerDiscretionary',
  'consumerStaples',
  'energy',
  'financials',
  'healthCare',
  'industrials',
  'materials',
  'realEstate',
  'technology',
  'utilities',
  'newListing',
] as const;
export type StockSector = (typeof STOCK_SECTORS)[number];
/** A future's category (docs/markets.md "Product lists"): commodities, then index and interest-rate futures. */
export const FUTURES_CATEGORIES = ['metals', 'energy', 'agricultural', 'indices', 'rates'] as const;
export type FuturesCategory = (typeof FUTURES_CATEGORIES)[number];
/** What futures_list filters by: a category, or `financial` (indices and rates together, the Market tab's chip). */
export const FUTURES_FILTERS = [...FUTURES_CATEGORIES, 'financial'] as const;
export type FuturesFilter = (typeof FUTURES_FILTERS)[number];
/**
 * Forex groups: majors (the seven USD pairs of the most traded currencies), minors (USD against a smaller
 * currency: HKD, CNH, MXN) and crosses (two currencies other than USD, priced from their USD legs).
 */
export const FOREX_GROUPS = ['major', 'minor', 'cross'] as const;
export type ForexGroup = (typeof FOREX_GROUPS)[number];
/**
 * Where a listed company is based, as far as the lists need it: `CN` is mainland China or Hong Kong. UC stock
 * (SPEC §1, product/ucstock) is read as US-listed shares (mostly ADRs) of companies based there.
 */
export const DOMICILES = ['CN'] as const;
/** The popular list's window (days back from now) and its length. */
export const POPULAR_WINDOW_DAYS = 30;
export const POPULAR_MAX = 20;
/** Markets whose session /market/getMaket reports. */
export const MARKET_IDS = [...STOCK_MARKETS, 'FOREX', 'FUTURES', 'CRYPTO'] as const;
export type MarketId = (typeof MARKET_IDS)[number];
export const INSTRUMENT_KINDS = ['stock', 'forex', 'future', 'index', 'crypto'] as const;
export const PHASES = ['pre', 'regular', 'post', 'closed', 'break'] as const;
export const CHART_RANGE_NAMES = ['intraday', '1D', '1W', '1M', '3M', '1Y'] as const;
export type ChartRangeName = (typeof CHART_RANGE_NAMES)[number];

/** Items one watchlist may hold, and instruments one live-quotes socket may follow. */
export const WATCHLIST_MAX = 200;
export const WS_MAX_KEYS = 200;
/** Largest client message on the quotes socket; a larger one closes it (1009). */
export const WS_MAX_MESSAGE_BYTES = 16 * 1024;
export const WS_HEARTBEAT_MS = 15_000;
/** Levels on each side of the order book of /m_ft/detail_quote. */
export const BOOK_LEVELS = 5;

/**
 * The symbol shown before a price. SPEC §9 says $ for US stocks and € otherwise; that covers the SPEC's own
 * stock markets (US in USD; DE, NL, BE in EUR). HK and MX stocks are quoted in HKD and MXN, and a € before
 * them would misstate the price, so they get HK$ and MX$. Crypto pairs are quoted in US dollars and get $. Forex
 * rates, futures (several are quoted in US cents per unit) and indices (points) carry no symbol; their `currency`
 * says the unit.
 */
export function priceSymbolFor(kind: (typeof INSTRUMENT_KINDS)[number], currency: string): string {
  if (kind === 'crypto') return currency === 'USD' ? '$' : '';
  if (kind !== 'stock') return '';
  switch (currency) {
    case 'USD':
      return '$';
    case 'HKD':
      return 'HK$';
    case 'MXN':
      return 'MX$';
    default:
      return '€';
  }
}

/** Instrument key used by the quotes socket and the web cache: `${source}:${code}` ('0:AAPL', '11:00700'). */
export const instrumentKeyOf = (q: { source: number; stock_code: string }) => `${q.source}:${q.stock_code}`;

// ---- request fields ----

/** Displayed code: letters, digits and . & _ - (PE&OLES, BRK.B, 00700); matched case-insensitively. */
export const instrumentCode = z
  .string({ error: V.instrumentCode })
  .trim()
  .min(1, { error: V.instrumentCode })
  .max(20, { error: V.instrumentCode })
  .regex(/^[A-Za-z0-9.&_-]+$/, { error: V.instrumentCode })
  .transform((s) => s.toUpperCase());

const isQuoteSource = (n: number): n is QuoteSource => (QUOTE_SOURCES as readonly number[]).includes(n);
/** A market source in a query string. */
export const sourceQuery = r.integer(z.number().int({ error: V.invalid }).refine(isQuoteSource, { error: V.invalid }));
/** A market source in a JSON body. */
export const sourceBody = z.number({ error: V.invalid }).int({ error: V.invalid }).refine(isQuoteSource, {
  error: V.invalid,
});
const stockMarket = z.enum(STOCK_MARKETS, { error: V.invalid });
const usExchange = z.enum(US_EXCHANGES, { error: V.invalid });
/** `1`/`true` or `0`/`false` in a query string. */
const flag = z
  .enum(['0', '1', 'true', 'false'], { error: V.invalid })
  .transform((v) => v === '1' || v === 'true')
  .default(false);
const sortField = z
  .enum(['default', 'change_ratio', 'price', 'volume', 'turnover', 'marketCap', 'code'], { error: V.invalid })
  .default('default');
/** Without it: ascending for `code`, descending (largest first) for the others. */
const order = z.enum(['asc', 'desc'], { error: V.invalid }).optional();

const listQuery = {
  page: r.page,
  pageSize: r.pageSize,
  /** Adds `sparkline` (the last 50 prices of the trading day, SPEC §9) to each quote. */
  withSpark: flag,
};
const sortQuery = { sort: sortField, order };

/**
 * One instrument. Without `source` the code is looked up in the order stocks (0), HK stocks (11), futures
 * (3), forex (2), indices (99), crypto (100): `NG` is then the US stock, `source=3` the natural-gas future.
 */
export const instrumentQuery = z.object({ code: instrumentCode, source: sourceQuery.optional() });

// ---- answers ----

const decimal = z.string();

export const quote = z.object({
  /** `${source}:${code}`, the key the quotes socket uses. */
  key: z.string(),
  stock_code: z.string(),
  /** In the request language: the Chinese name for zh-Hans where there is one, else the English name. */
  name: z.string(),
  source: z.number().int(),
  kind: z.enum(INSTRUMENT_KINDS),
  /** Stocks only (SPEC §3 classify, plus MX). */
  classify: z.enum(['UsStock', 'HK', 'DE', 'NL', 'BE', 'MX']).nullable(),
  /** The exchange: NASDAQ, NYSE, AMEX, HKEX, XETRA, EURONEXT_AMS, EURONEXT_BRU, BMV, FX, CME, ..., INDEX, CRYPTO. */
  market: z.string(),
  currency: z.string(),
  /** See priceSymbolFor. */
  currencySymbol: z.string(),
  /** Last trade price. */
  price_nominal: decimal,
  /** price_nominal - prevClose. */
  change: decimal,
  /** change / prevClose in percent, 2 places. */
  change_ratio: decimal,
  /** change < 0: shown in the fall colour. */
  fall: z.boolean(),
  /** Regular-session volume of the trading day (shares, contracts, base-currency units). */
  volume: decimal,
  /** Regular-session open, high and low of the trading day; null in US pre-market. */
  open: decimal.nullable(),
  high: decimal.nullable(),
  low: decimal.nullable(),
  prevClose: decimal,
  high52: decimal,
  low52: decimal,
  bid: decimal,
  ask: decimal,
  bidVolume: decimal,
  askVolume: decimal,
  /** Stocks: price x shares outstanding, whole currency units. */
  marketCap: decimal.nullable(),
  /** Futures only. */
  openInterest: decimal.nullable(),
  expiryDate: z.string().nullable(),
  /** Futures: the previous session's settlement price. */
  prevSettle: decimal.nullable(),
  /** US stocks in pre-market: last vs the previous close. */
  preMarketChange: decimal.nullable(),
  preMarketChangeRatio: decimal.nullable(),
  /** US stocks from the close until the next pre-market: last vs today's close. */
  postMarketChange: decimal.nullable(),
  postMarketChangeRatio: decimal.nullable(),
  marketOpen: z.boolean(),
  phase: z.enum(PHASES),
  /** Local date (YYYY-MM-DD) of the trading day the quote belongs to. */
  tradingDay: z.string(),
  lotSize: decimal,
  priceDecimals: z.number().int(),
  time: z.number().int(),
  /** 1 when the instrument is on the caller's watchlist; always 0 for guests. */
  selfSelectStatus: z.union([z.literal(0), z.literal(1)]),
  /** With `withSpark=1`: up to 50 prices of the trading day, oldest first, ending at price_nominal. */
  sparkline: z.array(decimal).optional(),
});
export type Quote = z.infer<typeof quote>;

/** What a tick on the quotes socket carries: the fields of `quote` that move, to merge by `key`. */
export const compactQuote = quote.pick({
  key: true,
  price_nominal: true,
  change: true,
  change_ratio: true,
  fall: true,
  volume: true,
  open: true,
  high: true,
  low: true,
  high52: true,
  low52: true,
  bid: true,
  ask: true,
  bidVolume: true,
  askVolume: true,
  marketCap: true,
  preMarketChange: true,
  preMarketChangeRatio: true,
  postMarketChange: true,
  postMarketChangeRatio: true,
  marketOpen: true,
  phase: true,
  time: true,
});
export type CompactQuote = z.infer<typeof compactQuote>;

export const quotePage = pageOf(quote);

export const candle = z.object({
  /** UTC start of the bar (daily bars: 00:00 UTC of their local trading date). */
  time: z.number().int(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
});

const sessionHours = z.object({
  phase: z.enum(['pre', 'regular', 'post']),
  /** Local HH:mm in `timeZone`. */
  start: z.string(),
  end: z.string(),
  /** The session opens the evening before its trading day (forex, futures). */
  startsPreviousDay: z.boolean(),
});

export const marketStatus = z.object({
  market: z.enum(MARKET_IDS),
  /** In the request language. */
  name: z.string(),
  timeZone: z.string(),
  /** Trading days: Monday to Friday, or every day (crypto). Exchange holidays are not modelled. */
  everyDay: z.boolean(),
  hours: z.array(sessionHours),
  open: z.boolean(),
  phase: z.enum(PHASES),
  /** Next time trading starts; null while it never closes (crypto). */
  nextOpen: z.number().int().nullable(),
  /** End of the current (or next) uninterrupted trading run. */
  nextClose: z.number().int().nullable(),
  time: z.number().int(),
  /** Prices come from the simulator: the app must say so. */
  simulated: z.boolean(),
});
export type MarketStatus = z.infer<typeof marketStatus>;

export const bookLevel = z.object({ level: z.number().int(), price: decimal, volume: decimal });

export const watchlistItem = quote.extend({
  /** The watchlist item id (for /userSelfSecurity/delete/{id} and /sort). */
  id: z.number().int(),
  sort: z.number().int(),
  createTimeTimestamp: z.number().int(),
});
export type WatchlistItem = z.infer<typeof watchlistItem>;

// ---- lists ----

export const stockList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/stock_list',
  auth: 'optional',
  tag: 'market',
  summary:
    'Stocks of one market (default US; `exchange` narrows US to NASDAQ, NYSE or AMEX; `domicile=CN` to companies based in mainland China or Hong Kong: with US, the UC stock list), sortable. `default` order is market capitalisation, largest first.',
  request: z
    .object({
      market: stockMarket.default('US'),
      exchange: usExchange.optional(),
      /** `CN`: only companies based in mainland China or Hong Kong (with market US, the UC stock list). */
      domicile: z.enum(DOMICILES, { error: V.invalid }).optional(),
      ...sortQuery,
      ...listQuery,
    })
    .refine((q) => !q.exchange || q.market === 'US', { error: V.invalid, path: ['exchange'] }),
  data: quotePage,
});

export const allStockList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/all_stock_list',
  auth: 'optional',
  tag: 'market',
  summary:
    'Every stock of every market (US, HK, DE, NL, BE, MX), optionally one market or US exchange. `default` order: by market, then market capitalisation.',
  request: z
    .object({ market: stockMarket.optional(), exchange: usExchange.optional(), ...sortQuery, ...listQuery })
    .refine((q) => !q.exchange || !q.market || q.market === 'US', { error: V.invalid, path: ['exchange'] }),
  data: quotePage,
});

export const topList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/topList',
  auth: 'optional',
  tag: 'market',
  summary:
    "A market's gainers (highest change_ratio), losers (lowest) or most active (highest volume) of the trading day.",
  request: z.object({
    market: stockMarket.default('US'),
    type: z.enum(['gainers', 'losers', 'active'], { error: V.invalid }).default('gainers'),
    page: r.page,
    pageSize: r.pageSize.default(10),
    withSpark: flag,
  }),
  data: quotePage,
});

export const hotStock = defineEndpoint({
  method: 'GET',
  path: '/m_ft/hot_stock',
  auth: 'optional',
  tag: 'market',
  summary:
    'Hot stocks: the highest turnover (volume x price, in USD) of the trading day, across all stock markets or one; before any trading, the largest by market capitalisation.',
  request: z.object({
    market: stockMarket.optional(),
    page: r.page,
    pageSize: r.pageSize.default(10),
    withSpark: flag,
  }),
  data: quotePage,
});

export const homeCustomList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/home_custom_list',
  auth: 'optional',
  tag: 'market',
  summary:
    "The home page's watchlist preview: the caller's watchlist in their order (`origin: watchlist`), or, for guests and empty watchlists, a fixed selection of well-known instruments (`origin: suggested`).",
  request: z.object({ page: r.page, pageSize: r.pageSize.default(10), withSpark: flag }),
  data: quotePage.extend({ origin: z.enum(['watchlist', 'suggested']) }),
});

export const globalIndex = defineEndpoint({
  method: 'GET',
  path: '/m_ft/global_index',
  auth: 'optional',
  tag: 'market',
  summary: 'The 15 global indices (S&P 500, Nasdaq 100, Dow, DAX, AEX, BEL 20, Hang Seng, FTSE 100, ...).',
  request: z.object(listQuery),
  data: quotePage,
});

export const futuresList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/futures_list',
  auth: 'optional',
  tag: 'market',
  summary:
    'Futures (front contracts), optionally one category: metals, energy, agricultural, indices or rates; `financial` is indices and rates together.',
  request: z.object({
    category: z.enum(FUTURES_FILTERS, { error: V.invalid }).optional(),
    ...sortQuery,
    ...listQuery,
  }),
  data: quotePage,
});

export const futuresOptList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/futures_opt_list',
  auth: 'optional',
  tag: 'market',
  summary:
    'The futures on the caller\'s watchlist ("opt" = optional, the original app\'s word for self-selected), in watchlist order; empty for guests.',
  request: z.object(listQuery),
  data: quotePage,
});

export const forexIndex = defineEndpoint({
  method: 'GET',
  path: '/m_ft/forex_index',
  auth: 'optional',
  tag: 'market',
  summary: 'The headline forex rates: the seven major pairs (EUR/USD, USD/JPY, GBP/USD, ...).',
  request: z.object(listQuery),
  data: quotePage,
});

export const forexList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/forex_list',
  auth: 'optional',
  tag: 'market',
  summary: 'All 20 forex pairs, or one group: majors, minors or crosses (`group`).',
  request: z.object({ group: z.enum(FOREX_GROUPS, { error: V.invalid }).optional(), ...sortQuery, ...listQuery }),
  data: quotePage,
});

export const popularList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/popular_list',
  auth: 'optional',
  tag: 'market',
  summary:
    "What this app's customers trade and watch most over the last 30 days (`origin: counted`): per instrument, the customers who placed an order on it plus those who added it to their watchlist and keep it; ties by the number of orders, then by size. Stocks, forex and futures only; at most 20. With nothing counted, a fixed selection of well-known instruments (`origin: fallback`).",
  request: z.object({ page: r.page, pageSize: r.pageSize.default(POPULAR_MAX), withSpark: flag }),
  data: quotePage.extend({ origin: z.enum(['counted', 'fallback']), windowDays: z.number().int() }),
});

export const ztStockList = defineEndpoint({
  method: 'GET',
  path: '/m_ft/zt_stock_list',
  auth: 'optional',
  tag: 'market',
  summary:
    "Today's strongest risers (zt, 涨停 'limit up'): stocks up at least 3% on the trading day, across all stock markets or one, highest change_ratio first.",
  request: z.object({ market: stockMarket.optional(), ...listQuery }),
  data: quotePage,
});

export const hkAllStockList = defineEndpoint({
  method: 'GET',
  path: '/hk_st/all_stock_list',
  auth: 'optional',
  tag: 'market',
  summary: 'Every Hong Kong stock (source 11), sortable; `default` order is market capitalisation.',
  request: z.object({ ...sortQuery, ...listQuery }),
  data: quotePage,
});

export const getStock = defineEndpoint({
  method: 'GET',
  path: '/quotes/getStock',
  auth: 'optional',
  tag: 'market',
  summary:
    'Search by code or name across stocks, HK stocks, forex, futures, indices and crypto pairs (`q`; case, accents and / in pairs ignored). Exact code first, then exact name, code prefix, name word prefix, then anything containing `q`.',
  request: z.object({
    q: z.string({ error: V.enterSearch }).trim().min(1, { error: V.enterSearch }).max(50, { error: V.enterSearch }),
    kind: z.enum(INSTRUMENT_KINDS, { error: V.invalid }).optional(),
    market: stockMarket.optional(),
    ...listQuery,
  }),
  data: quotePage,
});

// ---- one instrument ----

export const stockDetail = defineEndpoint({
  method: 'GET',
  path: '/m_ft/stock_detail_ft',
  auth: 'optional',
  tag: 'market',
  summary: "One instrument's quote with every label of SPEC §3; any source (stocks, HK, futures, forex, indices).",
  request: instrumentQuery.extend({ withSpark: flag }),
  data: quote,
});

export const kline = defineEndpoint({
  method: 'GET',
  path: '/m_ft/kline',
  auth: 'public',
  tag: 'market',
  summary:
    'Candles for a chart range of SPEC §9: intraday (1-minute bars of the trading day), 1D (5-minute), 1W (30-minute over 7 days), 1M, 3M, 1Y (daily). The same candles after a restart; the last one grows with live ticks.',
  request: instrumentQuery.extend({ range: z.enum(CHART_RANGE_NAMES, { error: V.invalid }).default('intraday') }),
  data: z.object({
    stock_code: z.string(),
    source: z.number().int(),
    range: z.enum(CHART_RANGE_NAMES),
    priceDecimals: z.number().int(),
    prevClose: decimal,
    /** The exchange's IANA time zone: the chart shows bar times on its clock (09:30–16:00 for New York). */
    timeZone: z.string(),
    candles: z.array(candle),
  }),
});

// ---- the crypto market (source 100, RobotCrypto; docs/strategies.md "Crypto market") ----

/** A crypto pair's code: letters and digits ('BTCUSD'); the source is always 100. */
const cryptoQuery = z.object({ code: instrumentCode });

export const cryptoList = defineEndpoint({
  method: 'GET',
  path: '/crypto/quantify_list',
  auth: 'optional',
  tag: 'market',
  summary:
    "The crypto pairs (source 100, quoted in USD, trading every day around the clock): the markets the trading robots may trade, and the Market tab's crypto list. Sortable; `default` order is the catalogue's (largest first).",
  request: z.object({ ...sortQuery, ...listQuery }),
  data: quotePage,
});

export const cryptoDetail = defineEndpoint({
  method: 'GET',
  path: '/crypto/stock_detail_ft',
  auth: 'optional',
  tag: 'market',
  summary: "One crypto pair's quote (as /m_ft/stock_detail_ft with source 100). An unknown code answers 404.",
  request: cryptoQuery.extend({ withSpark: flag }),
  data: quote,
});

export const cryptoKline = defineEndpoint({
  method: 'GET',
  path: '/crypto/kline',
  auth: 'public',
  tag: 'market',
  summary:
    "A crypto pair's candles (as /m_ft/kline with source 100): crypto trades every day, so a day has 1,440 minutes.",
  request: cryptoQuery.extend({ range: z.enum(CHART_RANGE_NAMES, { error: V.invalid }).default('intraday') }),
  data: kline.data,
});

export const summaryDetail = defineEndpoint({
  method: 'GET',
  path: '/m_ft/summary_detail',
  auth: 'public',
  tag: 'market',
  summary:
    "An instrument's profile: names, exchange, sector or category, lot and contract size, expiry, shares outstanding, market cap, 52-week range and trading hours.",
  request: instrumentQuery,
  data: z.object({
    stock_code: z.string(),
    source: z.number().int(),
    kind: z.enum(INSTRUMENT_KINDS),
    classify: quote.shape.classify,
    name: z.string(),
    nameEn: z.string(),
    nameZh: z.string().nullable(),
    market: z.string(),
    currency: z.string(),
    currencySymbol: z.string(),
    sector: z.enum(STOCK_SECTORS).nullable(),
    category: z.enum(FUTURES_CATEGORIES).nullable(),
    lotSize: decimal,
    priceDecimals: z.number().int(),
    contractSize: decimal.nullable(),
    expiryDate: z.string().nullable(),
    openInterest: decimal.nullable(),
    sharesOutstanding: decimal.nullable(),
    marketCap: decimal.nullable(),
    high52: decimal,
    low52: decimal,
    prevClose: decimal,
    session: marketStatus.omit({ market: true, name: true, simulated: true }),
  }),
});

export const detailQuote = defineEndpoint({
  method: 'GET',
  path: '/m_ft/detail_quote',
  auth: 'public',
  tag: 'market',
  summary:
    'A 5-level order book around the best bid and ask: level 1 is the quote, deeper levels one spread apart with sizes derived from the instrument and the second. Indices have no book (empty sides).',
  request: instrumentQuery,
  data: z.object({
    stock_code: z.string(),
    source: z.number().int(),
    time: z.number().int(),
    price_nominal: decimal,
    bid: decimal,
    ask: decimal,
    bids: z.array(bookLevel),
    asks: z.array(bookLevel),
    marketOpen: z.boolean(),
  }),
});

// ---- sessions ----

export const getMarket = defineEndpoint({
  method: 'POST',
  path: '/market/getMaket',
  auth: 'public',
  tag: 'market',
  summary:
    "One market's session: open or not, phase (pre, regular, post, break, closed), hours in its time zone and the next open and close. FUTURES follows CME Globex.",
  request: z.object({ market: z.enum(MARKET_IDS, { error: V.invalid }) }),
  data: marketStatus,
});

export const getMarkets = defineEndpoint({
  method: 'POST',
  path: '/market/getMakets',
  auth: 'public',
  tag: 'market',
  summary: 'The session of every market of getMaket, in the order US, HK, DE, NL, BE, MX, FOREX, FUTURES, CRYPTO.',
  request: z.object({}).optional().default({}),
  data: z.array(marketStatus),
});

// ---- watchlist ----

export const watchlist = defineEndpoint({
  method: 'GET',
  path: '/userSelfSecurity/selectSelfSelectionStocksData',
  auth: 'user',
  tag: 'watchlist',
  summary: "The caller's watchlist in their order, each item with its live quote; optionally one source.",
  request: z.object({
    source: sourceQuery.optional(),
    page: r.page,
    pageSize: r
      .integer(
        z.number().int({ error: V.invalid }).min(1, { error: V.invalid }).max(WATCHLIST_MAX, { error: V.invalid }),
      )
      .default(WATCHLIST_MAX),
    withSpark: flag,
  }),
  data: pageOf(watchlistItem),
});

export const watchlistSave = defineEndpoint({
  method: 'POST',
  path: '/userSelfSecurity/save',
  auth: 'user',
  tag: 'watchlist',
  summary: `Add an instrument to the watchlist, at the top. Saving one already there changes nothing and answers the same item. At most ${WATCHLIST_MAX} items.`,
  request: z.object({ stockCode: instrumentCode, source: sourceBody.optional() }),
  data: watchlistItem,
});

export const watchlistDelete = defineEndpoint({
  method: 'POST',
  path: '/userSelfSecurity/delete/:id',
  auth: 'user',
  tag: 'watchlist',
  summary: "Remove one watchlist item by its id; another user's item answers 404.",
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: ok,
});

export const watchlistDeleteByCode = defineEndpoint({
  method: 'POST',
  path: '/userSelfSecurity/deleteByStockCode/:stockCode',
  auth: 'user',
  tag: 'watchlist',
  summary:
    'Remove an instrument from the watchlist by code (the quote-page toggle); with `source` only that market, without it every source with that code. Removing what is not there answers removed: 0.',
  request: z.object({ source: sourceBody.optional() }).optional().default({}),
  params: z.object({ stockCode: instrumentCode }),
  data: z.object({ removed: z.number().int() }),
});

export const watchlistSort = defineEndpoint({
  method: 'POST',
  path: '/userSelfSecurity/sort',
  auth: 'user',
  tag: 'watchlist',
  summary:
    "Reorder the watchlist (our addition, for watchlist/manage): `ids` top first, each once; items left out keep their relative order after them. An id that is not one of the caller's items answers 404.",
  request: z.object({
    ids: z
      .array(r.id, { error: V.invalid })
      .min(1, { error: V.invalid })
      .max(WATCHLIST_MAX, { error: V.invalid })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'errors.watchlistOrder' }),
  }),
  data: ok,
});

// ---- live quotes socket (/web/ws/quotes, the wsUrl of /api/user/info) ----

/** Messages a client sends, as JSON text frames. */
export const wsClientMessage = z.discriminatedUnion('op', [
  /** Follow instruments by key ('0:AAPL'); answered with `subscribed` and a first tick of their quotes. */
  z.object({ op: z.literal('sub'), keys: z.array(z.string().max(40)).max(WS_MAX_KEYS) }),
  /** Stop following; without keys, everything. */
  z.object({ op: z.literal('unsub'), keys: z.array(z.string().max(40)).max(WS_MAX_KEYS).optional() }),
  z.object({ op: z.literal('ping') }),
  /**
   * Ties the socket to the customer of this login token (browsers cannot set headers on a WebSocket, and a
   * token in the URL would land in logs), answered with `auth`; from then on the socket also carries that
   * customer's `account` events. `null` unties it (sign out).
   */
  z.object({ op: z.literal('auth'), token: z.string().min(20).max(200).nullable() }),
  /**
   * Ties the socket to the operator of this console token (the console's support inbox), answered with
   * `operatorAuth`; from then on the socket carries every `support` event. `null` unties it.
   */
  z.object({ op: z.literal('operatorAuth'), token: z.string().min(20).max(200).nullable() }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/** Messages the server sends. */
export const wsServerMessage = z.discriminatedUnion('type', [
  /**
   * Quotes of followed instruments: every second while their market is open, and once after `sub`.
   * `sentAt`: the server's wall clock (ms since the epoch) when it sent the tick, for measuring delivery
   * delay; `time` of each item is the quoted second.
   */
  z.object({ type: z.literal('tick'), sentAt: z.number().int(), data: z.array(compactQuote) }),
  /** The keys now followed, and those refused as unknown. */
  z.object({ type: z.literal('subscribed'), keys: z.array(z.string()), rejected: z.array(z.string()) }),
  z.object({ type: z.literal('unsubscribed'), keys: z.array(z.string()) }),
  z.object({ type: z.literal('pong'), time: z.number().int() }),
  /** Every 15 s, so a client can tell a silent connection from a dead one. */
  z.object({ type: z.literal('heartbeat'), time: z.number().int() }),
  /** A message the server could not take (code 400) or a limit (422); msg in the connection's language. */
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
  /** The answer to `auth`: whether the socket now carries a customer's events (false: no valid session). */
  z.object({ type: z.literal('auth'), user: z.boolean() }),
  /**
   * Something changed in the customer's account (an identity check or a deposit decided, a withdrawal paid,
   * an order filled, a position closed...): the kind and id of the inbox message that reports it. The page
   * refetches what that kind changes; the message itself is read through the inbox.
   */
  z.object({ type: z.literal('account'), kind: messageKind, messageId: z.number().int() }),
  /** The answer to `operatorAuth`: whether the socket now carries the operators' support events. */
  z.object({ type: z.literal('operatorAuth'), operator: z.boolean() }),
  /**
   * A support message was sent (docs/support.md), or a conversation's status, assignment or read mark changed
   * (`messageId` 0): to the customer's sockets for their own conversations, and to every operator's socket.
   * The page refetches the conversation; the message itself is read over HTTP.
   */
  z.object({
    type: z.literal('support'),
    conversationId: z.number().int(),
    messageId: z.number().int(),
    from: z.enum(['customer', 'operator']),
  }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
