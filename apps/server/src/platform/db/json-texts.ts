/**
 * PostgreSQL's literal of a `text[]` (or `json[]`, `jsonb[]`) whose elements are JSON texts written by
 * JSON.stringify, or pieces of them, for the batch functions that take one typed array per field (the order batch,
 * trade_open_batch; the transfer batch, ledger_post_once_each; docs/trading.md "The placement path"): each, as a
 * JSON string, is already a quoted element of the array syntax, since JSON escapes `"` and `\` with a backslash as
 * the array syntax does, and such a text holds no control character (JSON.stringify escapes them, and lone
 * surrogates, inside it). About three times faster than pg's own array escaping of the same texts, which ran on
 * the batch writer's path between two batches. Not for other strings (an idempotency key may hold anything).
 */
export function jsonTexts(texts: string[]): string {
  return `{${JSON.stringify(texts).slice(1, -1)}}`;
}
