/**
 * The close-out screen's sums (migration 0024, docs/trading.md "The matching job"): whatever customers and the job
 * do to open positions (open, add, close whole or in part, add margin, set stops, close-outs), trade_exposure after
 * a fold holds exactly the sums of the open positions per customer, wallet, instrument and direction, and bounds
 * that are never tighter than the positions' own figures. Drawn by fast-check; pinned prices (test/trading.ts).
 */
import { trading as tradingApi } from '@beurs/contracts';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { type PinnedMarket, pinMarket, pinRates, STOCK_TERMS, trader } from '../../../test/trading.js';
import { createTradingEngine, type TradingEngine } from './engine.js';

const CUSTOMERS = 3;
const STOCKS = ['AAPL', 'MSFT'] as const;

let h: Harness;
let m: PinnedMarket;
let engine: TradingEngine;
let customers: Array<{ token: string; user: { id: number } }>;

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  m = pinMarket(h);
  pinRates(m);
  for (const code of STOCKS) m.set(code, 0, { bid: '99.9', ask: '100' });
  engine = createTradingEngine(h.deps);
  customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => trader(h, { US_STOCK: '5000' })));
});

afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const fold = async () => (await h.db.$client.query<{ n: number }>('select trade_exposure_fold() as n')).rows[0]?.n;

/** The sums and bounds from the open positions themselves, and trade_exposure's, for the same groups. */
async function compare() {
  const { rows } = await h.db.$client.query(`
    with truth as (
      select user_id, wallet, source, code, direction, count(*)::int as positions,
        sum(quantity * multiplier) as units, sum(open_price * quantity * multiplier) as cost, sum(margin) as margin,
        sum(initial_margin) as initial_margin, max(open_price) as max_open, min(open_price) as min_open,
        min((margin - 0.01) / (quantity * multiplier)) as min_cushion
      from trade_positions where status = 1 group by 1, 2, 3, 4, 5
    )
    select t.user_id as t_user, e.user_id as e_user,
      t.positions = e.positions and t.units = e.units and t.cost = e.cost and t.margin = e.margin
        and t.initial_margin = e.initial_margin as sums_equal,
      e.max_open >= t.max_open and e.min_open <= t.min_open and e.min_cushion <= t.min_cushion as bounds_hold,
      e.max_open = t.max_open and e.min_open = t.min_open and e.min_cushion = t.min_cushion as bounds_exact
    from truth t full join trade_exposure e using (user_id, wallet, source, code, direction)`);
  return rows as Array<{
    t_user: string | null;
    e_user: string | null;
    sums_equal: boolean | null;
    bounds_hold: boolean | null;
    bounds_exact: boolean | null;
  }>;
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    who: fc.nat(CUSTOMERS - 1),
    stock: fc.constantFrom(...STOCKS),
    direction: fc.constantFrom(0, 1),
    quantity: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({
    kind: fc.constant('add' as const),
    who: fc.nat(CUSTOMERS - 1),
    quantity: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('close' as const),
    who: fc.nat(CUSTOMERS - 1),
    quantity: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('margin' as const),
    who: fc.nat(CUSTOMERS - 1),
    amount: fc.integer({ min: 1, max: 80 }),
  }),
  fc.record({ kind: fc.constant('stop' as const), who: fc.nat(CUSTOMERS - 1) }),
  fc.record({
    kind: fc.constant('move' as const),
    stock: fc.constantFrom(...STOCKS),
    bid: fc.integer({ min: 60, max: 140 }),
    fold: fc.boolean(),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function openPositionOf(who: number): Promise<{ id: number; quantity: number } | undefined> {
  const me = await h.call(tradingApi.positionMe, {}, { token: customers[who]!.token });
  const last = me.body.data.list.at(-1);
  return last && { id: last.id, quantity: last.positionNum };
}

async function apply(o: Op) {
  if (o.kind === 'move') {
    m.set(o.stock, 0, { bid: String(o.bid - 0.1), ask: String(o.bid) });
    await engine.runUnlocked(); // the job folds, screens and may close out
    if (!o.fold) await h.db.$client.query('select 1');
    return;
  }
  const token = customers[o.who]!.token;
  if (o.kind === 'open') {
    const body = { stockCode: o.stock, direction: o.direction, quantity: o.quantity, termsVersion: STOCK_TERMS };
    await h.call(tradingApi.stockCreate, body, { token });
    return;
  }
  const p = await openPositionOf(o.who);
  if (!p) return;
  if (o.kind === 'add') {
    await h.call(
      tradingApi.additions,
      { positionId: p.id, quantity: o.quantity, termsVersion: STOCK_TERMS },
      { token },
    );
  } else if (o.kind === 'close') {
    const quantity = o.quantity !== undefined && o.quantity < p.quantity ? o.quantity : undefined;
    await h.call(tradingApi.flatPosition, { id: p.id, quantity }, { token });
  } else if (o.kind === 'margin') {
    await h.call(tradingApi.addPositionMargin, { id: p.id, amount: String(o.amount) }, { token });
  } else {
    await h.call(tradingApi.setStopProfitLoss, { id: p.id, stopLoss: null, takeProfit: null }, { token });
  }
}

describe('the close-out screen sums the open positions exactly', () => {
  it('after any mix of orders, closes, margin and close-outs, a fold leaves the exact sums and safe bounds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const o of ops) await apply(o);
        await fold();
        const rows = await compare();
        for (const r of rows) {
          expect(r.t_user, 'a group in one and not the other').not.toBeNull();
          expect(r.e_user, 'a group in one and not the other').not.toBeNull();
          expect(r.sums_equal).toBe(true);
          expect(r.bounds_hold).toBe(true);
        }
        // Nothing waits: the fold took every change.
        expect(await fold()).toBe(0);
      }),
      { numRuns: 12 },
    );
  });

  it('records nothing for a change outside the sums, and reads the bounds again after a removal', async () => {
    for (const code of STOCKS) m.set(code, 0, { bid: '99.9', ask: '100' });
    const u = await trader(h, { US_STOCK: '5000' });
    const open = async (quantity: number) =>
      (
        await h.call(
          tradingApi.stockCreate,
          { stockCode: 'MSFT', direction: 0, quantity, termsVersion: STOCK_TERMS },
          { token: u.token },
        )
      ).body.data.position?.id as number;
    const first = await open(10);
    m.set('MSFT', 0, { bid: '89.9', ask: '90' });
    const second = await open(10);
    await fold();
    const group = async () =>
      (
        await h.db.$client.query<{ max_open: string; min_open: string; positions: number }>(
          `select max_open, min_open, positions from trade_exposure where user_id = $1 and code = 'MSFT'`,
          [u.user.id],
        )
      ).rows[0];
    expect(await group()).toEqual({ max_open: '100', min_open: '90', positions: 2 });
    await h.call(tradingApi.setStopProfitLoss, { id: second, stopLoss: '50', takeProfit: null }, { token: u.token });
    expect(await fold()).toBe(0);
    await h.call(tradingApi.flatPosition, { id: first }, { token: u.token });
    expect(await fold()).toBe(1);
    // The position at 100 is gone: the bounds are the remaining position's, not a loose 100.
    expect(await group()).toEqual({ max_open: '90', min_open: '90', positions: 1 });
    await h.call(tradingApi.flatPosition, { id: second }, { token: u.token });
    await fold();
    expect(await group()).toBeUndefined();
    expect((await compare()).every((r) => r.sums_equal && r.bounds_exact)).toBe(true);
  });
});
