/**
 * Confirming and placing block orders (docs/primary-markets.md "Block trades"). checkSecret turns the customer's
 * own transaction password (+ second factor) into a single-use confirmation for one stock and quantity; create
 * spends it and settles the block through the trading module's own placement (plan, then execute: the ledger's
 * guarded update checks the funds), in one transaction with the key, the confirmation and the block row.
 */
import { blocktrade, Decimal, E, type Language, openFeeRate, orderFigures } from '@beurs/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { type IdempotentRequest, keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { createAuthService } from '../auth/index.js';
import { createTradingService, type OrderPlan } from '../trading/index.js';
import { findUserById } from '../users/index.js';
import { deskStock, mid } from './desk.js';
import { requireApproved } from './permission.js';
import { blockConfirmations, blockTrades } from './schema.js';

type CreateBody = z.output<typeof blocktrade.blockCreate.request>;

function checkQuantity(quantity: number) {
  if (quantity < blocktrade.BLOCK_MIN_QUANTITY)
    throw rule(E.blockBelowMinimum, { min: blocktrade.BLOCK_MIN_QUANTITY }, 'blockBelowMinimum');
}

export function createBlockOrders(deps: Deps) {
  const { db } = deps;
  const auth = createAuthService(deps);
  const trading = createTradingService(deps);

  async function checkSecret(userId: number, body: z.output<typeof blocktrade.blockCheckSecret.request>, at: Date) {
    const def = deskStock(body.stockCode);
    checkQuantity(body.quantity);
    await requireApproved(db, userId);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    // The transaction password's own attempt limit (shared with withdrawals): 429 once it is used up.
    await auth.verifyPayPassword(user, body.payPassword);
    await auth.secondFactor.assertCode({ userId }, body.totpCode);
    const confirmation = newToken();
    const expiresAt = new Date(at.getTime() + blocktrade.BLOCK_CONFIRMATION_SECONDS * 1000);
    await db.insert(blockConfirmations).values({
      userId,
      tokenHash: hashToken(confirmation),
      code: def.code,
      quantity: body.quantity,
      createdAt: at,
      expiresAt,
    });
    return { confirmation, expiresAtTimestamp: expiresAt.getTime() };
  }

  /** The trading plan of a market buy, at the desk price instead of the ask, unleveraged; refused if above the ticket. */
  async function deskPlan(userId: number, body: CreateBody, at: Date): Promise<OrderPlan & { quote: Decimal }> {
    const def = deskStock(body.stockCode);
    checkQuantity(body.quantity);
    await requireApproved(db, userId);
    const input = { source: def.source, stockCode: def.code, direction: 0 as const, orderType: 0 as const };
    const p = await trading.plan(
      userId,
      { ...input, quantity: body.quantity, leverage: 1, termsVersion: body.termsVersion },
      at,
    );
    const quote = mid(p.prices.quote(p.t));
    const price = blocktrade.blockDeskPrice(quote, def.priceDecimals);
    if (price.gt(body.price)) {
      throw rule(E.blockPriceMoved, { code: def.code, price: price.toFixed(), shown: body.price }, 'blockPriceMoved');
    }
    const r = await trading.settings.rule('stock');
    const fig = orderFigures({
      quantity: body.quantity,
      price,
      multiplier: p.t.multiplier,
      rate: p.rate,
      leverage: 1,
      feeRate: openFeeRate(0, r),
    });
    return { ...p, price, fig, quote };
  }

  /** Spends the confirmation (once: the row lock and used_at) for this stock and quantity, or 422. */
  async function spend(tx: Tx, userId: number, body: CreateBody, code: string, at: Date) {
    const [c] = await tx
      .update(blockConfirmations)
      .set({ usedAt: at })
      .where(
        and(
          eq(blockConfirmations.tokenHash, hashToken(body.confirmation)),
          eq(blockConfirmations.userId, userId),
          isNull(blockConfirmations.usedAt),
          gt(blockConfirmations.expiresAt, at),
        ),
      )
      .returning();
    if (!c || c.code !== code || c.quantity !== body.quantity) {
      throw rule(E.blockConfirmationInvalid, {}, 'blockConfirmationInvalid');
    }
    return c;
  }

  async function create(userId: number, body: CreateBody, request: IdempotentRequest, lang: Language) {
    let plan: Awaited<ReturnType<typeof deskPlan>>;
    try {
      plan = await deskPlan(userId, body, request.at);
    } catch (error) {
      // A replay answers the first answer, even if it would be refused now (market closed, price moved).
      const stored = error instanceof AppError ? await storedAnswer(db, keyOf(request)) : null;
      if (stored) return stored.response as never;
      throw error;
    }
    return runIdempotent(db, request, async (tx) => {
      await requireApproved(tx, userId, true);
      const c = await spend(tx, userId, body, plan.t.code, request.at);
      const placed = await trading.execute(tx, plan);
      if (!placed.position) throw new Error('a block order fills at once');
      const [row] = await tx
        .insert(blockTrades)
        .values({
          userId,
          confirmationId: c.id,
          code: plan.t.code,
          source: plan.t.source,
          quantity: body.quantity,
          quotePrice: plan.quote.toFixed(8),
          deskPrice: plan.price.toFixed(),
          orderId: placed.order.id,
          positionId: placed.position.id,
          createdAt: request.at,
        })
        .returning();
      if (!row) throw new Error('block trade not stored');
      return {
        order: trading.orderDto(placed.order, lang),
        position: trading.positionDto(placed.position, placed.book, lang),
        blockTrade: {
          id: row.id,
          code: row.code,
          quantity: row.quantity,
          quotePrice: new Decimal(row.quotePrice).toFixed(),
          deskPrice: new Decimal(row.deskPrice).toFixed(),
          createTimeTimestamp: row.createdAt.getTime(),
        },
      };
    });
  }

  return { checkSecret, create };
}
