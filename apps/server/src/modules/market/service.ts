/**
 * Market rules: the lists and their orders by quote, search, one instrument's detail, candles, order book and market
 * sessions. Prices come only from the MarketProvider, cached here for the second they are quoted at; which
 * instruments a list holds and the orders that do not move with prices are the catalogue's (catalogue.ts), the
 * book's levels book.ts's and trading hours sessions.ts's.
 */
import {
  market as api,
  type ChartRangeName,
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
import type { InstrumentDef } from '../../market/instruments/index.js';
import { calendarOf } from '../../market/sessions.js';
import type { Quote } from '../../market/types.js';
import type { Clock } from '../../platform/clock.js';
import { translate } from '../../platform/i18n.js';
import { nameOf } from '../trading/index.js';
import { orderBook } from './book.js';
import { createCatalogue, instrumentNotFound, type WatchlistRow } from './catalogue.js';
import { keyOf, toQuoteDto } from './dto.js';
import { sessionOf } from './sessions.js';

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
  CRYPTO: '100:BTCUSD',
};

/** Decimal strings compared as numbers: ordering only, never arithmetic on money. */
const num = (s: string | null | undefined): number => (s == null ? Number.NEGATIVE_INFINITY : Number(s));

export function createMarketService({ market: provider, clock }: { market: MarketProvider; clock: Clock }) {
  const catalogue = createCatalogue(provider);
  const { instruments, byKey, bySize, staticOrder, resolve, watchlistDefs, stocks } = catalogue;

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
    if (fx.length < 3) return catalogue.staticUsdPer;
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

  async function marketStatus(id: MarketId, lang: Language): Promise<MarketStatus> {
    const def = byKey.get(MARKET_REPRESENTATIVE[id]);
    if (!def) throw new Error(`no instrument stands for market ${id}`);
    const state = await provider.sessionState(keyOf(def));
    return {
      market: id,
      name: translate(lang, `markets.${id}`),
      ...sessionOf(def, state, clock.now()),
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

    hkAllStockList: (viewer: Viewer, opts: PageOptions & SortOptions) => pageOf(catalogue.ofSource(11), viewer, opts),

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
      const suggested = catalogue.suggested();
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
      const defs = counted.length > 0 ? counted : catalogue.suggested();
      const page = paginate(defs, opts.page, opts.pageSize);
      return {
        ...page,
        list: await toDtos(page.list, viewer, opts.withSpark),
        origin,
        windowDays: api.POPULAR_WINDOW_DAYS,
      };
    },

    globalIndex: (viewer: Viewer, opts: PageOptions) => pageOf(catalogue.ofKind('index'), viewer, opts),

    futures: (category: FuturesFilter | undefined, viewer: Viewer, opts: PageOptions & SortOptions) =>
      pageOf(catalogue.futuresOf(category), viewer, opts),

    futuresOpt: async (rows: readonly WatchlistRow[], viewer: Viewer, opts: PageOptions) => {
      const mine = watchlistDefs(rows)
        .map((x) => x.def)
        .filter((d) => d.kind === 'future');
      const page = paginate(mine, opts.page, opts.pageSize);
      return { ...page, list: await toDtos(page.list, viewer, opts.withSpark) };
    },

    /** The crypto pairs (source 100): the robots' markets and the Market tab's crypto list. */
    crypto: (viewer: Viewer, opts: PageOptions & SortOptions) => pageOf(catalogue.ofKind('crypto'), viewer, opts),

    forexIndex: (viewer: Viewer, opts: PageOptions) => pageOf(catalogue.forexPairs('major'), viewer, opts),

    forexList: (group: ForexGroup | undefined, viewer: Viewer, opts: PageOptions & SortOptions) =>
      pageOf(catalogue.forexPairs(group), viewer, opts),

    search: async (
      f: { q: string; kind?: Def['kind'] | undefined; market?: StockMarket | undefined },
      viewer: Viewer,
      opts: PageOptions,
    ) => {
      const page = paginate(catalogue.search(f.q, f.kind, f.market), opts.page, opts.pageSize);
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
          timeZone: calendarOf(def).timeZone,
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
          session: sessionOf(def, state, clock.now()),
        };
      });
    },

    /** The depth of /m_ft/detail_quote (book.ts). */
    book: async (code: string, source: number | undefined) => {
      const def = resolve(code, source);
      const [q] = await guard(() => quotesOf([def]));
      return orderBook(def, q!);
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
