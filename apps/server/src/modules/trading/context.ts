/**
 * What every part of the trading module works with (a small deps object instead of one closure over all of it):
 * the database, the ledger, the settings, the wallet currencies, prices, and the refusals the parts share.
 */
import {
  type Currency,
  Decimal,
  E,
  onTick,
  type QuantityProblem,
  stopsProblem,
  tickOf,
  trading,
  V,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError, invalid, rule } from '../../platform/errors.js';
import { type Tradable, tradableOrNull } from './instruments.js';
import { priceText, ZERO } from './model.js';
import { priceBook } from './prices.js';
import { createSettings, type Settings } from './settings.js';

/** The settings are one per process (per deps), so a console change reaches every user of them at once. */
const settingsByDeps = new WeakMap<object, Settings>();
export function settingsOf(deps: Pick<Deps, 'db'>): Settings {
  let s = settingsByDeps.get(deps.db);
  if (!s) {
    s = createSettings(deps.db);
    settingsByDeps.set(deps.db, s);
  }
  return s;
}

/** The fee schedule of a rule as tickets show it and orders send it back. */
export const termsOf = (r: { buyRate: Decimal; sellRate: Decimal }) =>
  trading.termsVersionOf(r.buyRate.toFixed(), r.sellRate.toFixed());

/** A quantity the rules refuse (trading-rules orderQuantityProblem, closeQuantityProblem), as its 422. */
export function quantityError(problem: QuantityProblem) {
  switch (problem.reason) {
    case 'enterQuantity':
      return invalid(V.addQuantity, 'quantity');
    case 'belowMinQuantity':
      return rule(E.belowMinQuantity, { min: problem.min }, problem.reason);
    case 'quantityStep':
      return rule(E.quantityStep, { lot: problem.lot }, problem.reason);
    case 'closeQuantityTooLarge':
      return rule(E.closeQuantityTooLarge, { max: problem.max }, problem.reason);
  }
}

export type TradingContext = ReturnType<typeof createTradingContext>;

export function createTradingContext(deps: Deps) {
  const { db, ledger } = deps;
  const settings = settingsOf(deps);
  const currencyOf = (wallet: string) => ledger.currencyOf(wallet as Wallet);

  /** The ledger's 422 insufficientBalance, said the trading way: what is needed and what is there. */
  function asMarginError(error: unknown, required: Decimal, currency: Currency, availableOffset: Decimal = ZERO) {
    if (error instanceof AppError && error.reason === 'insufficientBalance') {
      const available = new Decimal(String(error.params.available ?? '0')).plus(availableOffset);
      return rule(
        E.insufficientMargin,
        { required: wireAmount(required), available: wireAmount(Decimal.max(available, 0)), currency },
        'insufficientMargin',
      );
    }
    return error;
  }

  async function book(t: { source: number; code: string; priceCurrency: string }, walletCurrency: string) {
    return priceBook(deps.market, [{ source: t.source, code: t.code }], [[t.priceCurrency, walletCurrency]]);
  }

  /** Quotes every instrument of these rows and the conversions into their wallets' currencies, at once. */
  async function bookFor(rows: ReadonlyArray<{ source: number; code: string; wallet: string }>) {
    const instruments = new Map<string, { source: number; code: string }>();
    const conversions = new Map<string, readonly [string, string]>();
    for (const r of rows) {
      const t = tradableOrNull(r.source, r.code);
      if (!t) continue;
      instruments.set(`${t.source}:${t.code}`, { source: t.source, code: t.code });
      const to = currencyOf(r.wallet);
      conversions.set(`${t.priceCurrency}>${to}`, [t.priceCurrency, to]);
    }
    return priceBook(deps.market, [...instruments.values()], [...conversions.values()]);
  }

  function checkStops(direction: number, ref: Decimal, stopLoss?: string | null, takeProfit?: string | null) {
    const problem = stopsProblem(direction, ref, stopLoss, takeProfit);
    if (problem) throw rule(E[problem], { price: priceText(ref) }, problem);
  }

  /** Every price the customer typed (a limit, stops) is on the instrument's tick (docs/trading.md "Order rules"). */
  function checkTicks(t: Tradable, ...prices: (string | null | undefined)[]) {
    const decimals = t.def.priceDecimals;
    if (prices.some((p) => p != null && !onTick(p, decimals))) {
      throw rule(E.priceOffTick, { code: t.code, tick: tickOf(decimals).toFixed() }, 'priceOffTick');
    }
  }

  return { deps, db, ledger, settings, currencyOf, asMarginError, book, bookFor, checkStops, checkTicks };
}
