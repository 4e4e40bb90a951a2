/**
 * What this process sends to PostgreSQL, seen by wrapping pg's Client.query: the statements counted by their first
 * words (begin, select, insert into "x", ...) while `counting` is on, in a process of its own (the breakdowns of the
 * money benches), and any statement watched for a while (the batch bench keeps the arguments of the order batches).
 */
import pg from 'pg';

/**
 * Calls `seen` with the text and values of every statement this process sends to PostgreSQL (pg's Client.query
 * wrapped) until the answered function is called, which puts the original back.
 */
export function watchQueries(seen: (text: string, values: unknown[] | undefined) => void): () => void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
    if (typeof first === 'string') seen(first, args[1] as unknown[] | undefined);
    else seen(first?.text ?? '', first?.values ?? (args[1] as unknown[] | undefined));
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return () => {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
  };
}

export function countStatements() {
  let counting = false;
  const statements = new Map<string, number>();
  watchQueries((text) => {
    if (!counting) return;
    const words = text.replace(/\s+/g, ' ').trim();
    // A SQL function's call by its name (select trade_open_batch(...)), anything else by its first words.
    const call = words.match(/^select (\w+)\(/i);
    const kind = call
      ? `select ${call[1]}(...)`
      : (words
          .match(/^(begin|commit|rollback|select|insert into "?\w+"?|update "?\w+"?|delete from "?\w+"?|with)/i)?.[0]
          ?.toLowerCase()
          .replaceAll('"', '') ?? text.slice(0, 30));
    statements.set(kind, (statements.get(kind) ?? 0) + 1);
  });
  return {
    /** Counts what `work` sends. */
    async during<T>(work: () => Promise<T>): Promise<T> {
      counting = true;
      try {
        return await work();
      } finally {
        counting = false;
      }
    },
    /** Statements per operation, by kind, most frequent first, and their sum. */
    per(operations: number) {
      const byKind = Object.fromEntries(
        [...statements].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round((v / operations) * 100) / 100]),
      );
      return { byKind, total: Object.values(byKind).reduce((a, b) => a + b, 0) };
    },
  };
}
