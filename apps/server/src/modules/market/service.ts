/**
 * Market rules: which instruments each list holds and in what order, search, one instrument's detail,
 * candles, order book and market sessions. Prices come only from the MarketProvider; the instrument
 * catalogue (names, sectors, categories) is the data shipped in market/instruments/.
 */
import {
  market as api,
  type ChartRangeName,
  Code,
  Decimal,
  E,
  type ForexGroup,
  type FuturesFilter,
  type Language,
  type MarketId,
  type MarketStatus,
  type Page,
  paginate,
  type Quote as QuoteDto,
  type StockMarket,
} from '@beurs/contracts';
import { type MarketProvider, UnknownInstrumentError } from '../../market/index.js';
import { allInstruments, type InstrumentDef, instrumentByKey } from '../../market/instruments/index.js';
import { hashString, mix, uniform } from '../../market/prng.js';
import { calendarOf } from '../../market/sessions.js';
import type { Quote } from '../../market/types.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { nameOf } from '../trading/index.js';
import { keyOf, toQuoteDto } from './dto.js';

type Def = InstrumentDef;
export type SortField = 'default' | 'change_ratio' | 'price' | 'volume' | 'turnover' | 'marketCap' | 'code';

/** Who is asking: the language of names and the caller's watchlist keys (empty for guests). */
export interface Viewer {
  lang: Language;
  selected: ReadonlySet<string>;
}

export interface PageOptions {
  page: number;
  pageSize: number;
  withSpark: boolean;
}

export interface SortOptions {
  sort: SortField;
  order?: 'asc' | 'desc' | undefined;
}

/** A watchlist row as the repository gives it. */
export interface WatchlistRow {
  id: number;
  source: number;
  code: string;
  sort: number;
  createdAt: Date;
}

const MARKET_OF_CLASSIFY: Readonly<Record<NonNullable<Def['classify']>, StockMarket>> = {
  UsStock: 'US',
  HK: 'HK',
  DE: 'DE',
  NL: 'NL',
  BE: 'BE',
  MX: 'MX',
};
const KIND_ORDER: Readonly<Record<Def['kind'], number>> = { stock: 0, future: 1, forex: 2, index: 3, crypto: 4 };
/** Where a code without a source is looked for first (documented on instrumentQuery). */
const LOOKUP_ORDER = [0, 11, 3, 2, 99, 100] as const;
/** The home preview for guests and empty watchlists. */
const SUGGESTED = ['0:AAPL', '0:NVDA', '0:TSLA', '11:00700', '0:ASML', '0:SAP', '3:GC', '2:EURUSD'];
/** zt_stock_list: "limit up" risers are the stocks up at least this many percent on the day. */
export const ZT_MIN_CHANGE_RATIO = 3;
/** The instrument whose session stands for each market of /market/getMaket. */
const MARKET_REPRESENTATIVE: Readonly<Record<MarketId, string>> = {
  US: '0:AAPL',
  HK: '11:00700',
  DE: '0:SAP',
  NL: '0:ASML',
  BE: '0:ABI',
  MX: '0:AMXB',
  FOREX: '2:EURUSD',
  FUTURES: '3:GC',
  CRYPTO: '100:BTCUSDT',
};

export const stockMarketOf = (def: Def): StockMarket | null =>
  def.kind === 'stock' && def.classify ? MARKET_OF_CLASSIFY[def.classify] : null;

export const instrumentNotFound = () => new AppError(Code.notFound, E.instrumentNotFound);

/** Decimal strings compared as numbers: ordering only, never arithmetic on money. */
const num = (s: string | null | undefined): number => (s == null ? Number.NEGATIVE_INFINITY : Number(s));

const hhmm = (minutes: number, end: boolean): string => {
  if (end && minutes === 24 * 60) return '24:00';
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Lower case without accents, for matching names ("borse" finds "Börse"). */
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const codeFold = (s: string): string => fold(s).replace(/[^a-z0-9]/g, '');

export function createMarketService({ market: provider, clock }: { market: MarketProvider; clock: Clock }) {
  const instruments = allInstruments.filter((d) => provider.has(keyOf(d)));
  const byKey = new Map(instruments.map((d) => [keyOf(d), d]));

  // Reference sizes convert at the catalogue's reference rates: a fixed "largest first" order that does not
  // reshuffle rows while prices move.
  const refRate = (code: string) => new Decimal(byKey.get(`2:${code}`)?.refPrice ?? '1').toNumber();
  const staticUsdPer: Record<string, number> = {
    USD: 1,
    EUR: refRate('EURUSD'),
    HKD: 1 / refRate('USDHKD'),
    MXN: 1 / refRate('USDMXN'),
  };
  const refCapUsd = (d: Def) => (d.sharesOutstanding ?? 0) * Number(d.refPrice) * (staticUsdPer[d.currency] ?? 0);
  /** Position in the default order: kind, then market, then reference market cap (stocks) or catalogue order. */
  const sizeRank = new Map<Def, number>();
  const marketIndex = (d: Def) => {
    const m = stockMarketOf(d);
    return m ? api.STOCK_MARKETS.indexOf(m) : 0;
  };
  const rankBySize = () =>
    [...instruments]
      .map((d, i) => ({ d, i }))
      .sort(
        (a, b) =>
          KIND_ORDER[a.d.kind] - KIND_ORDER[b.d.kind] ||
          marketIndex(a.d) - marketIndex(b.d) ||
          refCapUsd(b.d) - refCapUsd(a.d) ||
          a.i - b.i,
      )
      .forEach(({ d }, rank) => {
        sizeRank.set(d, rank);
      });
  rankBySize();
  // By the catalogue object itself: every Def the service handles is one of `instruments` (byKey holds the same).
  const bySize = (a: Def, b: Def) => sizeRank.get(a)! - sizeRank.get(b)!;

  /**
   * The sets a list picks from (a market, an exchange, a kind, a category) are fixed parts of the catalogue:
   * each is built once, and the same array comes back on every request, so orders that do not move with
   * prices can be computed once per set too (staticOrder). The names are built from validated enums only.
   */
  const subsets = new Map<string, readonly Def[]>();
  const subset = (name: string, pick: (d: Def) => boolean): readonly Def[] => {
    let found = subsets.get(name);
    if (!found) {
      found = instruments.filter(pick);
      subsets.set(name, found);
    }
    return found;
  };

  /** The default ("largest first") and code orders of a set, computed once per set, sort and direction. */
  const staticOrders = new WeakMap<readonly Def[], Map<string, readonly Def[]>>();
  function staticOrder(defs: readonly Def[], sort: 'default' | 'code', desc: boolean): readonly Def[] {
    let orders = staticOrders.get(defs);
    if (!orders) {
      orders = new Map();
      staticOrders.set(defs, orders);
    }
    const name = `${sort}:${desc ? 'desc' : 'asc'}`;
    let ordered = orders.get(name);
    if (!ordered) {
      const cmp = sort === 'code' ? (a: Def, b: Def) => a.code.localeCompare(b.code) || bySize(a, b) : bySize;
      // Default order is "largest first", so desc keeps it and asc reverses it.
      const sign = sort === 'code' ? (desc ? -1 : 1) : desc ? 1 : -1;
      ordered = [...defs].sort((a, b) => sign * cmp(a, b));
      orders.set(name, ordered);
    }
    return ordered;
  }

  // ---- quotes, cached for the second they are quoted at (lists, details and the tick loop share them) ----

  let cacheSecond = Number.NaN;
  const cache = new Map<string, Quote>();

  async function quotesOf(defs: readonly Def[], at: Date = clock.now()): Promise<Quote[]> {
    const second = Math.floor(at.getTime() / 1000);
    if (second !== cacheSecond) {
      cache.clear();
      cacheSecond = second;
    }
    const keys = defs.map(keyOf);
    const out: Array<Quote | undefined> = keys.map((key) => cache.get(key));
    const missing: string[] = [];
    for (let i = 0; i < keys.length; i++) if (!out[i]) missing.push(keys[i]!);
    if (missing.length > 0) {
      const fresh = await provider.quotes(missing, at);
      const found = new Map<string, Quote>();
      fresh.forEach((q, i) => {
        const key = missing[i]!;
        found.set(key, q);
        if (cacheSecond === second) cache.set(key, q);
      });
      for (let i = 0; i < keys.length; i++) out[i] ??= found.get(keys[i]!);
    }
    return out as Quote[];
  }

  async function usdPer(): Promise<Record<string, number>> {
    const fx = ['EURUSD', 'USDHKD', 'USDMXN'].map((c) => byKey.get(`2:${c}`)).filter((d): d is Def => !!d);
    if (fx.length < 3) return staticUsdPer;
    const [eur, hkd, mxn] = await quotesOf(fx);
    return { USD: 1, EUR: num(eur!.last), HKD: 1 / num(hkd!.last), MXN: 1 / num(mxn!.last) };
  }

  async function toDtos(defs: readonly Def[], viewer: Viewer, withSpark: boolean, quotes?: Quote[]) {
    const qs = quotes ?? (await quotesOf(defs));
    const sparks = withSpark
      ? await Promise.all(defs.map(async (d) => (await provider.sparkline(keyOf(d))).map((p) => p.price)))
      : undefined;
    return defs.map((d, i) => toQuoteDto(d, qs[i]!, viewer.lang, viewer.selected.has(keyOf(d)), sparks?.[i]));
  }

  /** Sorts (by quote when the field moves), cuts the page and quotes only what is on it. */
  async function pageOf(
    defs: readonly Def[],
    viewer: Viewer,
    opts: PageOptions & Partial<SortOptions>,
  ): Promise<Page<QuoteDto>> {
    const sort = opts.sort ?? 'default';
    const desc = (opts.order ?? (sort === 'code' ? 'asc' : 'desc')) === 'desc';
    let ordered: readonly Def[];
    let quotes: Map<Def, Quote> | undefined;
    if (sort === 'default' || sort === 'code') {
      ordered = staticOrder(defs, sort, desc);
    } else {
      const qs = await quotesOf(defs);
      quotes = new Map(qs.map((q, i) => [defs[i]!, q]));
      const rates = sort === 'turnover' ? await usdPer() : undefined;
      const value = (d: Def): number => {
        const q = quotes!.get(d)!;
        switch (sort) {
          case 'change_ratio':
            return num(q.changeRatio);
          case 'price':
            return num(q.last);
          case 'volume':
            return num(q.volume);
          case 'turnover':
            return num(q.volume) * num(q.last) * (rates?.[d.currency] ?? 0);
          case 'marketCap':
            return num(q.marketCap);
        }
      };
      const values = new Map(defs.map((d) => [d, value(d)]));
      const sign = desc ? -1 : 1;
      // Ties go by size, also reversed for asc: asc is exactly desc read backwards.
      ordered = [...defs].sort((a, b) => sign * (values.get(a)! - values.get(b)! || bySize(b, a)));
    }
    const page = paginate(ordered, opts.page, opts.pageSize);
    const pageQuotes = quotes ? page.list.map((d) => quotes!.get(d)!) : undefined;
    return { ...page, list: await toDtos(page.list, viewer, opts.withSpark, pageQuotes) };
  }

  /** Filters by quote and ranks (topList, hot, zt): the whole set is quoted anyway. */
  async function rankedPage(
    defs: readonly Def[],
    viewer: Viewer,
    opts: PageOptions,
    rank: (q: Quote, d: Def) => number | null,
  ): Promise<Page<QuoteDto>> {
    const qs = await quotesOf(defs);
    const ranked = defs
      .map((d, i) => ({ d, q: qs[i]!, v: rank(qs[i]!, defs[i]!) }))
      .filter((x): x is { d: Def; q: Quote; v: number } => x.v !== null)
      .sort((a, b) => b.v - a.v || bySize(a.d, b.d));
    const page = paginate(ranked, opts.page, opts.pageSize);
    return {
      ...page,
      list: await toDtos(
        page.list.map((x) => x.d),
        viewer,
        opts.withSpark,
        page.list.map((x) => x.q),
      ),
    };
  }

  const stocks = (market?: StockMarket, exchange?: string, domicile?: Def['domicile']) =>
    subset(
      JSON.stringify(['stocks', market ?? null, exchange ?? null, domicile ?? null]),
      (d) =>
        d.kind === 'stock' &&
        (!market || stockMarketOf(d) === market) &&
        (!exchange || d.exchange === exchange) &&
        (!domicile || d.domicile === domicile),
    );
  const ofKind = (kind: Def['kind']) => subset(JSON.stringify(['kind', kind]), (d) => d.kind === kind);
  /** `financial` is index and interest-rate futures together (the Market tab's chip). */
  const futuresOf = (category?: FuturesFilter) =>
    subset(
      JSON.stringify(['future', category ?? null]),
      (d) =>
        d.kind === 'future' &&
        (!category ||
          d.category === category ||
          (category === 'financial' && (d.category === 'indices' || d.category === 'rates'))),
    );
  const forexPairs = (group?: ForexGroup) =>
    subset(JSON.stringify(['forex', group ?? null]), (d) => d.kind === 'forex' && (!group || d.forexGroup === group));

  /** Resolves a code (and source) to an instrument; without a source, in LOOKUP_ORDER. */
  function resolve(code: string, source?: number): Def {
    const upper = code.toUpperCase();
    const def =
      source !== undefined
        ? byKey.get(`${source}:${upper}`)
        : LOOKUP_ORDER.map((s) => byKey.get(`${s}:${upper}`)).find((d) => d !== undefined);
    if (!def) throw instrumentNotFound();
    return def;
  }

  const watchlistDefs = (rows: readonly WatchlistRow[]) =>
    rows
      .map((r) => ({ row: r, def: byKey.get(keyOf(r)) }))
      .filter((x): x is { row: WatchlistRow; def: Def } => !!x.def);

  // Crypto pairs belong to the robot product, not to the markets the search page covers.
  const searchEntry = (d: Def) => ({
    d,
    c: codeFold(d.code),
    names: [fold(d.name), ...(d.nameZh ? [d.nameZh.toLowerCase()] : [])],
  });
  const searchable = instruments.filter((d) => d.kind !== 'crypto').map(searchEntry);

  /**
   * A stock listed after the start (an IPO, modules/primary) joins every list: ranked by size with the others,
   * and the cached sets are built again on their next use.
   */
  provider.onInstrumentAdded?.((added) => {
    const def = instrumentByKey(added.source, added.code);
    if (!def || byKey.has(keyOf(def))) return;
    instruments.push(def);
    byKey.set(keyOf(def), def);
    rankBySize();
    subsets.clear();
    if (def.kind !== 'crypto') searchable.push(searchEntry(def));
  });

  function search(q: string, kind?: Def['kind'], market?: StockMarket): Def[] {
    const text = fold(q.trim());
    const code = codeFold(q);
    const scored: Array<{ d: Def; score: number }> = [];
    for (const { d, c, names } of searchable) {
      if (kind && d.kind !== kind) continue;
      if (market && stockMarketOf(d) !== market) continue;
      let score: number | null = null;
      if (code && c === code) score = 0;
      else if (names.includes(text)) score = 1;
      else if (code && c.startsWith(code)) score = 2;
      else if (names.some((n) => n.startsWith(text) || n.split(/[\s.,/&()'-]+/).some((w) => w.startsWith(text))))
        score = 3;
      else if (names.some((n) => n.includes(text)) || (code.length >= 2 && c.includes(code))) score = 4;
      if (score !== null) scored.push({ d, score });
    }
    return scored.sort((a, b) => a.score - b.score || bySize(a.d, b.d)).map((x) => x.d);
  }

  function sessionOf(
    def: Def,
    state: { open: boolean; phase: Quote['phase']; nextOpen: Date | null; nextClose: Date | null },
  ) {
    const calendar = calendarOf(def);
    return {
      timeZone: calendar.timeZone,
      everyDay: calendar.everyDay,
      hours: calendar.templates.map((t) => ({
        phase: t.phase,
        start: hhmm(t.start, false),
        end: hhmm(t.end, true),
        startsPreviousDay: t.start < 0,
      })),
      open: state.open,
      phase: state.phase,
      nextOpen: state.nextOpen?.getTime() ?? null,
      nextClose: state.nextClose?.getTime() ?? null,
      time: clock.now().getTime(),
    };
  }

  async function marketStatus(id: MarketId, lang: Language): Promise<MarketStatus> {
    const def = byKey.get(MARKET_REPRESENTATIVE[id]);
    if (!def) throw new Error(`no instrument stands for market ${id}`);
    const state = await provider.sessionState(keyOf(def));
    return {
      market: id,
      name: translate(lang, `markets.${id}`),
      ...sessionOf(def, state),
      simulated: provider.simulated,
    };
  }

  /** Provider errors for an instrument the catalogue has but the provider refuses are a 404, not a 500. */
  async function guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UnknownInstrumentError) throw instrumentNotFound();
      throw error;
    }
  }

  return {
    provider,
    instruments,
    has: (key: string) => byKey.has(key),
    defOf: (key: string) => byKey.get(key),
    resolve,
    quotesOf,

    stockList: (
      f: { market: StockMarket; exchange?: string | undefined; domicile?: Def['domicile'] | undefined },
      viewer: Viewer,
      opts: PageOptions & SortOptions,
    ) => pageOf(stocks(f.market, f.exchange, f.domicile), viewer, opts),

    allStockList: (
      f: { market?: StockMarket | undefined; exchange?: string | undefined },
      viewer: Viewer,
      opts: PageOptions & SortOptions,
    ) => pageOf(stocks(f.market ?? (f.exchange ? 'US' : undefined), f.exchange), viewer, opts),

    hkAllStockList: (viewer: Viewer, opts: PageOptions & SortOptions) =>
      pageOf(
        subset(JSON.stringify(['source', 11]), (d) => d.source === 11),
        viewer,
        opts,
      ),

    topList: (market: StockMarket, type: 'gainers' | 'losers' | 'active', viewer: Viewer, opts: PageOptions) =>
      rankedPage(stocks(market), viewer, opts, (q) => {
        const ratio = num(q.changeRatio);
        if (type === 'gainers') return ratio > 0 ? ratio : null;
        if (type === 'losers') return ratio < 0 ? -ratio : null;
        return num(q.volume);
      }),

    /** Turnover in USD at live rates; before any regular trading every turnover is 0 and size decides. */
    hot: async (market: StockMarket | undefined, viewer: Viewer, opts: PageOptions) => {
      const rates = await usdPer();
      return rankedPage(stocks(market), viewer, opts, (q, d) => num(q.volume) * num(q.last) * (rates[d.currency] ?? 0));
    },

    zt: (market: StockMarket | undefined, viewer: Viewer, opts: PageOptions) =>
      rankedPage(stocks(market), viewer, opts, (q) => {
        const ratio = num(q.changeRatio);
        return ratio >= ZT_MIN_CHANGE_RATIO ? ratio : null;
      }),

    homeCustom: async (rows: readonly WatchlistRow[], viewer: Viewer, opts: PageOptions) => {
      const mine = watchlistDefs(rows).map((x) => x.def);
      if (mine.length > 0) {
        const page = paginate(mine, opts.page, opts.pageSize);
        return { ...page, list: await toDtos(page.list, viewer, opts.withSpark), origin: 'watchlist' as const };
      }
      const suggested = SUGGESTED.map((k) => byKey.get(k)).filter((d): d is Def => !!d);
      const page = paginate(suggested, opts.page, opts.pageSize);
      return { ...page, list: await toDtos(page.list, viewer, opts.withSpark), origin: 'suggested' as const };
    },

    /**
     * The popular list from the counts of popular.ts (highest score first): ties by more orders, then by size; at
     * most POPULAR_MAX. With nothing counted (a new database), the home page's suggested selection, said so by
     * `origin: fallback`.
     */
    popular: async (
      counts: ReadonlyArray<{ source: number; code: string; score: number; orders: number }>,
      viewer: Viewer,
      opts: PageOptions,
    ) => {
      const counted = counts
        .map((c) => ({ c, d: byKey.get(keyOf(c)) }))
        .filter(
          (x): x is { c: (typeof counts)[number]; d: Def } => !!x.d && x.d.kind !== 'index' && x.d.kind !== 'crypto',
        )
        .sort((a, b) => b.c.score - a.c.score || b.c.orders - a.c.orders || bySize(a.d, b.d))
        .slice(0, api.POPULAR_MAX)
        .map((x) => x.d);
      const origin = counted.length > 0 ? ('counted' as const) : ('fallback' as const);
      const defs = counted.length > 0 ? counted : SUGGESTED.map((k) => byKey.get(k)).filter((d): d is Def => !!d);
      const page = paginate(defs, opts.page, opts.pageSize);
      return {
        ...page,
        list: await toDtos(page.list, viewer, opts.withSpark),
        origin,
        windowDays: api.POPULAR_WINDOW_DAYS,
      };
    },

    globalIndex: (viewer: Viewer, opts: PageOptions) => pageOf(ofKind('index'), viewer, opts),

    futures: (category: FuturesFilter | undefined, viewer: Viewer, opts: PageOptions & SortOptions) =>
      pageOf(futuresOf(category), viewer, opts),

    futuresOpt: async (rows: readonly WatchlistRow[], viewer: Viewer, opts: PageOptions) => {
      const mine = watchlistDefs(rows)
        .map((x) => x.def)
        .filter((d) => d.kind === 'future');
      const page = paginate(mine, opts.page, opts.pageSize);
      return { ...page, list: await toDtos(page.list, viewer, opts.withSpark) };
    },

    forexIndex: (viewer: Viewer, opts: PageOptions) => pageOf(forexPairs('major'), viewer, opts),

    forexList: (group: ForexGroup | undefined, viewer: Viewer, opts: PageOptions & SortOptions) =>
      pageOf(forexPairs(group), viewer, opts),

    search: async (
      f: { q: string; kind?: Def['kind'] | undefined; market?: StockMarket | undefined },
      viewer: Viewer,
      opts: PageOptions,
    ) => {
      const page = paginate(search(f.q, f.kind, f.market), opts.page, opts.pageSize);
      return { ...page, list: await toDtos(page.list, viewer, opts.withSpark) };
    },

    detail: async (code: string, source: number | undefined, viewer: Viewer, withSpark: boolean) => {
      const def = resolve(code, source);
      return guard(async () => (await toDtos([def], viewer, withSpark))[0]!);
    },

    kline: async (code: string, source: number | undefined, range: ChartRangeName) => {
      const def = resolve(code, source);
      return guard(async () => {
        const [candles, [q]] = await Promise.all([provider.candles(keyOf(def), range), quotesOf([def])]);
        return {
          stock_code: def.code,
          source: def.source,
          range,
          priceDecimals: def.priceDecimals,
          prevClose: q!.prevClose,
          candles,
        };
      });
    },

    summary: async (code: string, source: number | undefined, lang: Language) => {
      const def = resolve(code, source);
      return guard(async () => {
        const [[q], state] = await Promise.all([quotesOf([def]), provider.sessionState(keyOf(def))]);
        return {
          stock_code: def.code,
          source: def.source,
          kind: def.kind,
          classify: def.classify ?? null,
          name: nameOf(def, lang),
          nameEn: def.name,
          nameZh: def.nameZh ?? null,
          market: def.exchange,
          currency: def.currency,
          currencySymbol: api.priceSymbolFor(def.kind, def.currency),
          sector: def.sector ?? null,
          category: def.category ?? null,
          lotSize: String(def.lotSize),
          priceDecimals: def.priceDecimals,
          contractSize: def.contractSize !== undefined ? String(def.contractSize) : null,
          expiryDate: def.expiry ?? null,
          openInterest: def.openInterest !== undefined ? String(def.openInterest) : null,
          sharesOutstanding: def.sharesOutstanding !== undefined ? String(def.sharesOutstanding) : null,
          marketCap: q!.marketCap,
          high52: q!.high52w,
          low52: q!.low52w,
          prevClose: q!.prevClose,
          session: sessionOf(def, state),
        };
      });
    },

    /**
     * Five levels a side. Level 1 is the quote's bid and ask with their sizes; level n is (n-1) spreads
     * further out, its size the level-1 size x (1 + 0.6(n-1)) x a factor in [0.5, 1.5) drawn from a hash
     * of (instrument, second, side, level): the same book for the same second, no stored state.
     */
    book: async (code: string, source: number | undefined) => {
      const def = resolve(code, source);
      const [q] = await guard(() => quotesOf([def]));
      const quote = q!;
      const hasBook = def.kind !== 'index';
      const step = Decimal.max(new Decimal(quote.ask).minus(quote.bid), new Decimal(10).pow(-def.priceDecimals));
      const lot = new Decimal(def.lotSize);
      const h = mix(hashString(keyOf(def), 0xb00c), Math.floor(quote.time / 1000));
      const side = (best: string, size: string, sign: 1 | -1, salt: number) => {
        if (!hasBook) return [];
        const levels: Array<{ level: number; price: string; volume: string }> = [];
        const lots1 = Decimal.max(new Decimal(size).div(lot), 1);
        for (let level = 1; level <= api.BOOK_LEVELS; level++) {
          const price = new Decimal(best).plus(step.times(sign * (level - 1)));
          if (price.lte(0)) break;
          const factor = level === 1 ? 1 : (1 + 0.6 * (level - 1)) * (0.5 + uniform(mix(mix(h, salt), level)));
          const lots = level === 1 ? lots1 : Decimal.max(lots1.times(factor).toDecimalPlaces(0), 1);
          levels.push({ level, price: price.toFixed(def.priceDecimals), volume: lots.times(lot).toFixed() });
        }
        return levels;
      };
      return {
        stock_code: def.code,
        source: def.source,
        time: quote.time,
        price_nominal: quote.last,
        bid: quote.bid,
        ask: quote.ask,
        bids: side(quote.bid, quote.bidVolume, -1, 1),
        asks: side(quote.ask, quote.askVolume, 1, 2),
        marketOpen: quote.marketOpen,
      };
    },

    marketStatus,
    allMarketStatus: (lang: Language) => Promise.all(api.MARKET_IDS.map((id) => marketStatus(id, lang))),

    /** The watchlist rows with their quotes, in the user's order. */
    watchlistItems: async (rows: readonly WatchlistRow[], viewer: Viewer, opts: PageOptions) => {
      const items = watchlistDefs(rows);
      const page = paginate(items, opts.page, opts.pageSize);
      const dtos = await toDtos(
        page.list.map((x) => x.def),
        viewer,
        opts.withSpark,
      );
      return {
        ...page,
        // Object.assign rather than a spread: the same fields and order, without the spread's cost (see dto.ts).
        list: page.list.map((x, i) =>
          Object.assign(dtos[i]!, {
            selfSelectStatus: 1 as const,
            id: x.row.id,
            sort: x.row.sort,
            createTimeTimestamp: x.row.createdAt.getTime(),
          }),
        ),
      };
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
