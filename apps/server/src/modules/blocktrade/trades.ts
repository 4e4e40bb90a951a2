/**
 * The caller's own block trades (docs/primary-markets.md "Block trades"), newest first, for the block-trade screen's
 * list: always scoped to the caller, so another customer's never appear. Each links to the ordinary position it
 * settled into.
 */
import { Decimal, feeCents, type Language, type MyBlockTrade } from '@beurs/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { nameOf } from '../trading/index.js';
import { DESK } from './desk.js';
import { blockTrades } from './schema.js';

export async function blockTradePage(db: Executor, userId: number, page: number, pageSize: number, lang: Language) {
  const mine = eq(blockTrades.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blockTrades)
      .where(mine)
      .orderBy(desc(blockTrades.createdAt), desc(blockTrades.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blockTrades).where(mine),
  ]);
  const list = rows.map((b): MyBlockTrade => {
    const def = DESK.find((d) => d.code === b.code && d.source === b.source);
    const price = new Decimal(b.deskPrice);
    return {
      id: b.id,
      code: b.code,
      source: b.source,
      name: def ? nameOf(def, lang) : b.code,
      currency: def?.currency ?? '',
      quantity: b.quantity,
      deskPrice: price.toFixed(),
      amount: feeCents(price.times(b.quantity)).toFixed(2),
      orderId: b.orderId,
      positionId: b.positionId,
      createTimeTimestamp: b.createdAt.getTime(),
    };
  });
  return { list, total: total?.n ?? 0, page, pageSize };
}
