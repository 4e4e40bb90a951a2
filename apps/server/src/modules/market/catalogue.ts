/**
 * The instruments the market service lists, and the orders that do not move with prices: which instruments the
 * provider quotes, their "largest first" rank, the fixed sets a list picks from (a market, an exchange, a kind, a
 * category), a code's lookup and the name search. Nothing here reads a price: quotes are the service's.
 */
import {
  market as api,
  Code,
  Decimal,
  E,
  type ForexGroup,
  type FuturesFilter,
  type StockMarket,
} from '@beurs/contracts';
import type { MarketProvider } from '../../market/index.js';
import { allInstruments, type InstrumentDef, instrumentByKey } from '../../market/instruments/index.js';
import { AppError } from '../../platform/errors.js';
import { keyOf } from './dto.js';

type Def = InstrumentDef;

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

export const stockMarketOf = (def: Def): StockMarket | null =>
  def.kind === 'stock' && def.classify ? MARKET_OF_CLASSIFY[def.classify] : null;

export const instrumentNotFound = () => new AppError(Code.notFound, E.instrumentNotFound);

/** Lower case without accents, for matching names ("borse" finds "Börse"). */
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const codeFold = (s: string): string => fold(s).replace(/[^a-z0-9]/g, '');

export function createCatalogue(provider: MarketProvider) {
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
   * The sets a list picks from are fixed parts of the catalogue: each is built once, and the same array comes back
   * on every request, so orders that do not move with prices can be computed once per set too (staticOrder). The
   * names are built from validated enums only.
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

  // Every instrument is searchable, crypto pairs too (their quote screen leads to the robots that trade them).
  const searchEntry = (d: Def) => ({
    d,
    c: codeFold(d.code),
    names: [fold(d.name), ...(d.nameZh ? [d.nameZh.toLowerCase()] : [])],
  });
  const searchable = instruments.map(searchEntry);

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
    searchable.push(searchEntry(def));
  });

  return {
    instruments,
    byKey,
    staticUsdPer,
    bySize,
    staticOrder,

    stocks: (market?: StockMarket, exchange?: string, domicile?: Def['domicile']) =>
      subset(
        JSON.stringify(['stocks', market ?? null, exchange ?? null, domicile ?? null]),
        (d) =>
          d.kind === 'stock' &&
          (!market || stockMarketOf(d) === market) &&
          (!exchange || d.exchange === exchange) &&
          (!domicile || d.domicile === domicile),
      ),
    ofSource: (source: number) => subset(JSON.stringify(['source', source]), (d) => d.source === source),
    ofKind: (kind: Def['kind']) => subset(JSON.stringify(['kind', kind]), (d) => d.kind === kind),
    /** `financial` is index and interest-rate futures together (the Market tab's chip). */
    futuresOf: (category?: FuturesFilter) =>
      subset(
        JSON.stringify(['future', category ?? null]),
        (d) =>
          d.kind === 'future' &&
          (!category ||
            d.category === category ||
            (category === 'financial' && (d.category === 'indices' || d.category === 'rates'))),
      ),
    forexPairs: (group?: ForexGroup) =>
      subset(JSON.stringify(['forex', group ?? null]), (d) => d.kind === 'forex' && (!group || d.forexGroup === group)),

    /** The home page's selection, for guests, empty watchlists and a popular list with nothing counted. */
    suggested: () => SUGGESTED.map((k) => byKey.get(k)).filter((d): d is Def => !!d),

    /** Resolves a code (and source) to an instrument; without a source, in LOOKUP_ORDER. */
    resolve(code: string, source?: number): Def {
      const upper = code.toUpperCase();
      const def =
        source !== undefined
          ? byKey.get(`${source}:${upper}`)
          : LOOKUP_ORDER.map((s) => byKey.get(`${s}:${upper}`)).find((d) => d !== undefined);
      if (!def) throw instrumentNotFound();
      return def;
    },

    watchlistDefs: (rows: readonly WatchlistRow[]) =>
      rows
        .map((r) => ({ row: r, def: byKey.get(keyOf(r)) }))
        .filter((x): x is { row: WatchlistRow; def: Def } => !!x.def),

    /** Exact code, exact name, code prefix, word prefix, then anywhere; ties by size. */
    search(q: string, kind?: Def['kind'], market?: StockMarket): Def[] {
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
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
