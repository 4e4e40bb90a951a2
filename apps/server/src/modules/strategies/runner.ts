/**
 * Replaying a book over the simulator (docs/strategies.md): the same loop the leader job runs, synchronous for the
 * tests and the bench. A book stepped from its last tick to `until` is the same whether it got there in one run or
 * in several with a restart (a JSON round trip of the book) in between: engine.test.ts checks it.
 */
import type { Quote } from '../../market/index.js';
import {
  type Book,
  type NavPoint,
  type StrategyParams,
  stepBook,
  type TickQuote,
  type Trade,
  ticksToDo,
} from './engine.js';

/** The quotes of some instruments at an instant (ms). */
export type QuoteSource = (keys: readonly string[], at: number) => ReadonlyMap<string, TickQuote>;

/** What the engine reads of a simulator quote. */
export const tickQuoteOf = (q: Pick<Quote, 'bid' | 'ask' | 'last' | 'marketOpen'>): TickQuote => ({
  bid: q.bid,
  ask: q.ask,
  last: q.last,
  open: q.marketOpen,
});

export function quotesOf(keys: readonly string[], quotes: readonly Quote[]): Map<string, TickQuote> {
  return new Map(keys.map((k, i) => [k, tickQuoteOf(quotes[i] as Quote)]));
}

/** A source over a synchronous simulator (`quotes(refs, at)`). */
export const simulatorSource =
  (sim: { quotes(refs: readonly string[], at: Date): Quote[] }): QuoteSource =>
  (keys, at) =>
    quotesOf(keys, sim.quotes(keys, new Date(at)));

/** Steps `book` tick by tick up to the last whole tick at or before `until`. */
export function advance(params: StrategyParams, book: Book, until: number, source: QuoteSource) {
  const trades: Trade[] = [];
  const navs: NavPoint[] = [];
  let current = book;
  for (const tick of ticksToDo(book, until)) {
    const step = stepBook(params, current, tick, source(params.instruments, tick));
    current = step.book;
    trades.push(...step.trades);
    navs.push(step.nav);
  }
  return { book: current, trades, navs };
}
