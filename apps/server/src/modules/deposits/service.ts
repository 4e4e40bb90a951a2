/**
 * Deposits (docs/money.md "Deposits"): the channels customers pay into, the deposits they report with a
 * proof screenshot, and the operator's review. Approving posts one journal entry (deposits clearing →
 * the customer's wallet) with the reference `recharge:<id>`, which the ledger's unique index lets through
 * once; rejecting changes no money. Every outcome reaches the inbox in the same transaction.
 */
import {
  type Currency,
  Decimal,
  type DepositChannel,
  type DepositReviewRow,
  E,
  type RechargeRecord,
  ReviewStatus,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Executor, Ledger } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { files, operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, rule } from '../../platform/errors.js';
import { assertOwnFiles } from '../files/index.js';
import { notify } from '../inbox/index.js';
import {
  customerPage,
  type Decision,
  pendingOnly,
  type QueueFilter,
  type ReviewStatusValue,
  reviewFields,
  reviewQueue,
} from '../reviews/index.js';
import { depositChannels, rechargeOrders } from './schema.js';

type ChannelRow = typeof depositChannels.$inferSelect;
type OrderRow = typeof rechargeOrders.$inferSelect;

/** A channel as it was when a deposit was reported (stored on the order). */
export interface ChannelSnapshot {
  type: 'crypto' | 'bank';
  asset: string;
  network: string | null;
  address: string | null;
  bank: DepositChannel['bank'];
  wallet: Wallet;
  currency: Currency;
  minAmount: string;
  confirmations: number;
}

/** Where the inbox sends the customer for their deposits. */
export const DEPOSIT_RECORD_LINK = '/pages/deposit/record';

/** How a channel is named in the bill and the console: "USDT TRC20", "ING Bank (EUR)". */
export function channelLabel(c: Pick<ChannelSnapshot, 'type' | 'asset' | 'network' | 'bank'>): string {
  if (c.type === 'crypto') return [c.asset, c.network].filter(Boolean).join(' ');
  return c.bank?.bankName ? `${c.bank.bankName} (${c.asset})` : c.asset;
}

const bankOf = (value: unknown): DepositChannel['bank'] => {
  if (!value || typeof value !== 'object') return null;
  const b = value as Record<string, unknown>;
  const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
  return {
    bankName: s('bankName'),
    accountName: s('accountName'),
    iban: s('iban'),
    swift: s('swift'),
    bankAddress: s('bankAddress'),
  };
};

export function toChannel(row: ChannelRow): DepositChannel {
  return {
    id: row.id,
    type: row.type === 'bank' ? 'bank' : 'crypto',
    asset: row.asset,
    network: row.network,
    address: row.address,
    bank: row.type === 'bank' ? bankOf(row.bank) : null,
    walletType: row.wallet as Wallet,
    currency: row.currency as Currency,
    minAmount: wireAmount(row.minAmount),
    confirmations: row.confirmations,
    enabled: row.enabled,
  };
}

/** What a deposit keeps of the channel it was reported on. */
export const channelSnapshot = (c: DepositChannel): ChannelSnapshot => ({
  type: c.type,
  asset: c.asset,
  network: c.network,
  address: c.address,
  bank: c.bank,
  wallet: c.walletType,
  currency: c.currency,
  minAmount: c.minAmount,
  confirmations: c.confirmations,
});

const snapshotOf = (row: OrderRow): ChannelSnapshot => row.channel as ChannelSnapshot;

/**
 * Credits a pending deposit: one journal entry (deposits clearing → the customer's wallet), the order
 * approved, the customer told. The order must be locked, or just written (the demo seed); answers the entry.
 */
export async function approveDeposit(
  ledger: Ledger,
  tx: Tx,
  order: OrderRow,
  { operatorId, at }: Omit<Decision, 'id'>,
): Promise<number> {
  const wallet = order.wallet as Wallet;
  const account = await ledger.walletAccount(tx, order.userId, wallet);
  if (account.currency !== order.currency) {
    // The wallet's currency was changed since the deposit was reported: crediting one for one would be wrong.
    throw rule(E.channelWalletCurrency, {}, 'channelWalletCurrency');
  }
  const clearing = await ledger.systemAccount(tx, 'deposits', account.currency);
  let entryId: number;
  try {
    const posted = await ledger.post(tx, {
      type: 'deposit',
      reference: `recharge:${order.id}`,
      operatorId,
      at,
      detail: { id: order.id, channel: channelLabel(snapshotOf(order)) },
      postings: [
        { account: clearing, amount: new Decimal(order.amount).negated() },
        { account, amount: order.amount },
      ],
    });
    entryId = posted.entryId;
  } catch (err) {
    // The unique reference: this deposit was credited already (cannot happen behind the row lock).
    if (isUniqueViolation(err)) throw conflict(E.alreadyReviewed);
    throw err;
  }
  await tx
    .update(rechargeOrders)
    .set({ status: ReviewStatus.Approved, entryId, reviewerId: operatorId, reviewedAt: at })
    .where(eq(rechargeOrders.id, order.id));
  await notify(tx, {
    userId: order.userId,
    kind: 'depositApproved',
    params: { amount: wireAmount(order.amount), currency: order.currency, wallet },
    link: DEPOSIT_RECORD_LINK,
    at,
  });
  return entryId;
}

export function createDepositService(deps: Pick<Deps, 'db' | 'ledger' | 'files'>) {
  const { db, ledger, files: fileStore } = deps;

  function toRecord(row: OrderRow): RechargeRecord {
    const snap = snapshotOf(row);
    return {
      id: row.id,
      channelId: row.channelId,
      type: snap.type,
      asset: snap.asset,
      network: snap.network,
      amount: wireAmount(row.amount),
      walletType: row.wallet as Wallet,
      currency: row.currency as Currency,
      txHash: row.txHash,
      status: row.status as ReviewStatusValue,
      reason: row.reason,
      proofUrl: fileStore.signedUrl(row.proofFileId),
      createTimeTimestamp: row.createdAt.getTime(),
      reviewTimeTimestamp: row.reviewedAt?.getTime() ?? null,
    };
  }

  /** Enabled channels, in the console's order. */
  async function channels(type?: 'crypto' | 'bank'): Promise<DepositChannel[]> {
    const rows = await db
      .select()
      .from(depositChannels)
      .where(and(eq(depositChannels.enabled, true), type ? eq(depositChannels.type, type) : undefined))
      .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
    return rows.map(toChannel);
  }

  /**
   * Records a reported deposit, pending review. Needs verified identity, an enabled channel whose wallet
   * is kept in the channel's currency, at least the channel's minimum and a proof the caller uploaded.
   */
  async function create(
    tx: Tx,
    userId: number,
    input: { channelId: number; amount: string; proofFileId: string; txHash?: string | undefined },
    at: Date,
  ): Promise<RechargeRecord> {
    const [user] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
    if (user?.kycStatus !== ReviewStatus.Approved) throw rule(E.kycRequired, {}, 'kycRequired');
    const [channel] = await tx.select().from(depositChannels).where(eq(depositChannels.id, input.channelId));
    // A channel whose wallet is now kept in another currency cannot credit one for one: closed as well.
    if (!channel?.enabled || ledger.currencyOf(channel.wallet as Wallet) !== channel.currency) {
      throw rule(E.channelClosed, {}, 'channelClosed');
    }
    if (new Decimal(input.amount).lt(channel.minAmount)) {
      throw rule(E.belowChannelMinimum, { min: wireAmount(channel.minAmount) }, 'belowChannelMinimum');
    }
    await assertOwnFiles(tx, userId, { proofFileId: input.proofFileId });
    const c = toChannel(channel);
    const [row] = await tx
      .insert(rechargeOrders)
      .values({
        userId,
        channelId: channel.id,
        channel: channelSnapshot(c),
        amount: input.amount,
        wallet: c.walletType,
        currency: c.currency,
        proofFileId: input.proofFileId,
        txHash: input.txHash ?? null,
        status: ReviewStatus.Pending,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('recharge order not created');
    return toRecord(row);
  }

  /** The caller's deposits, newest first. */
  const listPage = (userId: number, q: { status?: number | undefined; page: number; pageSize: number }) =>
    customerPage(db, rechargeOrders, userId, q, toRecord);

  // ------------------------------------------------------------------------------------------- console

  async function reviewRows(
    ex: Executor,
    where: SQL | undefined,
    order: SQL[],
    page: { limit: number; offset: number },
  ): Promise<DepositReviewRow[]> {
    const rows = await ex
      .select({
        order: rechargeOrders,
        username: users.username,
        email: users.email,
        reviewer: operators.username,
        mime: files.mime,
      })
      .from(rechargeOrders)
      .innerJoin(users, eq(users.id, rechargeOrders.userId))
      .leftJoin(operators, eq(operators.id, rechargeOrders.reviewerId))
      .leftJoin(files, eq(files.id, rechargeOrders.proofFileId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(({ order: o, username, email, reviewer, mime }) => {
      const snap = snapshotOf(o);
      return {
        id: o.id,
        customerId: o.userId,
        userId: username,
        email,
        channel: channelLabel(snap),
        type: snap.type,
        amount: wireAmount(o.amount),
        walletType: o.wallet as Wallet,
        currency: o.currency as Currency,
        txHash: o.txHash,
        proof: { role: 'proof', url: fileStore.signedUrl(o.proofFileId), mime: mime ?? 'application/octet-stream' },
        entryId: o.entryId,
        ...reviewFields(o, reviewer),
      };
    });
  }

  /** Pending oldest first (the order they are worked in); reviewed newest first. `q`: user ID or email. */
  const queue = (filter: QueueFilter) =>
    reviewQueue(db, rechargeOrders, filter, (where, order, page) => reviewRows(db, where, order, page));

  const reviewRow = async (tx: Tx, id: number) => {
    const [row] = await reviewRows(tx, eq(rechargeOrders.id, id), [], { limit: 1, offset: 0 });
    if (!row) throw new Error(`recharge order ${id} vanished`);
    return row;
  };

  /** Locks a deposit for its review; only a pending one may be reviewed (409 otherwise). */
  const lockPending = async (tx: Tx, id: number) =>
    pendingOnly((await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)).for('update'))[0]);

  /** Credits a pending deposit: one journal entry, the order completed, the customer told. */
  async function approve(tx: Tx, d: Decision) {
    const order = await lockPending(tx, d.id);
    const entryId = await approveDeposit(ledger, tx, order, d);
    return { row: await reviewRow(tx, order.id), entryId };
  }

  /** Refuses a pending deposit with a reason the customer sees; no money moves. */
  async function reject(tx: Tx, { id, operatorId, at }: Decision, reason: string) {
    const order = await lockPending(tx, id);
    await tx
      .update(rechargeOrders)
      .set({ status: ReviewStatus.Failed, reason, reviewerId: operatorId, reviewedAt: at })
      .where(eq(rechargeOrders.id, order.id));
    await notify(tx, {
      userId: order.userId,
      kind: 'depositRejected',
      params: { amount: wireAmount(order.amount), currency: order.currency, wallet: order.wallet, reason },
      link: DEPOSIT_RECORD_LINK,
      at,
    });
    return { row: await reviewRow(tx, order.id) };
  }

  return { channels, create, listPage, queue, approve, reject };
}

export type DepositService = ReturnType<typeof createDepositService>;
