/**
 * What a customer's holdings lend (docs/loans.md "The limit"): per collateral class, the value now in the loan's
 * currency and the published LTV of it. Stocks: every open long stock position at the simulator's closing price (the
 * bid), valued as what it is worth to the customer (margin plus floating profit, at least 0), so a leveraged position
 * lends on the customer's own stake, not on the borrowed part. Bonds: the holdings still held at the bid (clean). The
 * other asset classes (forex, indices, commodities: leveraged derivatives) and cash lend nothing.
 */
import {
  type CollateralClass,
  type Currency,
  closingPrice,
  collateralLimit,
  Decimal,
  Direction,
  LOAN_TERMS,
  type LoanLimit,
  positionProfit,
  wireAmount,
} from '@beurs/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import type { Deps } from '../../platform/deps.js';
import { createBondService } from '../bonds/index.js';
import { priceBook, tradable, tradePositions } from '../trading/index.js';

export type Collateral = Pick<LoanLimit, 'classes' | 'limit'> & { currency: Currency };

export function createCollateral(deps: Deps) {
  const { db, ledger } = deps;
  const bonds = createBondService(deps);
  const loanCurrency = ledger.currencyOf(LOAN_TERMS.wallet);

  /** The holdings of `userId` and what they lend, at `at`. */
  async function holdingsOf(userId: number, at: Date, ex: Executor = db): Promise<Collateral> {
    const positions = await ex
      .select()
      .from(tradePositions)
      .where(
        and(
          eq(tradePositions.userId, userId),
          eq(tradePositions.status, 1),
          eq(tradePositions.direction, Direction.Buy),
          eq(tradePositions.assetClass, 'stock'),
        ),
      );
    const bondTotals = (await bonds.total(userId, at)).totals;
    const held = positions.map((p) => ({
      p,
      t: tradable(p.source, p.code),
      walletCurrency: ledger.currencyOf(p.wallet as 'BALANCE'),
    }));
    // deps.market read at the call: tests pin prices by replacing it.
    const book = await priceBook(
      deps.market,
      held.map(({ t }) => ({ source: t.source, code: t.code })),
      [
        ...held.flatMap(({ t, walletCurrency }) => [
          [t.priceCurrency, walletCurrency] as const,
          [walletCurrency, loanCurrency] as const,
        ]),
        ...bondTotals.map((b) => [b.currency, loanCurrency] as const),
      ],
    );
    let stocks = new Decimal(0);
    for (const { p, t, walletCurrency } of held) {
      const q = book.quote({ source: t.source, code: t.code });
      const profit = positionProfit(
        p,
        p.quantity,
        closingPrice(p.direction, q),
        book.rate(t.priceCurrency, walletCurrency),
      );
      const worth = Decimal.max(new Decimal(p.margin).plus(profit), 0);
      stocks = stocks.plus(worth.times(book.rate(walletCurrency, loanCurrency)));
    }
    let bondValue = new Decimal(0);
    for (const b of bondTotals)
      bondValue = bondValue.plus(new Decimal(b.marketValue).times(book.rate(b.currency, loanCurrency)));
    const values: ReadonlyArray<readonly [CollateralClass, Decimal]> = [
      ['stock', stocks],
      ['bond', bondValue],
    ];
    const classes = values.map(([collateral, value]) => ({
      collateral,
      value: wireAmount(value),
      ltv: LOAN_TERMS.ltv[collateral],
      limit: collateralLimit(collateral, wireAmount(value)).toFixed(2),
    }));
    const limit = classes.reduce((sum, c) => sum.plus(c.limit), new Decimal(0));
    return { currency: loanCurrency, classes, limit: limit.toFixed(2) };
  }

  return { holdingsOf, loanCurrency };
}
