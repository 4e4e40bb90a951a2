/**
 * Console: the deposit channels customers pay into (docs/money.md "The operator console"). Channels are for
 * admins; every change is audited in its own transaction.
 */
import {
  addressCheckers,
  type CryptoNetwork,
  type Currency,
  consoleMoney,
  cryptoAddressMatches,
  E,
  rules as r,
  V,
} from '@beurs/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, change } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { invalid, notFound, rule } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { depositChannels } from './schema.js';
import { toChannel } from './service.js';

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

export function consoleDepositRoutes(app: FastifyInstance, deps: Deps) {
  const { db, ledger } = deps;

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
}
