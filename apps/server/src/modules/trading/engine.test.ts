/**
 * The matching job's scans are bounded (docs/trading.md "The matching job"): each pass looks at most at a limit of
 * entrusted orders, positions with a stop and screened wallets, and the next pass goes on after the last one, so
 * several passes cover everything. Limits of 1 here; pinned prices (test/trading.ts).
 */
import { type RequestOf, trading as tradingApi } from '@beurs/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { type PinnedMarket, pinMarket, pinRates, STOCK_TERMS, trader } from '../../../test/trading.js';
import { createTradingEngine, type RunResult, type TradingEngine } from './engine.js';

let h: Harness;
let m: PinnedMarket;

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  m = pinMarket(h);
});

afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const pin = () => {
  m.clear();
  pinRates(m);
  m.set('AAPL', 0, { bid: '99.9', ask: '100' });
  m.set('MSFT', 0, { bid: '99.9', ask: '100' });
};

const buy = (token: string, body: Partial<RequestOf<typeof tradingApi.stockCreate>> = {}) =>
  h.call(
    tradingApi.stockCreate,
    { stockCode: 'AAPL', direction: 0, quantity: 10, termsVersion: STOCK_TERMS, ...body },
    { token },
  );

/**
 * Passes enough for a scan with a limit of 1 to go round once from anywhere: one per row `countSql` counts, one for
 * the short page that sends the scan back to the start, one to spare.
 */
async function passesFor(countSql: string) {
  const { rows } = await h.db.$client.query<{ n: number }>(countSql);
  return (rows[0]?.n ?? 0) + 2;
}

const byNumber = (a: number, b: number) => a - b;

/** Runs `passes` passes in which `pick` must answer nothing (the prices do not reach what the test set up). */
async function nothingIn(engine: TradingEngine, passes: number, pick: (run: RunResult) => number[]) {
  for (let pass = 0; pass < passes; pass++) expect(pick(await engine.runOnce())).toEqual([]);
}

/** Runs at most `passes` passes until `pick` has answered `want` ids, none answering more than one (a limit of 1). */
async function onePerPass(engine: TradingEngine, passes: number, want: number, pick: (run: RunResult) => number[]) {
  const done: number[] = [];
  for (let pass = 0; pass < passes && done.length < want; pass++) {
    const ids = pick(await engine.runOnce());
    expect(ids.length).toBeLessThanOrEqual(1);
    done.push(...ids);
  }
  return done.sort(byNumber);
}

describe('the scans of a pass are bounded and go on in the next pass', () => {
  it('looks at `entrusted` orders a pass, goes on after the last one and starts over at the end', async () => {
    pin();
    const scanning = createTradingEngine(h.deps, undefined, { scanLimits: { entrusted: 1 } });
    const u = await trader(h, { US_STOCK: '5000' });
    const limitBuy = async (price: string) => (await buy(u.token, { orderType: 1, price })).body.data.order.id;
    // A limit the price never reaches comes first: a scan that started over each pass would stay on it.
    const never = await limitBuy('90');
    const due = [await limitBuy('95'), await limitBuy('95'), await limitBuy('95')];
    const passes = await passesFor('select count(*)::int as n from trade_orders where status = 0');
    // The scan goes past these orders before they are reached: it must start over to find them.
    await nothingIn(scanning, passes, (run) => run.filled);
    m.set('AAPL', 0, { bid: '94.9', ask: '95' });
    const filled = await onePerPass(scanning, passes, due.length, (run) => run.filled);
    expect(filled).toEqual(due.sort(byNumber));
    expect(filled).not.toContain(never);
  });

  it('looks at `stops` positions a pass, goes on after the last one and starts over at the end', async () => {
    pin();
    const scanning = createTradingEngine(h.deps, undefined, { scanLimits: { stops: 1 } });
    const u = await trader(h, { US_STOCK: '5000' });
    const open = async (stops: { stopLoss: string | null; takeProfit: string | null }) => {
      const id = (await buy(u.token)).body.data.position!.id;
      const set = await h.call(tradingApi.setStopProfitLoss, { id, ...stops }, { token: u.token });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return id;
    };
    // A stop the price never reaches comes first: a scan that started over each pass would stay on it.
    const never = await open({ stopLoss: null, takeProfit: '120' });
    const due: number[] = [];
    for (let i = 0; i < 3; i++) due.push(await open({ stopLoss: '95', takeProfit: null }));
    const passes = await passesFor(
      'select count(*)::int as n from trade_positions where status = 1 and (stop_loss is not null or take_profit is not null)',
    );
    // The scan goes past these stops before they are reached: it must start over to find them.
    await nothingIn(scanning, passes, (run) => run.stopped);
    m.set('AAPL', 0, { bid: '94.9', ask: '95' });
    const stopped = await onePerPass(scanning, passes, due.length, (run) => run.stopped);
    expect(stopped).toEqual(due.sort(byNumber));
    expect(stopped).not.toContain(never);
  });

  it('acts on `closeOut` screened wallets a pass, goes on after the last one and starts over at the end', async () => {
    pin();
    const scanning = createTradingEngine(h.deps, undefined, { scanLimits: { closeOut: 1 } });
    const positionOf = async (stockCode: string) => {
      const u = await trader(h, { US_STOCK: '1000' });
      const res = await buy(u.token, { stockCode, quantity: 40 }); // margin 800
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.position?.id as number;
    };
    // Wallets the screen returns but the rule cannot close (their market is closed), one before the others and one
    // after: a scan that started over each pass would stay on the first, one that never started over on the last.
    const stuck = [await positionOf('MSFT')];
    const due = [await positionOf('AAPL'), await positionOf('AAPL'), await positionOf('AAPL')];
    stuck.push(await positionOf('MSFT'));
    m.set('MSFT', 0, { bid: '89.9', ask: '90', open: false }); // loss 404: level 49.5 %
    const passes = await passesFor(
      'select count(*)::int as n from (select distinct user_id, wallet from trade_positions where status = 1) w',
    );
    await nothingIn(scanning, passes, (run) => run.closedOut);
    m.set('AAPL', 0, { bid: '89.9', ask: '90' });
    // Other wallets of this file fall below the level too: only ours count.
    const ours = (run: RunResult) => run.closedOut.filter((id) => due.includes(id) || stuck.includes(id));
    const closedOut = await onePerPass(scanning, passes, due.length, ours);
    expect(closedOut).toEqual(due.sort(byNumber));
  });
});
