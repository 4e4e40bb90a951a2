/**
 * The block desk (docs/primary-markets.md "Block trades"): the large-cap stocks it offers, and its price, the
 * simulator's mid quote less the published discount, within the published band (blocktrade.blockDeskPrice).
 */
import {
  type BlockStock,
  blocktrade,
  Decimal,
  E,
  type Language,
  openFeeRate,
  walletForClassify,
} from '@beurs/contracts';
import { allInstruments } from '../../market/instruments/index.js';
import type { InstrumentDef } from '../../market/instruments/types.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { nameOf, priceBook, settingsOf, termsOf } from '../trading/index.js';

/** Offered: stocks of source 0 with at least this many shares outstanding, so a 10,000-share block is a sliver. */
const MIN_SHARES_OUTSTANDING = 500_000_000;

export const DESK: readonly InstrumentDef[] = allInstruments
  .filter(
    (d) => d.kind === 'stock' && d.source === 0 && d.classify && (d.sharesOutstanding ?? 0) >= MIN_SHARES_OUTSTANDING,
  )
  .sort((a, b) => a.code.localeCompare(b.code));

/** A stock the desk offers, by code (any case); 404 blockNotOffered otherwise. */
export function deskStock(code: string): InstrumentDef {
  const c = code.trim().toUpperCase();
  const def = DESK.find((d) => d.code === c);
  if (!def) throw new AppError(404, E.blockNotOffered, { code: c });
  return def;
}

export const mid = (q: { bid: string; ask: string }) => new Decimal(q.bid).plus(q.ask).dividedBy(2);

/**
 * The desk's stocks matching `q` (any case): code or name (English or Chinese) containing it, an exact code first,
 * then by code. Without `q`, the whole desk.
 */
export function deskMatching(q: string | undefined): readonly InstrumentDef[] {
  const term = q?.trim().toLowerCase();
  if (!term) return DESK;
  const found = DESK.filter(
    (d) =>
      d.code.toLowerCase().includes(term) ||
      d.name.toLowerCase().includes(term) ||
      (d.nameZh?.toLowerCase().includes(term) ?? false),
  );
  const exact = found.filter((d) => d.code.toLowerCase() === term);
  return [...exact, ...found.filter((d) => d.code.toLowerCase() !== term)];
}

export async function deskPage(
  deps: Deps,
  { page, pageSize, q }: { page: number; pageSize: number; q?: string | undefined },
  lang: Language,
) {
  const matching = deskMatching(q);
  const defs = matching.slice((page - 1) * pageSize, page * pageSize);
  const walletOf = (d: InstrumentDef) => walletForClassify[d.classify as keyof typeof walletForClassify];
  const book = await priceBook(
    deps.market,
    defs.map((d) => ({ source: d.source, code: d.code })),
    defs.map((d) => [d.currency, deps.ledger.currencyOf(walletOf(d))] as const),
  );
  const r = await settingsOf(deps).rule('stock');
  const list = defs.map((d): BlockStock => {
    const q = book.quote({ source: d.source, code: d.code });
    const wallet = walletOf(d);
    const walletCurrency = deps.ledger.currencyOf(wallet);
    return {
      code: d.code,
      name: nameOf(d, lang),
      source: d.source,
      classify: d.classify ?? '',
      currency: d.currency,
      walletType: wallet,
      walletCurrency,
      quotePrice: mid(q).toDecimalPlaces(d.priceDecimals).toFixed(),
      deskPrice: blocktrade.blockDeskPrice(mid(q), d.priceDecimals).toFixed(),
      discount: blocktrade.BLOCK_DESK_DISCOUNT,
      band: blocktrade.BLOCK_PRICE_BAND,
      minQuantity: blocktrade.BLOCK_MIN_QUANTITY,
      rate: book.rate(d.currency, walletCurrency).toSignificantDigits(10).toFixed(),
      feeRate: openFeeRate(0, r).toFixed(),
      termsVersion: termsOf(r),
      marketOpen: q.marketOpen,
    };
  });
  return { list, total: matching.length, page, pageSize };
}
