/**
 * /m_ft/preMarketList (docs/primary-markets.md "Pre-market auction"): the stocks in their pre-open phase now, with
 * the indicative price (the simulator's last trade: the opening price itself is only known at the open), and each
 * market's pre-open window now or next.
 */
import { type AuctionStock, type auction, type Language, minOrderQuantity, walletForClassify } from '@beurs/contracts';
import { allInstruments } from '../../market/instruments/index.js';
import type { InstrumentDef } from '../../market/instruments/types.js';
import type { Deps } from '../../platform/deps.js';
import { nameOf, priceBook, settingsOf, termsOf } from '../trading/index.js';
import { auctionable, marketWindows, type PreOpenWindow, preOpenWindow } from './window.js';

const walletOf = (d: InstrumentDef) => walletForClassify[d.classify as keyof typeof walletForClassify];

/** The auctionable stocks in pre-open at `at` (the catalogue, with stocks listed since the start), opening first. */
export function stocksInPreOpen(at: Date, market?: auction.AuctionMarket) {
  const found: Array<{ def: InstrumentDef; w: PreOpenWindow }> = [];
  for (const def of allInstruments) {
    if (!auctionable(def)) continue;
    const w = preOpenWindow(def, at);
    if (w?.now && (!market || w.market === market)) found.push({ def, w });
  }
  return found.sort(
    (a, b) =>
      a.w.opensAt.getTime() - b.w.opensAt.getTime() ||
      a.def.source - b.def.source ||
      a.def.code.localeCompare(b.def.code),
  );
}

export async function preMarketPage(
  deps: Deps,
  body: { market?: auction.AuctionMarket | undefined; page: number; pageSize: number },
  at: Date,
  lang: Language,
) {
  const all = stocksInPreOpen(at, body.market);
  const slice = all.slice((body.page - 1) * body.pageSize, body.page * body.pageSize);
  const book = await priceBook(
    deps.market,
    slice.map(({ def }) => ({ source: def.source, code: def.code })),
    slice.map(({ def }) => [def.currency, deps.ledger.currencyOf(walletOf(def))] as const),
  );
  const r = await settingsOf(deps).rule('stock');
  const list = slice.map(({ def, w }): AuctionStock => {
    const q = book.quote({ source: def.source, code: def.code });
    const wallet = walletOf(def);
    const walletCurrency = deps.ledger.currencyOf(wallet);
    return {
      code: def.code,
      name: nameOf(def, lang),
      source: def.source,
      classify: def.classify ?? '',
      market: w.market,
      currency: def.currency,
      walletType: wallet,
      walletCurrency,
      indicativePrice: q.last,
      priceDecimals: def.priceDecimals,
      prevClose: q.prevClose,
      lotSize: def.lotSize,
      minQuantity: minOrderQuantity(r.minQuantity, def.lotSize),
      rate: book.rate(def.currency, walletCurrency).toSignificantDigits(10).toFixed(),
      buyRate: r.buyRate.toFixed(),
      sellRate: r.sellRate.toFixed(),
      termsVersion: termsOf(r),
      preOpenStartsAtTimestamp: w.startsAt.getTime(),
      opensAtTimestamp: w.opensAt.getTime(),
    };
  });
  const sessions = marketWindows(at).map((w) => ({
    market: w.market,
    preOpen: w.now,
    startsAtTimestamp: w.startsAt.getTime(),
    opensAtTimestamp: w.opensAt.getTime(),
  }));
  return { list, total: all.length, page: body.page, pageSize: body.pageSize, sessions };
}
