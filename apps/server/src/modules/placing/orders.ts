/**
 * Applying for a placing (docs/primary-markets.md "Placings"): the ticket's figures, checkSecret (the customer's own
 * transaction password and second factor, with the auth module's own attempt limit, as /blockTrade/checkSecret) and
 * the application, which spends the confirmation and holds quantity × the placing price + the published fee in the
 * SUBSCRIPTION wallet through the ledger, in the request's transaction with its idempotency key: all or nothing.
 * The figures are the IPO ticket's own (holdOf, maxLots of modules/primary), with the placing price as the price.
 */
import { Code, Decimal, E, type Language, type PlacingSubscription, placing, wireAmount } from '@beurs/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { createAuthService } from '../auth/index.js';
import { holdOf, maxLots } from '../primary/index.js';
import { priceBook } from '../trading/index.js';
import { findUserById } from '../users/index.js';
import { toApplication } from './applications.js';
import { type PlacingRow, placingById, placingPhaseOf, withPrice } from './placings.js';
import { placingConfirmations, placingSubscriptions } from './schema.js';

const WALLET = 'SUBSCRIPTION' as const;
const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** The IPO figures' view of a priced placing: its price is the one price held per share. */
const asOffering = (p: PlacingRow) => ({
  priceMax: p.price ?? '0',
  lotSize: p.lotSize,
  fee: p.fee,
  sharesOffered: p.sharesOffered,
});

type CreateBody = z.output<typeof placing.placingCreate.request>;
type SecretBody = z.output<typeof placing.placingCheckSecret.request>;

export function createPlacingOrders(deps: Deps) {
  const { db, ledger, market, clock } = deps;
  const auth = createAuthService(deps);
  const currency = ledger.currencyOf(WALLET);

  async function rateOf(p: PlacingRow): Promise<Decimal> {
    const book = await priceBook(market, [], [[p.currency, currency]]);
    return book.rate(p.currency, currency).toSignificantDigits(12);
  }

  /** The open, priced placing, or 422 placingNotOpen (404 unknown). */
  async function openPlacing(id: number, at: Date): Promise<PlacingRow> {
    const p = await withPrice(deps, await placingById(db, id), at);
    if (placingPhaseOf(p, at) !== 'open' || p.price === null) {
      throw rule(E.placingNotOpen, { code: p.code, opens: utc(p.opensAt), closes: utc(p.closesAt) }, 'placingNotOpen');
    }
    return p;
  }

  async function ticket(userId: number, id: number) {
    const now = clock.now();
    const p = await withPrice(deps, await placingById(db, id), now);
    const rate = await rateOf(p);
    const available = await ledger.available(db, { userId, wallet: WALLET });
    const open = placingPhaseOf(p, now) === 'open' && p.price !== null;
    const one = holdOf(asOffering(p), 1, rate);
    return {
      id: p.id,
      code: p.code,
      walletType: WALLET,
      currency,
      priceCurrency: p.currency,
      price: p.price === null ? '0' : new Decimal(p.price).toString(),
      rate: rate.toSignificantDigits(8).toString(),
      lotSize: p.lotSize,
      perLot: one.amount.toFixed(2),
      fee: one.fee.toFixed(2),
      available: wireAmount(available),
      maxQuantity: open ? maxLots(asOffering(p), available, rate) * p.lotSize : 0,
    };
  }

  function checkQuantity(p: PlacingRow, quantity: number) {
    if (quantity % p.lotSize !== 0)
      throw rule(E.offeringWholeLots, { code: p.code, lot: p.lotSize }, 'offeringWholeLots');
    if (quantity > p.sharesOffered) {
      throw rule(E.offeringAboveOffered, { code: p.code, max: p.sharesOffered }, 'offeringAboveOffered');
    }
  }

  /** The transaction password (+ second factor) turned into a confirmation for this placing and quantity. */
  async function checkSecret(userId: number, body: SecretBody, at: Date) {
    const p = await openPlacing(body.id, at);
    checkQuantity(p, body.quantity);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    await auth.verifyPayPassword(user, body.payPassword);
    await auth.secondFactor.assertCode({ userId }, body.totpCode);
    const confirmation = newToken();
    const expiresAt = new Date(at.getTime() + placing.PLACING_CONFIRMATION_SECONDS * 1000);
    await db.insert(placingConfirmations).values({
      userId,
      tokenHash: hashToken(confirmation),
      placingId: p.id,
      quantity: body.quantity,
      createdAt: at,
      expiresAt,
    });
    return { confirmation, expiresAtTimestamp: expiresAt.getTime() };
  }

  /** Spends the confirmation (once) for this placing and quantity, or 422. */
  async function spend(tx: Tx, userId: number, body: CreateBody, at: Date) {
    const [c] = await tx
      .update(placingConfirmations)
      .set({ usedAt: at })
      .where(
        and(
          eq(placingConfirmations.tokenHash, hashToken(body.confirmation)),
          eq(placingConfirmations.userId, userId),
          isNull(placingConfirmations.usedAt),
          gt(placingConfirmations.expiresAt, at),
        ),
      )
      .returning();
    if (!c || c.placingId !== body.id || c.quantity !== body.quantity) {
      throw rule(E.blockConfirmationInvalid, {}, 'blockConfirmationInvalid');
    }
  }

  /**
   * /placing_order/create in the request's transaction (runIdempotent): the placing read FOR SHARE (the allotment
   * waits for applications in flight), the checks, the confirmation spent, the application and its hold. One live
   * application per customer and placing is the unique index (409); a wallet that does not carry it is 422.
   */
  async function create(
    tx: Tx,
    userId: number,
    body: CreateBody,
    at: Date,
    lang: Language,
  ): Promise<PlacingSubscription> {
    await openPlacing(body.id, at);
    const p = await placingById(tx, body.id, 'share');
    if (placingPhaseOf(p, at) !== 'open' || p.price === null) {
      throw rule(E.placingNotOpen, { code: p.code, opens: utc(p.opensAt), closes: utc(p.closesAt) }, 'placingNotOpen');
    }
    checkQuantity(p, body.quantity);
    const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId));
    if (user?.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    await spend(tx, userId, body, at);
    const rate = await rateOf(p);
    const { amount, fee, total } = holdOf(asOffering(p), body.quantity / p.lotSize, rate);
    if (body.maxTotal !== undefined && total.gt(body.maxTotal)) {
      throw rule(E.offeringTotalAboveTicket, { total: total.toFixed(2), currency }, 'offeringTotalAboveTicket');
    }
    let row: typeof placingSubscriptions.$inferSelect;
    try {
      [row] = (await tx
        .insert(placingSubscriptions)
        .values({
          placingId: p.id,
          userId,
          wallet: WALLET,
          currency,
          quantity: body.quantity,
          price: p.price,
          rate: rate.toString(),
          amount: amount.toString(),
          fee: fee.toString(),
          createdAt: at,
          updatedAt: at,
        })
        .returning()) as [typeof row];
    } catch (error) {
      if (isUniqueViolation(error, 'placing_subscriptions_one_per_customer')) {
        throw new AppError(Code.conflict, E.offeringAlreadySubscribed, { code: p.code });
      }
      throw error;
    }
    const account = await ledger.walletAccount(tx, userId, WALLET);
    const holdId = await ledger.hold(tx, { account, amount: total, reference: `placing:${row.id}`, at });
    await tx.update(placingSubscriptions).set({ holdId }).where(eq(placingSubscriptions.id, row.id));
    return toApplication({ ...row, holdId }, p, at, lang);
  }

  /**
   * /placing_order/cancel: the caller's own application, while the window is open. The placing is read FOR SHARE
   * (as an application is: the allotment job, which locks it FOR UPDATE, waits) and the application FOR UPDATE;
   * its hold, fee included, is released in full through the ledger in the same transaction. A cancelled one answers
   * as it is. Another customer's id answers 404, as one that does not exist.
   */
  async function cancel(tx: Tx, userId: number, id: number, at: Date, lang: Language): Promise<PlacingSubscription> {
    const [own] = await tx
      .select({ placingId: placingSubscriptions.placingId })
      .from(placingSubscriptions)
      .where(and(eq(placingSubscriptions.id, id), eq(placingSubscriptions.userId, userId)));
    if (!own) throw new AppError(Code.notFound, E.placingApplicationNotFound, { id });
    const p = await placingById(tx, own.placingId, 'share');
    const [a] = await tx.select().from(placingSubscriptions).where(eq(placingSubscriptions.id, id)).for('update');
    if (!a) throw new AppError(Code.notFound, E.placingApplicationNotFound, { id });
    if (a.status === 'cancelled') return toApplication(a, p, at, lang);
    if (a.status !== 'subscribed' || placingPhaseOf(p, at) !== 'open') {
      throw rule(E.placingApplicationLocked, { code: p.code, closes: utc(p.closesAt) }, 'placingApplicationLocked');
    }
    if (a.holdId) await ledger.release(tx, a.holdId, at);
    const [row] = await tx
      .update(placingSubscriptions)
      .set({ status: 'cancelled', updatedAt: at })
      .where(eq(placingSubscriptions.id, id))
      .returning();
    if (!row) throw new Error(`placing application ${id} vanished while cancelled`);
    return toApplication(row, p, at, lang);
  }

  return { ticket, checkSecret, create, cancel };
}
