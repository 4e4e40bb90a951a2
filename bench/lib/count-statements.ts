/**
 * Counts the statements this process sends to PostgreSQL, by their first words (begin, select, insert into
 * "x", ...), while `counting` is on: pg's Client.query is wrapped, so it must run in a process of its own
 * (the breakdowns of the money benches).
 */
import pg from 'pg';

export function countStatements() {
  let counting = false;
  const statements = new Map<string, number>();
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
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
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
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
