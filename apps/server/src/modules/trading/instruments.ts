/**
 * What can be traded and how (docs/trading.md "Instruments"): which create endpoint takes which market source,
 * the wallet that holds the margin, the ESMA asset class (leverage cap, fees, minimum) and the multiplier that
 * turns quantity × price into the notional.
 */
import { Decimal, E, type Language, type trading, type Wallet, walletForClassify } from '@beurs/contracts';
import { instrumentByKey } from '../../market/instruments/index.js';
import type { InstrumentDef } from '../../market/instruments/types.js';
import { AppError, rule } from '../../platform/errors.js';

type AssetClass = trading.AssetClass;
export type TradeKind = 'stock' | 'forex' | 'future';

/** The create endpoint of each product and the market source it takes (the mapping). */
export const SOURCES_BY_ENDPOINT = {
  stock: 0,
  hk: 11,
  gold: 3,
  crude: 2,
} as const;
export type ProductEndpoint = keyof typeof SOURCES_BY_ENDPOINT;

/** Futures quoted in US cents per unit (grains, softs but cocoa, cattle): the notional divides by 100. */
const CENT_QUOTED = new Set(['ZC', 'ZW', 'ZS', 'KC', 'SB', 'CT', 'LE']);
/** Index futures on major indices (ESMA 20:1); other index futures are 10:1. */
const MAJOR_INDEX_FUTURES = new Set(['ES', 'NQ', 'YM', 'FDAX', 'FESX']);

export interface Tradable {
  def: InstrumentDef;
  code: string;
  source: number;
  kind: TradeKind;
  wallet: Wallet;
  assetClass: AssetClass;
  /** Units per quantity for the notional (futures contract size, ÷100 for cent-quoted ones). */
  multiplier: Decimal;
  lotSize: number;
  priceCurrency: string;
}

const kindOf = (def: InstrumentDef): TradeKind | null =>
  def.kind === 'stock' || def.kind === 'forex' || def.kind === 'future' ? def.kind : null;

function assetClassOf(def: InstrumentDef, kind: TradeKind): AssetClass {
  if (kind === 'stock') return 'stock';
  if (kind === 'forex') return def.major ? 'forexMajor' : 'forexMinor';
  if (def.code === 'GC') return 'gold';
  if (def.category === 'indices') return MAJOR_INDEX_FUTURES.has(def.code) ? 'indexMajor' : 'indexOther';
  // Bond futures are none of ESMA's named classes: "other reference values", 5:1 (docs/markets.md).
  if (def.category === 'rates') return 'other';
  return 'commodity';
}

function walletOf(def: InstrumentDef, kind: TradeKind): Wallet {
  if (kind === 'forex') return 'FOREX';
  if (kind === 'future') return 'FUTURE';
  if (!def.classify) throw new Error(`stock ${def.code} without classify`);
  return walletForClassify[def.classify];
}

/** Looks an instrument up by source and code (case-insensitive); null when it is unknown or not tradable. */
export function tradableOrNull(source: number, code: string): Tradable | null {
  const def = instrumentByKey(source, code.trim().toUpperCase()) ?? instrumentByKey(source, code.trim());
  if (!def) return null;
  const kind = kindOf(def);
  if (!kind) return null;
  const contract = new Decimal(def.contractSize ?? 1);
  return {
    def,
    code: def.code,
    source: def.source,
    kind,
    wallet: walletOf(def, kind),
    assetClass: assetClassOf(def, kind),
    multiplier: kind === 'future' ? (CENT_QUOTED.has(def.code) ? contract.dividedBy(100) : contract) : new Decimal(1),
    lotSize: def.lotSize,
    priceCurrency: def.currency,
  };
}

/** An instrument a create endpoint may trade: unknown answers 404, another product's instrument 422 notTradable. */
export function tradable(source: number, code: string, endpoint?: ProductEndpoint): Tradable {
  if (endpoint !== undefined && source !== SOURCES_BY_ENDPOINT[endpoint]) {
    throw rule(E.notTradable, {}, 'notTradable');
  }
  const found = tradableOrNull(source, code);
  if (found) return found;
  if (instrumentByKey(source, code.trim().toUpperCase())) throw rule(E.notTradable, {}, 'notTradable');
  throw new AppError(404, E.instrumentNotFound);
}

/** The order a code without a source is looked up in (as the market calls do): stocks, HK stocks, futures, forex. */
const LOOKUP_ORDER = [0, 11, 3, 2] as const;

/** An instrument by code and optional source (without it, the first market that has the code). */
export function tradableByCode(code: string, source?: number): Tradable {
  if (source !== undefined) return tradable(source, code);
  for (const s of LOOKUP_ORDER) {
    const found = tradableOrNull(s, code);
    if (found) return found;
  }
  throw new AppError(404, E.instrumentNotFound);
}

/** zh-Hans shows the Chinese name where the catalogue has one; nl and en show the (English) name. */
export const nameOf = (def: InstrumentDef, lang: Language) => (lang === 'zh-Hans' && def.nameZh) || def.name;
