import { Decimal, type TransferResult, wallet as walletApi, wireAmount } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import { bill, createWalletService, eurUsd } from './service.js';

/**
 * What the funding overview needs from trading (open positions' profit today). app.ts hands in the trading
 * service, so the wallet module does not import trading, which builds on the wallet (the bill, eurUsd).
 */
export interface PortfolioFigures {
  todayProfit(userId: number, currency: 'EUR'): Promise<{ total: Decimal; hk: Decimal }>;
}

export function walletRoutes(app: FastifyInstance, deps: Deps, trading: PortfolioFigures) {
  const { db, ledger, clock } = deps;
  const service = createWalletService(deps);
  const toWire = (b: Awaited<ReturnType<typeof ledger.balances>>[number]) => ({
    walletType: b.wallet,
    currency: b.currency,
    // The wire's `balance` is the available amount (SPEC §3), the ledger's `available`.
    balance: b.available,
    usedBalance: b.held,
    total: b.total,
  });

  route(app, walletApi.getWalletBalance, async ({ body, user }) => {
    const all = await ledger.balances(db, user.id);
    return all.filter((b) => !body.walletType || b.wallet === body.walletType).map(toWire);
  });

  route(app, walletApi.getWalletBill, async ({ req, body, user }) => {
    const page = await bill(db, user.id, body, requestLanguage(req), clock.now());
    return { ...page, list: page.list.map(({ operator: _operator, ...item }) => item) };
  });

  route(app, walletApi.transfer, async ({ body, user, idempotency: request }) => {
    try {
      return await service.transfer(request, user.id, body);
    } catch (error) {
      // A replay answers the first answer even when the transfer would be refused now (no live rate).
      const stored = error instanceof AppError ? await storedAnswer(db, keyOf(request)) : null;
      if (stored) return stored.response as TransferResult;
      throw error;
    }
  });

  route(app, walletApi.cancelTransfer, async ({ body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => service.cancelTransfer(tx, user.id, body.entryId, idempotency.at)),
  );

  route(app, walletApi.fundingOverview, async ({ user }) => {
    const userId = user.id;
    const [balances, rate, today] = await Promise.all([
      ledger.balances(db, userId),
      eurUsd(deps.market),
      trading.todayProfit(userId, 'EUR'),
    ]);
    const inEur = (amount: string, currency: string) =>
      currency === 'EUR' ? new Decimal(amount) : new Decimal(amount).dividedBy(rate);
    let total = new Decimal(0);
    let available = new Decimal(0);
    let onHold = new Decimal(0);
    const wallets = balances.map((b) => {
      const walletTotal = inEur(b.total, b.currency);
      total = total.plus(walletTotal);
      available = available.plus(inEur(b.available, b.currency));
      onHold = onHold.plus(inEur(b.held, b.currency));
      return { ...toWire(b), totalInCurrency: wireAmount(walletTotal) };
    });
    return {
      currency: 'EUR' as const,
      total: wireAmount(total),
      available: wireAmount(available),
      onHold: wireAmount(onHold),
      wallets,
      // Profit of open positions since the previous close (docs/trading.md), in EUR.
      todayProfit: today.total.toFixed(2),
      hkTodayProfit: today.hk.toFixed(2),
      eurUsd: rate.toSignificantDigits(8).toString(),
    };
  });
}
