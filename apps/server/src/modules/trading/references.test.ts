/**
 * The references of an order's rows (migration 0040): a position's and an order's customer and hold, an inbox
 * message's customer and a hold's account are checked once per statement by a trigger instead of by foreign keys,
 * and the rows they refer to never go away. Raw SQL, behind the app's back: whatever code writes a row that refers
 * to nothing, the database refuses it with foreign_key_violation (23503), as the keys did, and nothing stays.
 */
import { trading as tradingApi } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { countRows, type RawQuery, rawTransaction } from '../../../test/raw-sql.js';
import { pinMarket, pinRates, STOCK_TERMS, trader } from '../../../test/trading.js';

let h: Harness;
let customer: number;
let position: { id: number; holdId: number };
let order: number;
/** Ids above any in use: a customer, a hold and an account that do not exist. */
let none: { user: string; hold: string; account: string };

beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
  const m = pinMarket(h);
  pinRates(m);
  m.set('AAPL', 0, { bid: '99.9', ask: '100' });
  const t = await trader(h, { US_STOCK: '10000' });
  customer = t.user.id;
  const placed = await h.call(
    tradingApi.stockCreate,
    { stockCode: 'AAPL', direction: 0, quantity: 10, termsVersion: STOCK_TERMS },
    { token: t.token },
  );
  if (placed.body.code !== 200) throw new Error(`the order was refused: ${JSON.stringify(placed.body)}`);
  order = placed.body.data.order.id;
  const opened = placed.body.data.position;
  if (!opened) throw new Error('the order opened no position');
  const { rows } = await h.db.$client.query<{ hold_id: string }>(
    `select p.hold_id from trade_positions p where p.id = $1`,
    [opened.id],
  );
  position = { id: opened.id, holdId: Number(rows[0]!.hold_id) };
  const top = await h.db.$client.query<{ user: string; hold: string; account: string }>(
    `select (select max(id) + 1000 from users) as user, (select max(id) + 1000 from ledger_holds) as hold,
       (select max(id) + 1000 from ledger_accounts) as account`,
  );
  none = top.rows[0]!;
});

const run = (work: (q: RawQuery) => Promise<void>) => rawTransaction(h.db.$client, work, { commit: false });
const count = (table: string) => countRows(h.db.$client, table);

/** Inserts copies of a row of `table` (its id and the given columns changed), one per change, in one statement. */
const copies = (
  table: 'trade_positions' | 'trade_orders',
  id: number,
  changes: Array<Record<string, unknown>>,
  opts = { commit: false },
) =>
  rawTransaction(
    h.db.$client,
    async (q) => {
      await q(
        `insert into ${table}
       select (jsonb_populate_record(r, jsonb_build_object('id', nextval('${table}_id_seq')) || c.change)).*
       from ${table} r, unnest($2::jsonb[]) as c(change) where r.id = $1`,
        [id, changes.map((c) => JSON.stringify(c))],
      );
    },
    opts,
  );

describe("an order's rows refer only to what exists", () => {
  it('writes a copy that refers to what exists (the check passes good rows)', async () => {
    expect(await copies('trade_positions', position.id, [{}, {}])).toBeNull();
    expect(await copies('trade_orders', order, [{}])).toBeNull();
  });

  it.each([
    ['trade_positions', 'a customer', { user_id: 'user' }, /customer/],
    ['trade_positions', 'a hold', { hold_id: 'hold' }, /hold/],
    ['trade_orders', 'a customer', { user_id: 'user' }, /customer/],
    ['trade_orders', 'a hold', { hold_id: 'hold' }, /hold/],
  ] as const)(
    'refuses a row of %s that names %s that does not exist, and the good rows of its statement',
    async (table, _, change, message) => {
      const before = await count(table);
      const bad = Object.fromEntries(Object.entries(change).map(([column, which]) => [column, none[which]]));
      const id = table === 'trade_positions' ? position.id : order;
      // Committed: the good copy beside the bad one does not stay either.
      const error = await copies(table, id, [{}, bad], { commit: true });
      expect(error?.code).toBe('23503');
      expect(error?.message).toMatch(message);
      expect(await count(table)).toBe(before);
    },
  );

  it('refuses a message to a customer, and a hold on an account, that do not exist', async () => {
    const message = await rawTransaction(h.db.$client, async (q) => {
      await q(`insert into user_messages (user_id, kind, params) values ($1, 'x', '{}'), ($2, 'x', '{}')`, [
        customer,
        none.user,
      ]);
    });
    expect(message?.code).toBe('23503');
    const hold = await rawTransaction(h.db.$client, async (q) => {
      await q(`insert into ledger_holds (account_id, amount, reference) values ($1, 1, 'refs-test')`, [none.account]);
    });
    expect(hold?.code).toBe('23503');
    expect(hold?.message).toMatch(/account/);
  });

  it('refuses an update that points a position or an order at a hold or customer that does not exist', async () => {
    for (const [statement, values] of [
      ['update trade_positions set hold_id = $2 where id = $1', [position.id, none.hold]],
      ['update trade_positions set user_id = $2 where id = $1', [position.id, none.user]],
      ['update trade_orders set hold_id = $2 where id = $1', [order, none.hold]],
      ['update user_messages set user_id = $2 where user_id = $1', [customer, none.user]],
      ['update ledger_holds set account_id = $2 where id = $1', [position.holdId, none.account]],
    ] as const) {
      const error = await run(async (q) => {
        await q(statement, [...values]);
      });
      expect(error?.code, statement).toBe('23503');
    }
    // To a hold that exists: accepted (rolled back).
    expect(
      await run(async (q) => {
        await q('update trade_orders set hold_id = $2 where id = $1', [order, position.holdId]);
      }),
    ).toBeNull();
  });

  it('never lets a customer or a hold go away, nor an account with holds', async () => {
    for (const [statement, values, code, message] of [
      ['delete from users where id = $1', [customer], '23001', /rows of users are kept/],
      ['update users set id = $2 where id = $1', [customer, none.user], '23001', /kept/],
      ['truncate users cascade', [], '23001', /kept/],
      ['delete from ledger_holds where id = $1', [position.holdId], '23001', /rows of ledger_holds are kept/],
      ['update ledger_holds set id = $2 where id = $1', [position.holdId, none.hold], '23001', /kept/],
      ['truncate ledger_holds cascade', [], '23001', /kept/],
    ] as const) {
      const error = await run(async (q) => {
        await q(statement, [...values]);
      });
      expect(error?.code, statement).toBe(code);
      expect(error?.message, statement).toMatch(message);
    }
    // An account with a hold and no posting: kept for the hold.
    const bare = await trader(h);
    const id = await h.db.transaction(
      async (tx) => (await h.deps.ledger.walletAccount(tx, bare.user.id, 'US_STOCK')).id,
    );
    const error = await run(async (q) => {
      await q(`insert into ledger_holds (account_id, amount, reference) values ($1, 1, 'refs-test-bare')`, [id]);
      await q('delete from ledger_accounts where id = $1', [id]);
    });
    expect(error?.code).toBe('23503');
    expect(error?.message).toMatch(/has holds and is kept/);
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });
});
