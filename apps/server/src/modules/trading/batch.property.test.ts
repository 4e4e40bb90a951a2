/**
 * Orders sent at once, as a property (docs/trading.md "The placement path"): fast-check draws wallets and a burst
 * of market orders (several per wallet, repeated idempotency keys, an unverified customer), sends the whole burst
 * concurrently, and checks what a customer and an auditor must be able to rely on, whatever the batches were:
 * each key writes at most one order and every request with it gets the same answer (a refusal: the same
 * reason); a wallet is charged exactly
 * the margin and fee of its filled orders and never goes below zero; an order refused for margin needed more
 * than was left; the unverified customer gets nothing; the books balance.
 */
import { type OrderResult, trading as tradingApi } from '@beurs/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { pinMarket, pinRates, STOCK_TERMS, trader } from '../../../test/trading.js';

const CUSTOMERS = 4;
/** AAPL at an ask of 100, 5:1, fee 0.1 %: one share needs 20.00 of margin and 0.10 of fee. */
const NEED_PER_SHARE = 20.1;

let h: Harness;
let verified: Array<{ token: string; user: { id: number } }>;
let unverified: { token: string; user: { id: number } };

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  const m = pinMarket(h);
  pinRates(m);
  m.set('AAPL', 0, { bid: '99.9', ask: '100' });
  verified = await Promise.all(Array.from({ length: CUSTOMERS }, () => trader(h)));
  unverified = await h.registerUser();
});

const available = async (token: string) => Number((await h.balance(token, 'US_STOCK'))?.balance ?? 'NaN');

const burst = fc.record({
  funds: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: CUSTOMERS, maxLength: CUSTOMERS }),
  orders: fc.array(
    fc.record({
      // CUSTOMERS stands for the unverified customer.
      who: fc.integer({ min: 0, max: CUSTOMERS }),
      quantity: fc.integer({ min: 1, max: 12 }),
      // Orders with the same slot repeat the first of them: same customer, same body, same key.
      slot: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 24 },
  ),
});

describe('a burst of concurrent orders', () => {
  it('charges each wallet exactly its filled orders, answers each key once, and keeps the books', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(burst, async ({ funds, orders }) => {
        run++;
        for (const [i, amount] of funds.entries()) {
          if (amount > 0) await h.fund(verified[i]!.user.id, 'US_STOCK', String(amount));
        }
        const before = await Promise.all(verified.map((c) => available(c.token)));
        const slots = new Map<number, { who: number; quantity: number; key: string }>();
        const sent = orders.map((o, n) => {
          if (o.slot === undefined) return { ...o, key: `p${run}-${n}-${Math.random()}` };
          const first = slots.get(o.slot) ?? { who: o.who, quantity: o.quantity, key: `p${run}-slot${o.slot}` };
          slots.set(o.slot, first);
          return first;
        });
        const answers = await Promise.all(
          sent.map((o) =>
            h.call(
              tradingApi.stockCreate,
              { stockCode: 'AAPL', direction: 0, quantity: o.quantity, termsVersion: STOCK_TERMS },
              { token: (verified[o.who] ?? unverified).token, key: o.key },
            ),
          ),
        );

        // One key, one answer. A refusal writes nothing and stores nothing under the key (docs/trading.md), so a
        // second request with the key is judged again: the same refusal, but its text says the available balance of
        // that moment, which the burst's other orders move. A written order's answer is replayed to the byte.
        const byKey = new Map<string, string>();
        for (const [n, a] of answers.entries()) {
          const body = JSON.stringify(a.body.code === 200 ? a.body : { code: a.body.code, reason: a.body.reason });
          expect(byKey.get(sent[n]!.key) ?? body).toBe(body);
          byKey.set(sent[n]!.key, body);
        }
        const after = await Promise.all(verified.map((c) => available(c.token)));
        for (const [i, customer] of verified.entries()) {
          const mine = answers.filter((_, n) => sent[n]!.who === i);
          const filled = new Map<number, OrderResult['order']>();
          for (const a of mine) {
            if (a.body.code === 200) filled.set(a.body.data.order.id, a.body.data.order);
            else expect(a.body.reason).toBe('insufficientMargin');
          }
          const charged = [...filled.values()].reduce((sum, o) => sum + Number(o.margin) + Number(o.fee), 0);
          expect(after[i]).toBeCloseTo(before[i]! - charged, 2);
          expect(after[i]).toBeGreaterThanOrEqual(0);
          // Money only went down during the burst, so a refusal means it still does not fit.
          for (const [n, a] of answers.entries()) {
            if (sent[n]!.who === i && a.body.code !== 200) {
              expect(after[i]).toBeLessThan(sent[n]!.quantity * NEED_PER_SHARE);
            }
          }
          const { rows } = await h.db.$client.query<{ n: string }>(
            'select count(*) as n from trade_orders where user_id = $1 and id = any($2)',
            [customer.user.id, [...filled.keys()]],
          );
          expect(Number(rows[0]!.n)).toBe(filled.size);
        }
        for (const [n, a] of answers.entries()) {
          if (sent[n]!.who === CUSTOMERS) expect(a.body.reason).toBe('kycRequired');
        }
        expect(await auditLedger(h.db.$client)).toEqual([]);
      }),
      { numRuns: 15 },
    );
    const { rows } = await h.db.$client.query<{ n: string }>(
      'select count(*) as n from trade_orders where user_id = $1',
      [unverified.user.id],
    );
    expect(rows[0]!.n).toBe('0');
  });
});
