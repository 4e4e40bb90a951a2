/**
 * The ownership harness: each module registers how to make a resource as user A and how to
 * ask for it; ownership.test.ts asks as user B and expects 404, as if it did not exist.
 * Later modules (cards, wallets, deposits, orders, messages) add their probes here.
 */
import {
  auth as authApi,
  bonds as bondsApi,
  follow as followApi,
  funds as fundsApi,
  inbox as inboxApi,
  loan as loanApi,
  market as marketApi,
  robots as robotsApi,
  support as supportApi,
  trading as tradingApi,
  user as userApi,
  wallet as walletApi,
} from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { seedFundProducts } from '../src/modules/funds/index.js';
import { notify } from '../src/modules/inbox/index.js';
import { newBook, STEP_MS, seedStrategies, strategies } from '../src/modules/strategies/index.js';
import { users } from '../src/platform/db/schema.js';
import type { Answer, Harness } from './harness.js';
import { STOCK_TERMS } from './trading.js';

/** A call of the probed endpoint as the customer with `token`, through its contract. */
export type Ask = (token: string) => Promise<Answer>;

export interface OwnedProbe {
  name: string;
  /** Makes the resource as `owner` and returns the call that reads or changes it. */
  setup: (h: Harness, owner: { token: string; user: { id: number } }) => Promise<Ask>;
}

/** A bank card of `owner`, for the card and withdrawal probes. */
async function ownerCard(h: Harness, owner: { token: string }) {
  const card = await h.call(
    walletApi.addCardNo,
    { kind: 'bank', bankName: 'ABN AMRO', holderName: 'Anna Bakker', cardNo: 'NL91ABNA0417164300' },
    { token: owner.token },
  );
  if (card.status !== 200) throw new Error(`addCardNo: ${JSON.stringify(card.body)}`);
  return card.body.data.id;
}

/** A Current fund order of `owner` (verified and funded here), for the fund probes. */
async function ownerFundOrder(h: Harness, owner: { token: string; user: { id: number } }) {
  await seedFundProducts(h.db, h.clock.now());
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: owner.token });
  await h.fund(owner.user.id, 'FINANCIAL', '1000');
  const products = await h.call(fundsApi.fundProductPageList, { type: 'current' });
  const productId = products.body.data.list[0]?.id ?? 0;
  const order = await h.call(
    fundsApi.fundOrderCreate,
    { productId, amount: '100', payPassword: '135790' },
    { token: owner.token },
  );
  if (order.status !== 200) throw new Error(`user_fund_orders/create: ${JSON.stringify(order.body)}`);
  return order.body.data.id;
}

/**
 * An order of `owner` (verified and funded here): a market buy of 1 SAP (XETRA is open at the harness's Monday
 * 10:00 UTC), or a limit buy far below the price, which rests as an entrusted order.
 */
async function ownerOrder(h: Harness, owner: { token: string; user: { id: number } }, limit?: string) {
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
  await h.fund(owner.user.id, 'BALANCE', '10000');
  const res = await h.call(
    tradingApi.stockCreate,
    {
      stockCode: 'SAP',
      direction: 0,
      quantity: 1,
      termsVersion: STOCK_TERMS,
      ...(limit ? { orderType: 1, price: limit } : {}),
    },
    { token: owner.token },
  );
  if (res.status !== 200) throw new Error(`stock/create: ${JSON.stringify(res.body)}`);
  return { orderId: res.body.data.order.id, positionId: res.body.data.position?.id ?? 0 };
}

export const ownedProbes: OwnedProbe[] = [
  {
    name: 'user info by id',
    setup: async (h, owner) => (token) => h.call(userApi.getUserInfoById, { id: owner.user.id }, { token }),
  },
  {
    name: 'watchlist item delete by id',
    setup: async (h, owner) => {
      const saved = await h.call(marketApi.watchlistSave, { stockCode: 'AAPL', source: 0 }, { token: owner.token });
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
      return (token) => h.call(marketApi.watchlistDelete, {}, { token, params: { id: saved.body.data.id } });
    },
  },
  {
    name: 'watchlist reorder with an item id',
    setup: async (h, owner) => {
      const saved = await h.call(marketApi.watchlistSave, { stockCode: 'SAP', source: 0 }, { token: owner.token });
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
      return (token) => h.call(marketApi.watchlistSort, { ids: [saved.body.data.id] }, { token });
    },
  },
  {
    name: 'inbox message by id',
    setup: async (h, owner) => {
      const id = await notify(h.db, { userId: owner.user.id, kind: 'kycApproved', at: h.clock.now() });
      return (token) => h.call(inboxApi.getMessage, {}, { token, params: { id } });
    },
  },
  {
    name: 'bank card update by id',
    setup: async (h, owner) => {
      const id = await ownerCard(h, owner);
      const card = {
        id,
        kind: 'bank',
        bankName: 'ING',
        holderName: 'Anna Bakker',
        cardNo: 'NL91ABNA0417164300',
      } as const;
      return (token) => h.call(walletApi.updateCardNo, card, { token });
    },
  },
  {
    // The owner removes it first, so this only shows the answer is the same; withdrawals.test.ts asks as the
    // intruder before the owner.
    name: 'bank card delete by id',
    setup: async (h, owner) => {
      const id = await ownerCard(h, owner);
      return (token) => h.call(walletApi.deleteCard, { id }, { token });
    },
  },
  {
    name: 'withdrawal to a card by id',
    setup: async (h, owner) => {
      const id = await ownerCard(h, owner);
      const set = await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: owner.token });
      if (set.status !== 200) throw new Error(`settingPayPassword: ${JSON.stringify(set.body)}`);
      await h.fund(owner.user.id, 'BALANCE', '10');
      const body = { walletType: 'BALANCE', amount: '1', accountId: id, payPassword: '135790' } as const;
      return (token) => h.call(walletApi.withdrawalApply, body, { token });
    },
  },
  {
    name: 'trading position detail',
    setup: async (h, owner) => {
      const { positionId } = await ownerOrder(h, owner);
      return (token) => h.call(tradingApi.positionDetail, { id: positionId }, { token });
    },
  },
  {
    name: 'trading order detail',
    setup: async (h, owner) => {
      const { orderId } = await ownerOrder(h, owner);
      return (token) => h.call(tradingApi.orderDetail, { id: orderId }, { token });
    },
  },
  {
    name: 'trading position close',
    setup: async (h, owner) => {
      const { positionId } = await ownerOrder(h, owner);
      return (token) => h.call(tradingApi.flatPosition, { id: positionId }, { token });
    },
  },
  {
    name: 'trading position add margin',
    setup: async (h, owner) => {
      const { positionId } = await ownerOrder(h, owner);
      return (token) => h.call(tradingApi.addPositionMargin, { id: positionId, amount: '1' }, { token });
    },
  },
  {
    name: 'trading position stop-loss and take-profit',
    setup: async (h, owner) => {
      const { positionId } = await ownerOrder(h, owner);
      const stops = { id: positionId, stopLoss: null, takeProfit: null };
      return (token) => h.call(tradingApi.setStopProfitLoss, stops, { token });
    },
  },
  {
    name: 'trading addition to a position',
    setup: async (h, owner) => {
      const { positionId } = await ownerOrder(h, owner);
      const addition = { positionId, quantity: 1, termsVersion: STOCK_TERMS };
      return (token) => h.call(tradingApi.additions, addition, { token });
    },
  },
  {
    name: 'trading entrusted order cancel',
    setup: async (h, owner) => {
      const { orderId } = await ownerOrder(h, owner, '1');
      return (token) => h.call(tradingApi.cancelOrder, { id: orderId }, { token });
    },
  },
  {
    name: 'treasury bond sale',
    setup: async (h, owner) => {
      await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
      await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: owner.token });
      await h.fund(owner.user.id, 'US_STOCK', '5000');
      const list = await h.call(bondsApi.bondsList, { kind: 'bill' });
      const code = list.body.data.list[0]?.code ?? '';
      const bought = await h.call(
        bondsApi.treasuryBondCreate,
        { code, quantity: 1, payPassword: '135790' },
        { token: owner.token },
      );
      if (bought.status !== 200) throw new Error(`treasuryBond/create: ${JSON.stringify(bought.body)}`);
      return (token) => h.call(bondsApi.treasuryBondFlatPosition, { id: bought.body.data.id }, { token });
    },
  },
  {
    name: 'loan amount due',
    setup: async (h, owner) => {
      const id = await ownerLoan(h, owner);
      return (token) => h.call(loanApi.loanShouldRepayAmount, { id }, { token });
    },
  },
  {
    name: 'loan repayments',
    setup: async (h, owner) => {
      const id = await ownerLoan(h, owner);
      return (token) => h.call(loanApi.loanRepayList, { id }, { token });
    },
  },
  {
    name: 'fund order details',
    setup: async (h, owner) => {
      const id = await ownerFundOrder(h, owner);
      return (token) => h.call(fundsApi.fundDetails, { id }, { token });
    },
  },
  {
    name: 'fund order profit',
    setup: async (h, owner) => {
      const id = await ownerFundOrder(h, owner);
      return (token) => h.call(fundsApi.fundProfit, { id }, { token });
    },
  },
  {
    name: 'fund order redemption',
    setup: async (h, owner) => {
      const id = await ownerFundOrder(h, owner);
      return (token) => h.call(fundsApi.fundOrderRedeem, { id }, { token });
    },
  },
  ...(
    [
      ['support conversation', (h, id, token) => h.call(supportApi.supportDetail, {}, { token, params: { id } })],
      ['support message', (h, id, token) => h.call(supportApi.supportSend, { text: 'hi' }, { token, params: { id } })],
      ['support read mark', (h, id, token) => h.call(supportApi.supportRead, {}, { token, params: { id } })],
    ] as const satisfies ReadonlyArray<readonly [string, (h: Harness, id: number, token: string) => Promise<Answer>]>
  ).map(([name, ask]) => ({
    name,
    setup: async (h: Harness, owner: { token: string }) => {
      const started = await h.call(
        supportApi.supportApply,
        { subject: 'Help', text: 'A question' },
        { token: owner.token },
      );
      if (started.status !== 200) throw new Error(`apply/service: ${JSON.stringify(started.body)}`);
      const id = started.body.data.conversation.id;
      return (token: string) => ask(h, id, token);
    },
  })),
  {
    name: 'follow (pageList by id)',
    setup: async (h, owner) => {
      const id = await ownerFollow(h, owner);
      return (token) => h.call(followApi.followPageList, { id }, { token });
    },
  },
  ...(
    [
      ['robot order detail', (h, id, token) => h.call(robotsApi.robotOrderDetail, { id }, { token })],
      ['robot order redeem', (h, id, token) => h.call(robotsApi.robotOrderRedeem, { id }, { token })],
      ['robot equity curve', (h, id, token) => h.call(robotsApi.robotKline, { orderId: id }, { token })],
      ['robot event log', (h, id, token) => h.call(robotsApi.robotMessages, {}, { token, params: { orderId: id } })],
    ] as const satisfies ReadonlyArray<readonly [string, (h: Harness, id: number, token: string) => Promise<Answer>]>
  ).map(([name, ask]) => ({
    name,
    setup: async (h: Harness, owner: { token: string; user: { id: number } }) => {
      const id = await ownerRobot(h, owner);
      return (token: string) => ask(h, id, token);
    },
  })),
];

/** A rented robot of `owner` (verified and funded here). */
async function ownerRobot(h: Harness, owner: { token: string; user: { id: number } }) {
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: owner.token });
  await h.fund(owner.user.id, 'US_STOCK', '500');
  const started = await h.call(
    robotsApi.robotOrderCreate,
    { robotId: 2, term: 'rent', pair: 'SOLUSD', amount: '100', payPassword: '135790' },
    { token: owner.token },
  );
  if (started.status !== 200) throw new Error(`robotOrder/create: ${JSON.stringify(started.body)}`);
  return started.body.data.id;
}

/**
 * A follow of `owner` (verified and funded here). The strategy's book is set at its start as of the last hour, so
 * the probe needs no replay (the strategies' own tests replay).
 */
async function ownerFollow(h: Harness, owner: { token: string; user: { id: number } }) {
  await seedStrategies(h.db, h.clock.now());
  const [s] = await h.db.select().from(strategies).limit(1);
  if (!s) throw new Error('no strategy');
  const tick = Math.floor(h.clock.now().getTime() / STEP_MS) * STEP_MS;
  if (!s.bookTick) {
    const book = { ...newBook(s.params), tick };
    await h.db
      .update(strategies)
      .set({ book, bookTick: new Date(tick), nav: '1' })
      .where(eq(strategies.id, s.id));
  }
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: owner.token });
  await h.fund(owner.user.id, 'FOLLOW', '1000');
  const placed = await h.call(
    followApi.followAdd,
    { agencyId: s.id, amount: '100', termDays: 30, payPassword: '135790' },
    { token: owner.token },
  );
  if (placed.status !== 200) throw new Error(`userFollowInvest/add: ${JSON.stringify(placed.body)}`);
  return placed.body.data.id;
}

/** A loan application of `owner`, on a treasury bill as collateral (70 % of its value may be borrowed). */
async function ownerLoan(h: Harness, owner: { token: string; user: { id: number } }) {
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, owner.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: '135790' }, { token: owner.token });
  await h.fund(owner.user.id, 'BALANCE', '5000');
  const list = await h.call(bondsApi.bondsList, { issuer: 'DE' });
  const code = list.body.data.list[0]?.code ?? '';
  const bought = await h.call(
    bondsApi.treasuryBondCreate,
    { code, quantity: 1, payPassword: '135790' },
    { token: owner.token },
  );
  if (bought.status !== 200) throw new Error(`treasuryBond/create: ${JSON.stringify(bought.body)}`);
  const applied = await h.call(loanApi.loanApply, { amount: '100' }, { token: owner.token });
  if (applied.status !== 200) throw new Error(`loan/apply: ${JSON.stringify(applied.body)}`);
  return applied.body.data.id;
}
