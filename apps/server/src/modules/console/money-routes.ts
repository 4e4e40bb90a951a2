/**
 * Console: a customer's money (wallets, full ledger, manual adjustments), the deposit channels and the
 * trial balance (docs/money.md "The operator console"). Adjustments (four eyes: adjustments.ts) and
 * channels are for admins; every change is audited in its own transaction.
 */
import {
  addressCheckers,
  type CryptoNetwork,
  CURRENCIES,
  type Currency,
  consoleMoney,
  cryptoAddressMatches,
  Decimal,
  E,
  rules as r,
  V,
} from '@beurs/contracts';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { audit, change } from '../../platform/audit.js';
import {
  depositChannels,
  journalEntries,
  kycSubmissions,
  ledgerAccounts,
  ledgerPostings,
  rechargeOrders,
  users,
  withdrawals,
} from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { invalid, notFound, rule } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { toChannel } from '../deposits/service.js';
import { bill } from '../wallet/service.js';
import { adjustmentRoutes } from './adjustments.js';

/**
 * The currency a deposit asset is paid in. A channel credits one for one, so its wallet must be kept in
 * that currency; anything else (volatile coins) is not offered for deposits (docs/money.md "Deposits").
 */
export const ASSET_CURRENCY: Readonly<Record<string, Currency>> = { EUR: 'EUR', USD: 'USD', USDT: 'USD', USDC: 'USD' };

type ChannelInput = z.output<typeof consoleMoney.depositChannelInput>;

const bankSchema = z.object({
  bankName: r.bankName,
  accountName: r.holderName,
  iban: r.bankAccountNumber,
  swift: r.swift,
  bankAddress: z.string().trim().max(200, { error: V.nameTooLong }),
});

/**
 * What the contract cannot check alone: a crypto address valid for its network (a typo would send
 * customers' money nowhere), bank details in their real formats, and the asset's currency matching the
 * credited wallet's. Answers the row to store, normalised.
 */
export function checkChannel(input: ChannelInput, walletCurrency: Currency) {
  const asset = input.asset.toUpperCase();
  let network: string | null = null;
  let address: string | null = null;
  let bank: z.output<typeof bankSchema> | null = null;
  if (input.type === 'crypto') {
    network = (input.network ?? '').toUpperCase();
    const key = `${asset}-${network}`;
    if (!Object.hasOwn(addressCheckers, key)) throw invalid(V.invalid, 'network');
    address = (input.address ?? '').trim();
    if (!cryptoAddressMatches(key as CryptoNetwork, address)) throw invalid(V.walletAddressFormat, 'address');
  } else {
    const parsed = bankSchema.safeParse(input.bank ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue?.message.startsWith('validation.') ? (issue.message as typeof V.invalid) : V.invalid;
      throw invalid(key, ['bank', ...(issue?.path ?? [])].join('.'));
    }
    bank = parsed.data;
  }
  if (ASSET_CURRENCY[asset] !== walletCurrency) {
    throw rule(E.channelWalletCurrency, {}, 'channelWalletCurrency');
  }
  return {
    type: input.type,
    asset,
    network,
    address,
    bank,
    wallet: input.walletType,
    currency: walletCurrency,
    minAmount: input.minAmount,
    confirmations: input.confirmations,
    enabled: input.enabled,
  };
}

/** An amount of the books as it is: cents when it has no more, every decimal otherwise (never rounded away). */
const exact = (value: string | null | undefined) => {
  const d = new Decimal(value ?? 0);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toString();
};

async function customerExists(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
}

export function consoleMoneyRoutes(app: FastifyInstance, deps: Deps) {
  const { db, ledger, clock } = deps;

  // ----------------------------------------------------------------------------------- customer money

  route(app, consoleMoney.customerWallets, async ({ req, params }) => {
    await customerExists(db, params.id);
    await audit(db, req, 'customer.wallets.read', { type: 'user', id: params.id });
    return (await ledger.balances(db, params.id)).map((b) => ({
      walletType: b.wallet,
      currency: b.currency,
      balance: b.balance,
      usedBalance: b.held,
      total: b.total,
    }));
  });

  route(app, consoleMoney.customerLedger, async ({ req, params, body }) => {
    await customerExists(db, params.id);
    const page = await bill(db, params.id, { ...body, withOperator: true }, requestLanguage(req), clock.now());
    // A customer's bill is personal data: the read is on record, with the page looked at.
    await audit(db, req, 'customer.ledger.read', { type: 'user', id: params.id }, { filter: body });
    return page;
  });

  adjustmentRoutes(app, deps);

  // ---------------------------------------------------------------------------------- deposit channels

  route(app, consoleMoney.depositChannels, async () => {
    const rows = await db.select().from(depositChannels).orderBy(asc(depositChannels.sort), asc(depositChannels.id));
    return rows.map(toChannel);
  });

  route(app, consoleMoney.depositChannelCreate, async ({ req, body }) => {
    const values = checkChannel(body, ledger.currencyOf(body.walletType));
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(depositChannels).values(values).returning();
      if (!row) throw new Error('deposit channel not created');
      const channel = toChannel(row);
      await audit(tx, req, 'depositChannel.create', { type: 'depositChannel', id: row.id }, change(null, channel));
      return channel;
    });
  });

  route(app, consoleMoney.depositChannelUpdate, async ({ req, params, body }) => {
    const values = checkChannel(body, ledger.currencyOf(body.walletType));
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(depositChannels).where(eq(depositChannels.id, params.id)).for('update');
      if (!before) throw notFound();
      const [row] = await tx.update(depositChannels).set(values).where(eq(depositChannels.id, params.id)).returning();
      if (!row) throw notFound();
      const channel = toChannel(row);
      await audit(
        tx,
        req,
        'depositChannel.update',
        { type: 'depositChannel', id: row.id },
        change(toChannel(before), channel),
      );
      return channel;
    });
  });

  // ------------------------------------------------------------------------------------------ the books

  route(app, consoleMoney.trialBalance, async () => trialBalance(db));
}

/**
 * The books at one instant (one repeatable-read snapshot): per currency the sum of every posting (zero
 * when every entry balanced), customer money (cached balances, of which on hold) and each system account
 * (the sum of its postings: system accounts keep no cached balance); and whether every customer account's
 * cached balance and hold equal the sum of its postings and active holds.
 */
export async function trialBalance(db: Deps['db']) {
  return db.transaction(
    async (tx) => {
      const postings = await tx
        .select({ currency: ledgerPostings.currency, sum: sql<string>`sum(${ledgerPostings.amount})` })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.currency);
      const customers = await tx
        .select({
          currency: ledgerAccounts.currency,
          balance: sql<string>`sum(${ledgerAccounts.balance})`,
          held: sql<string>`sum(${ledgerAccounts.held})`,
        })
        .from(ledgerAccounts)
        .where(sql`${ledgerAccounts.userId} is not null`)
        .groupBy(ledgerAccounts.currency);
      const systems = await tx
        .select({
          name: ledgerAccounts.system,
          currency: ledgerAccounts.currency,
          balance: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)`,
        })
        .from(ledgerAccounts)
        .leftJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
        .where(isNull(ledgerAccounts.userId))
        .groupBy(ledgerAccounts.id)
        .orderBy(asc(ledgerAccounts.system));
      const match = await tx.execute<{ ok: boolean }>(sql`
        select not exists (
          select 1
          from ledger_accounts a
          left join (select account_id, sum(amount) as s from ledger_postings group by account_id) p
            on p.account_id = a.id
          left join (select account_id, sum(amount) as s from ledger_holds where status = 'active' group by account_id) h
            on h.account_id = a.id
          where a.user_id is not null
            and (a.balance <> coalesce(p.s, 0) or a.held <> coalesce(h.s, 0))
        ) as ok`);
      const [entries] = await tx.select({ n: count() }).from(journalEntries);
      const [kyc] = await tx.select({ n: count() }).from(kycSubmissions).where(eq(kycSubmissions.status, 1));
      const [deposits] = await tx.select({ n: count() }).from(rechargeOrders).where(eq(rechargeOrders.status, 1));
      const [payouts] = await tx.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 1));
      const postingsSum = new Map(postings.map((p) => [p.currency, p.sum]));
      const customerMoney = new Map(customers.map((c) => [c.currency, c]));
      return {
        currencies: CURRENCIES.map((currency) => ({
          currency,
          postingsSum: exact(postingsSum.get(currency)),
          customerBalances: exact(customerMoney.get(currency)?.balance),
          customerHolds: exact(customerMoney.get(currency)?.held),
          systemAccounts: systems
            .filter((s) => s.currency === currency)
            .map((s) => ({ name: s.name ?? '', balance: exact(s.balance) })),
        })),
        entries: entries?.n ?? 0,
        accountsMatchPostings: match.rows[0]?.ok === true,
        pending: { kyc: kyc?.n ?? 0, deposits: deposits?.n ?? 0, withdrawals: payouts?.n ?? 0 },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
