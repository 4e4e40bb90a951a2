/**
 * The ownership harness: each module registers how to make a resource as user A and how to
 * ask for it; ownership.test.ts asks as user B and expects 404, as if it did not exist.
 * Later modules (cards, wallets, deposits, orders, messages) add their probes here.
 */
import { eq } from 'drizzle-orm';
import { notify } from '../src/modules/inbox/index.js';
import { users } from '../src/platform/db/schema.js';
import type { Harness } from './harness.js';
import { STOCK_TERMS } from './trading.js';

export interface OwnedProbe {
  name: string;
  /** Makes the resource as `owner` and returns the request that reads or changes it. */
  setup: (
    h: Harness,
    owner: { token: string; user: { id: number } },
  ) => Promise<{ method: 'GET' | 'POST'; url: string; body?: unknown; headers?: Record<string, string> }>;
}

/** A bank card of `owner`, for the card and withdrawal probes. */
async function ownerCard(h: Harness, owner: { token: string }) {
  const card = await h.post<{ id: number }>(
    '/UserAccount/addCardNo',
    { kind: 'bank', bankName: 'ABN AMRO', holderName: 'Anna Bakker', cardNo: 'NL91ABNA0417164300' },
    owner.token,
  );
  if (card.status !== 200) throw new Error(`addCardNo: ${JSON.stringify(card.body)}`);
  return card.body.data.id;
}

/**
 * An order of `owner` (verified and funded here): a market buy of 1 SAP (XETRA is open at the harness's Monday
 * 10:00 UTC), or a limit buy far below the price, which rests as an entrusted order.
 */
async function ownerOrder(h: Harness, owner: { token: string; user: { id: number } }, limit?: string) {
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
  await h.fund(owner.user.id, 'BALANCE', '10000');
  const res = await h.postKeyed<{ order: { id: number }; position: { id: number } | null }>(
    '/stock/create',
    {
      stockCode: 'SAP',
      direction: 0,
      quantity: 1,
      termsVersion: STOCK_TERMS,
      ...(limit ? { orderType: 1, price: limit } : {}),
    },
    owner.token,
  );
  if (res.status !== 200) throw new Error(`stock/create: ${JSON.stringify(res.body)}`);
  return { orderId: res.body.data.order.id, positionId: res.body.data.position?.id ?? 0 };
}
const keyed = (name: string) => ({ 'idempotency-key': `probe-${name}-${Date.now()}` });

export const ownedProbes: OwnedProbe[] = [
  {
    name: 'user info by id',
    setup: async (_h, owner) => ({ method: 'POST', url: '/getUserInfoById', body: { id: owner.user.id } }),
  },
  {
    name: 'watchlist item delete by id',
    setup: async (h, owner) => {
      const saved = await h.post<{ id: number }>(
        '/userSelfSecurity/save',
        { stockCode: 'AAPL', source: 0 },
        owner.token,
      );
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
      return { method: 'POST', url: `/userSelfSecurity/delete/${saved.body.data.id}`, body: {} };
    },
  },
  {
    name: 'watchlist reorder with an item id',
    setup: async (h, owner) => {
      const saved = await h.post<{ id: number }>(
        '/userSelfSecurity/save',
        { stockCode: 'SAP', source: 0 },
        owner.token,
      );
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
      return { method: 'POST', url: '/userSelfSecurity/sort', body: { ids: [saved.body.data.id] } };
    },
  },
  {
    name: 'inbox message by id',
    setup: async (h, owner) => {
      const id = await notify(h.db, { userId: owner.user.id, kind: 'kycApproved', at: h.clock.now() });
      return { method: 'GET', url: `/userMessage/${id}` };
    },
  },
  {
    name: 'bank card update by id',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/UserAccount/UpdateCardNo',
      body: {
        id: await ownerCard(h, owner),
        kind: 'bank',
        bankName: 'ING',
        holderName: 'Anna Bakker',
        cardNo: 'NL91ABNA0417164300',
      },
    }),
  },
  {
    // The owner removes it first, so this only shows the answer is the same; withdrawals.test.ts asks as the
    // intruder before the owner.
    name: 'bank card delete by id',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/UserAccount/delete-card',
      body: { id: await ownerCard(h, owner) },
    }),
  },
  {
    name: 'withdrawal to a card by id',
    setup: async (h, owner) => {
      const id = await ownerCard(h, owner);
      const set = await h.post('/settingPayPassword', { payPassword: '135790' }, owner.token);
      if (set.status !== 200) throw new Error(`settingPayPassword: ${JSON.stringify(set.body)}`);
      await h.fund(owner.user.id, 'BALANCE', '10');
      return {
        method: 'POST',
        url: '/withdrawal/withdrawal-apply',
        body: { walletType: 'BALANCE', amount: '1', accountId: id, payPassword: '135790' },
        headers: { 'idempotency-key': `probe-${id}-${Date.now()}` },
      };
    },
  },
  {
    name: 'trading position detail',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/position/detail',
      body: { id: (await ownerOrder(h, owner)).positionId },
    }),
  },
  {
    name: 'trading order detail',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/orders/detail',
      body: { id: (await ownerOrder(h, owner)).orderId },
    }),
  },
  {
    name: 'trading position close',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/position/flatPosition',
      body: { id: (await ownerOrder(h, owner)).positionId },
      headers: keyed('close'),
    }),
  },
  {
    name: 'trading position add margin',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/position/addPositionMargin',
      body: { id: (await ownerOrder(h, owner)).positionId, amount: '1' },
      headers: keyed('margin'),
    }),
  },
  {
    name: 'trading position stop-loss and take-profit',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/position/setStopProfitLoss',
      body: { id: (await ownerOrder(h, owner)).positionId, stopLoss: null, takeProfit: null },
    }),
  },
  {
    name: 'trading addition to a position',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/orders/additions',
      body: { positionId: (await ownerOrder(h, owner)).positionId, quantity: 1, termsVersion: STOCK_TERMS },
      headers: keyed('add'),
    }),
  },
  {
    name: 'trading entrusted order cancel',
    setup: async (h, owner) => ({
      method: 'POST',
      url: '/orders/cancel',
      body: { id: (await ownerOrder(h, owner, '1')).orderId },
      headers: keyed('cancel'),
    }),
  },
];
