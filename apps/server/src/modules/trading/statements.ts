/**
 * The trading module's SQL: the statements its parts share (fresh ids, row locks) and the calls of the SQL functions
 * that write new positions (sql/trade_open_now.sql, sql/trade_open_batch.sql). Money is read through the ledger
 * (ledger.available), never from its account rows.
 */
import { E } from '@beurs/contracts';
import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { notFound, rule } from '../../platform/errors.js';
import { type OrderRow, type PositionRow, STATUS } from './model.js';
import { tradeOrders, tradePositions } from './schema.js';

/**
 * The columns trade_open_now and trade_open_batch write themselves over the row they are given (ids, the owner, the
 * hold): rowJson leaves them out, rowRecord puts trade_open_batch's placeholders there.
 */
const FILLED_IN_SQL = new Set(['id', 'user_id', 'position_id', 'hold_id', 'hold_seq']);

/**
 * A row as JSON keyed by column name (snake_case), for trade_open_now, which inserts it (jsonb_populate_record, which
 * reads a missing key as NULL): only the columns with a value, and none of those the function fills in. The batch
 * takes the row as a record literal instead (rowRecord).
 */
export function rowJson(table: typeof tradeOrders | typeof tradePositions, row: Record<string, unknown>) {
  const json: Record<string, unknown> = {};
  for (const [key, name] of columnNames(table)) {
    const value = row[key];
    if (value != null) json[name] = value instanceof Date ? value.toISOString() : value;
  }
  return json;
}

/**
 * The physical column order of trade_positions and trade_orders, as the catalog gives it (read once per process, at
 * its first order: migrations run before the server starts, and a server started before a migration that changed
 * them has its batches refused by trade_open_batch, whose orders are then written one by one as JSON, until it
 * restarts). `positions` and `orders` are the column names in order; the joined lists go with every batch.
 */
export interface RecordLayouts {
  positions: readonly string[];
  orders: readonly string[];
}

export async function recordLayouts(db: Db): Promise<RecordLayouts> {
  // trade_row_columns (sql/trade_row_columns.sql): the same reading of the catalog as trade_open_batch's check.
  const { rows } = await db.$client.query<{ positions: string | null; orders: string | null }>(
    `select trade_row_columns('trade_positions') as positions, trade_row_columns('trade_orders') as orders`,
  );
  const row = rows[0];
  if (!row?.positions || !row.orders) throw new Error('trade_positions or trade_orders has no columns');
  return { positions: row.positions.split(','), orders: row.orders.split(',') };
}

/**
 * trade_open_batch's placeholders (format()'s `%n$s`), by column: the values it writes itself, in the order it passes
 * them (sql/trade_open_batch.sql).
 */
const RECORD_PLACEHOLDERS: Record<'trade_positions' | 'trade_orders', Record<string, string>> = {
  trade_positions: { id: '%1$s', user_id: '%2$s', hold_id: '%3$s', hold_seq: '%4$s' },
  trade_orders: { id: '%1$s', user_id: '%2$s', position_id: '%3$s', hold_id: '%4$s' },
};

/**
 * A row as PostgreSQL's record literal of its table, `(v1,v2,...)` with every column of `columns` (the table's own
 * order, recordLayouts) in place, for trade_open_batch, which parses it with one cast (a quarter of what
 * json_populate_recordset cost for the same row; docs/trading.md "The placement path"). The columns the function
 * writes get its format() placeholders; a value with a `%` has it doubled for format(); a null, or a column the
 * server's schema does not know, is an empty field (NULL, as a missing key is for the JSON of rowJson).
 */
export function rowRecord(
  table: typeof tradeOrders | typeof tradePositions,
  row: Record<string, unknown>,
  columns: readonly string[],
): string {
  const placeholders = RECORD_PLACEHOLDERS[getTableName(table) as keyof typeof RECORD_PLACEHOLDERS];
  const properties = propertiesOf(table);
  let text = '(';
  for (let i = 0; i < columns.length; i++) {
    const name = columns[i] as string;
    if (i > 0) text += ',';
    const placeholder = placeholders[name];
    if (placeholder) {
      text += placeholder;
      continue;
    }
    const key = properties.get(name);
    text += key === undefined ? '' : recordField(row[key]);
  }
  return `${text})`;
}

/**
 * One field of a record literal: empty for null; quoted (`"` and `\` escaped) when the syntax needs it (an empty
 * text, a quote, a backslash, a comma or a parenthesis) or, as PostgreSQL's own output does, for white space.
 */
function recordField(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number') return String(value);
  const text = (
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value)
  ).replaceAll('%', '%%');
  return text === '' || NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTED_SPECIAL, '\\$&')}"` : text;
}
// \x22 is the double quote: written out, a quote in a regular expression reads as a string's start to simpler
// readers of this code (the repository's structure drawing lost this file's imports to it).
const NEEDS_QUOTES = /[\x22,\\()\s]/;
const QUOTED_SPECIAL = /[\x22\\]/g;

/** Column name -> property of a table's columns, read once (rowRecord runs on every order). */
const propertiesOfTable = new Map<object, Map<string, string>>();
function propertiesOf(table: typeof tradeOrders | typeof tradePositions) {
  let properties = propertiesOfTable.get(table);
  if (!properties) {
    properties = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
    propertiesOfTable.set(table, properties);
  }
  return properties;
}

/** [property, column name] of a table's columns but those FILLED_IN_SQL, read once (rowJson runs on every order). */
const columnNamesOf = new Map<object, Array<[string, string]>>();
function columnNames(table: typeof tradeOrders | typeof tradePositions) {
  let names = columnNamesOf.get(table);
  if (!names) {
    names = Object.entries(getTableColumns(table))
      .filter(([, column]) => !FILLED_IN_SQL.has(column.name))
      .map(([key, column]) => [key, column.name]);
    columnNamesOf.set(table, names);
  }
  return names;
}

/** Two fresh ids and the caller's identity status in one statement (ids are needed for hold references). */
export async function idsAndKyc(tx: Tx, userId: number) {
  const { rows } = await tx.execute<{ kyc: number; oid: string; pid: string }>(
    sql`select kyc_status as kyc, nextval('trade_orders_id_seq') as oid, nextval('trade_positions_id_seq') as pid from ${users} where id = ${userId}`,
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { kyc: Number(row.kyc), orderId: Number(row.oid), positionId: Number(row.pid) };
}

/** A fresh order id and a fresh position id (a close writes its order, and a partial close its closed part). */
export async function nextIds(tx: Tx) {
  const { rows } = await tx.execute<{ oid: string; pid: string }>(
    sql`select nextval('trade_orders_id_seq') as oid, nextval('trade_positions_id_seq') as pid`,
  );
  return { orderId: Number(rows[0]?.oid), positionId: Number(rows[0]?.pid) };
}

/** A position of the customer (any status; any customer's when userId is null), locked; 404 when there is none. */
export async function lockPosition(tx: Tx, userId: number | null, positionId: number): Promise<PositionRow> {
  const where = [eq(tradePositions.id, positionId)];
  if (userId !== null) where.push(eq(tradePositions.userId, userId));
  const [row] = await tx
    .select()
    .from(tradePositions)
    .where(and(...where))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** An open position of the customer (any customer's when userId is null), locked; 422 positionNotOpen otherwise. */
export async function lockOpenPosition(tx: Tx, userId: number | null, positionId: number): Promise<PositionRow> {
  const row = await lockPosition(tx, userId, positionId);
  if (row.status !== STATUS.Success) throw rule(E.positionNotOpen, {}, 'positionNotOpen');
  return row;
}

/** An open position, locked (an order adding to it); undefined when it is no longer open. */
export async function lockOpenPositionIfAny(tx: Tx, positionId: number): Promise<PositionRow | undefined> {
  const [row] = await tx
    .select()
    .from(tradePositions)
    .where(and(eq(tradePositions.id, positionId), eq(tradePositions.status, STATUS.Success)))
    .for('update');
  return row;
}

/** An entrusted order, locked; undefined when it is no longer entrusted (filled or cancelled meanwhile). */
export async function lockEntrustedOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.status, STATUS.InProgress)))
    .for('update');
  return order;
}

/** An order of the customer (any status), locked; 404 for another customer's. */
export async function lockOrderOf(tx: Tx, userId: number, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, orderId), eq(tradeOrders.userId, userId)))
    .for('update');
  if (!order) throw notFound();
  return order;
}

/** trade_open_now (sql/trade_open_now.sql): one new position that fills now, under its idempotency key. */
export const OPEN_NOW_SQL =
  'select trade_open_now($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as result';
/** trade_open_batch (sql/trade_open_batch.sql): what trade_open_now writes, for several orders at once. */
const OPEN_BATCH_CALL =
  'trade_open_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)';
export const OPEN_BATCH_SQL = `select ${OPEN_BATCH_CALL} as results`;
/**
 * The same with PostgreSQL's clock when the function has returned, before the commit (platform/timeline.ts, only
 * when TIMELINE_FILE is set): the target list is evaluated left to right, so `done` follows the whole batch.
 */
export const OPEN_BATCH_TIMED_SQL = `select ${OPEN_BATCH_CALL} as results, extract(epoch from clock_timestamp()) * 1000 as done`;

/** The live price of an instrument held in a wallet: bid, ask and the rate into the wallet's currency. */
export interface PriceRow {
  source: number;
  code: string;
  wallet: string;
  bid: string;
  ask: string;
  rate: string;
}

/**
 * Each wallet's equity (margin + profit, each position's profit rounded half up to the cent as positionProfit
 * does), required margin and whether all its positions are 1:1, over the customer's open positions at `px`;
 * wallets in the order of their newest position.
 */
export async function walletMargins(db: Db | Tx, userId: number, px: PriceRow[]) {
  const { rows } = await db.execute<{ wallet: string; equity: string; required: string; fully_paid: boolean }>(
    sql`with px as (
       select * from jsonb_to_recordset(${JSON.stringify(px)}::jsonb)
         as x(source int, code text, wallet text, bid numeric, ask numeric, rate numeric)
     )
     select p.wallet,
            sum(p.margin + round((case when p.direction = 0 then x.bid - p.open_price else p.open_price - x.ask end)
                * p.quantity * p.multiplier * x.rate, 2)) as equity,
            sum(p.initial_margin) as required,
            bool_and(p.leverage = 1) as fully_paid
       from ${tradePositions} p join px x on x.source = p.source and x.code = p.code and x.wallet = p.wallet
      where p.user_id = ${userId} and p.status = ${STATUS.Success}
      group by p.wallet
      order by max(p.id) desc`,
  );
  return rows.map((r) => ({ wallet: r.wallet, equity: r.equity, required: r.required, fullyPaid: r.fully_paid }));
}
