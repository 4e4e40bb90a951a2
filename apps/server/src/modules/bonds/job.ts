/**
 * The bonds job (docs/fixed-income.md "Coupons and redemption"), on the primary-markets job's interval, one node at
 * a time (its own advisory lock): on and after each coupon date it pays the coupon of every holding entitled to it
 * into the holding's wallet (bondCoupon: the market account to the wallet), and on and after the maturity the face
 * value (bondRedemption), the holding then redeemed. A holding is entitled to the coupons after its purchase settled
 * and, once sold, up to its sale's settlement (a settlement on a coupon date leaves that coupon with the seller).
 *
 * Exactly once: each holding is paid in its own transaction with its row locked, `paid_through` and `next_due` moved
 * in it; the ledger's references (`bond:<id>:<coupon date>` for a coupon, `bond:<id>` for the redemption), unique
 * per type, refuse a second payment even if a row were wrong. A pass that dies commits nothing of the holding it was
 * paying, and the next pass (after a restart) pays it.
 *
 * Each payment tells the customer in the inbox (bondCouponPaid, bondRedeemed), written by `notify` in the payment's
 * transaction, as the auction job's auctionNotFilled is: the message exists exactly when the payment does, once.
 */
import { bondMath, Decimal, type Wallet } from '@beurs/contracts';
import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { notify } from '../inbox/index.js';
import { defOfRow, nextDueOf } from './holdings.js';
import { couponAmount, couponDatesBetween } from './quote.js';
import { bondHoldings } from './schema.js';

export const BOND_JOB_LOCK = 'bonds';
export const BOND_COUPON_ENTRY = 'bondCoupon';
export const BOND_REDEMPTION_ENTRY = 'bondRedemption';
const BATCH = 500;
/** Where a bond message leads: the customer's bond holdings. */
const BONDS_LINK = '/pages/bonds/close';

export function createBondJob(deps: Deps) {
  const { db, clock, log, ledger } = deps;

  /** Pays what one holding is owed up to `today`, in one transaction; what it paid (coupons, redeemed). */
  async function payHolding(id: number, today: string, at: Date) {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(bondHoldings).where(eq(bondHoldings.id, id)).for('update');
      if (!row || row.nextDue === null || row.nextDue > today) return { coupons: 0, redeemed: false };
      const def = defOfRow(row);
      const until = [today, row.saleSettlementDate ?? def.maturity].sort()[0] as string;
      const dates = couponDatesBetween(def, row.paidThrough, until);
      const account = await ledger.walletAccount(tx, row.userId, row.wallet as Wallet);
      const market = await ledger.systemAccount(tx, 'market', account.currency);
      const coupon = couponAmount(def, row.quantity);
      let income = new Decimal(row.income);
      for (const date of dates) {
        if (coupon.lte(0)) break;
        await ledger.post(tx, {
          type: BOND_COUPON_ENTRY,
          reference: `bond:${row.id}:${date}`,
          at,
          detail: { holding: row.id, code: row.code, couponDate: date, quantity: row.quantity },
          postings: [
            { account: market, amount: coupon.negated() },
            { account, amount: coupon },
          ],
        });
        income = income.plus(coupon);
        await notify(tx, {
          userId: row.userId,
          kind: 'bondCouponPaid',
          params: {
            holding: row.id,
            code: row.code,
            date,
            quantity: row.quantity,
            amount: coupon.toFixed(2),
            currency: def.currency,
            wallet: row.wallet,
          },
          link: BONDS_LINK,
          at,
        });
      }
      const redeem = row.status === 'bought' && def.maturity <= today;
      if (redeem) {
        const face = new Decimal(def.faceValue).times(row.quantity);
        await ledger.post(tx, {
          type: BOND_REDEMPTION_ENTRY,
          reference: `bond:${row.id}`,
          at,
          detail: { holding: row.id, code: row.code, maturity: def.maturity, quantity: row.quantity },
          postings: [
            { account: market, amount: face.negated() },
            { account, amount: face },
          ],
        });
        await notify(tx, {
          userId: row.userId,
          kind: 'bondRedeemed',
          params: {
            holding: row.id,
            code: row.code,
            date: def.maturity,
            quantity: row.quantity,
            amount: face.toFixed(2),
            currency: def.currency,
            wallet: row.wallet,
          },
          link: BONDS_LINK,
          at,
        });
      }
      const paidThrough = dates.at(-1) ?? (redeem ? def.maturity : row.paidThrough);
      await tx
        .update(bondHoldings)
        .set({
          paidThrough: paidThrough > row.paidThrough ? paidThrough : row.paidThrough,
          income: income.toString(),
          nextDue: redeem ? null : nextDueOf(def, paidThrough, row.saleSettlementDate),
          ...(redeem ? { status: 'redeemed' as const, closedAt: at } : {}),
          updatedAt: at,
        })
        .where(eq(bondHoldings.id, row.id));
      return { coupons: dates.length, redeemed: redeem };
    });
  }

  /** Every payment due at the clock's date (UTC). */
  async function runUnlocked() {
    const at = clock.now();
    const today = bondMath.isoDate(Math.floor(at.getTime() / 86_400_000));
    let coupons = 0;
    let redeemed = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const due = await db
        .select({ id: bondHoldings.id })
        .from(bondHoldings)
        .where(and(isNotNull(bondHoldings.nextDue), lte(bondHoldings.nextDue, today), gt(bondHoldings.id, afterId)))
        .orderBy(asc(bondHoldings.id))
        .limit(BATCH);
      for (const { id } of due) {
        afterId = id;
        try {
          const paid = await payHolding(id, today, at);
          coupons += paid.coupons;
          if (paid.redeemed) redeemed += 1;
        } catch (err) {
          failed += 1;
          log.error({ err, holding: id }, 'bonds job step failed');
        }
      }
      if (due.length < BATCH) break;
    }
    return { coupons, redeemed, failed };
  }

  const runOnce = async () => {
    const pass = await runAsLeader(db, BOND_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { coupons: 0, redeemed: 0, failed: 0 };
  };

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'bonds job');
  return { runOnce, runUnlocked, payHolding, start };
}
