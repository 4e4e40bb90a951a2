/**
 * The bus across processes on the PostgreSQL the app already uses (LISTEN/NOTIFY), so WORKERS > 1 needs no
 * other service. Only the channels named at creation (`shared`) cross processes; every other channel stays
 * in this process (the quote ticks: each process computes its own, live.ts). A shared message reaches this
 * process's subscribers through LISTEN like everyone else's, so a process sees its own messages once and
 * in the same order as the others do.
 *
 * `publishOnCommit` puts the NOTIFY inside the caller's transaction: PostgreSQL delivers it only when that
 * transaction commits, and drops it on rollback, so an event never announces what did not happen. A Redis
 * bus replacing this one keeps that guarantee by relaying the same NOTIFYs (or an outbox) to Redis.
 *
 * A NOTIFY payload is at most 8000 bytes: shared messages are small (ids and kinds, never amounts or
 * secrets). Messages sent while the listening connection is down (a database restart) are lost; the
 * connection is opened again and the channels listened to again.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Bus, type Channel, createInProcessBus } from './bus.js';
import type { Db, Tx } from './db/client.js';

const RECONNECT_MS = 1_000;

/** Publishes `message` on the shared channel when `tx` commits; nothing if it rolls back. */
export async function publishOnCommit<T>(tx: Db | Tx, ch: Channel<T>, message: T): Promise<void> {
  await tx.execute(sql`select pg_notify(${ch.name}, ${JSON.stringify(message)})`);
}

export async function createPgBus(opts: {
  db: Db;
  /** The channels carried across processes. */
  shared: readonly Channel<unknown>[];
  onError?: (error: unknown, channel: string) => void;
}): Promise<Bus> {
  const onError = opts.onError ?? (() => undefined);
  const local = createInProcessBus(onError);
  const shared = new Set(opts.shared.map((c) => c.name));
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    // A connection of its own: a pooled one would be handed to queries between notifications.
    const client = new pg.Client({ ...opts.db.$client.options, application_name: 'beurs-bus' });
    client.on('notification', (n) => {
      if (!n.payload || !shared.has(n.channel)) return;
      let message: unknown;
      try {
        message = JSON.parse(n.payload);
      } catch (error) {
        onError(error, n.channel);
        return;
      }
      local.publish({ name: n.channel }, message);
    });
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      listener = undefined;
      onError(error ?? new Error('bus connection ended'), '*');
      client.end().catch(() => undefined);
      reconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    listener = client;
    for (const name of shared) await client.query(`LISTEN ${client.escapeIdentifier(name)}`);
  }
  function reconnect() {
    if (closed) return;
    retry = setTimeout(() => {
      listen().catch((error: unknown) => {
        onError(error, '*');
        reconnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  }
  await listen();

  return {
    publish(ch, message) {
      if (!shared.has(ch.name)) return local.publish(ch, message);
      opts.db.$client
        .query('select pg_notify($1, $2)', [ch.name, JSON.stringify(message)])
        .catch((error: unknown) => onError(error, ch.name));
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await local.close();
    },
  };
}
