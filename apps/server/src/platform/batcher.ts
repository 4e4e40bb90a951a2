/**
 * Group commit for one kind of write (docs/trading.md "The placement path"): requests that arrive while earlier
 * batches are being written wait and go together in the next batch, one transaction for all of them, and each
 * is answered only after its batch has committed. Under no load a request goes at once, alone; under load the
 * statement start-up, commit and WAL flush of a transaction are shared by the whole batch.
 *
 * Items that conflict (the same `conflicts` key: one wallet account, one idempotency key) never share a batch:
 * the later one waits for a later batch, so each batch's items decide independently. When a batch fails as a
 * whole (an error the batch function does not answer per item), nothing of it was written and its items are
 * written one by one with `runOne`, so only the item at fault fails.
 *
 * The queue is bounded (`maxQueue`): when the writes fall behind, a request beyond it is refused at once with a
 * translated "busy, try again" (429 errors.busy) instead of waiting in memory that grows without end.
 */
import { busy } from './errors.js';
import { currentMarks, dbDoneFor, epochNow, type Marks, timelineOn } from './timeline.js';

/**
 * The sizes the money writes (new positions, wallet transfers) use: 64 per batch, one batch writing at a time, and
 * 32 full batches waiting (under a second of orders or transfers at the rates measured on 2026-12-04, 2,600-3,000
 * orders and 5,200 transfers a second, bench/reports/orders.md and wallet.md); beyond that the writes have fallen
 * behind and a customer is told to try again rather than wait in a queue that keeps growing.
 * One batch at a time, started before the last one's items are answered, is a pipeline: the database writes one
 * batch while Node answers the last and takes in the next. Two at once split the same orders into smaller batches
 * that contend in the database (2026-12-04: 411-430 µs of PostgreSQL CPU an order against 327-331, and fewer
 * orders a second; bench/reports/orders.md); so did two at once after the record-literal batch, with or without a
 * second batch waiting for 24 orders (2026-12-06: 224-260 µs against 177-217, 0.82x and 0.89x against 0.94x).
 * Nor does a second batch that waits behind the running one rather than beside it (pg's pipeline mode, or an
 * advisory lock in the batch function): with 64 customers it takes its orders from the next batch, and the smaller
 * batches cost what the saved hand-over gains (2026-12-06, bench/reports/orders.md "The single writer is the wall").
 */
export const MONEY_WRITES = { maxBatch: 64, maxInFlight: 1, maxQueue: 2048 } as const;

export interface BatcherOptions<T, R> {
  /** Writes a batch in one transaction; answers one result per item, in order. */
  runBatch: (items: T[]) => Promise<R[]>;
  /** Writes one item on its own (after a batch failed as a whole). */
  runOne: (item: T) => Promise<R>;
  /** Keys two items of one batch must not share. */
  conflicts: (item: T) => readonly string[];
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches written at once (each holds one database connection while it runs). */
  maxInFlight: number;
  /** Most items waiting for a batch; one more is refused (busy) without being written. */
  maxQueue: number;
  /** Told of a batch that failed as a whole (its items are then written one by one): worth a log line. */
  onBatchFailed?: (error: unknown, size: number) => void;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
  /** The request's timeline (platform/timeline.ts), only when TIMELINE_FILE is set. */
  marks?: Marks | undefined;
}

export interface Batcher<T, R> {
  submit(item: T): Promise<R>;
  /** Items waiting plus batches running. */
  readonly pending: number;
}

export function createBatcher<T, R>(options: BatcherOptions<T, R>): Batcher<T, R> {
  const { runBatch, runOne, conflicts, maxBatch, maxInFlight, maxQueue, onBatchFailed } = options;
  if (maxBatch < 1 || maxInFlight < 1 || maxQueue < 1) {
    throw new Error('createBatcher: maxBatch, maxInFlight and maxQueue must be at least 1');
  }
  let queue: Waiting<T, R>[] = [];
  let inFlight = 0;

  /** The next batch: queue order, skipping (and keeping for later) an item that conflicts with one taken. */
  function take(): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const rest: Waiting<T, R>[] = [];
    const taken = new Set<string>();
    for (const waiting of queue) {
      const keys = conflicts(waiting.item);
      if (batch.length >= maxBatch || keys.some((k) => taken.has(k))) {
        rest.push(waiting);
        continue;
      }
      for (const k of keys) taken.add(k);
      batch.push(waiting);
    }
    queue = rest;
    return batch;
  }

  /**
   * Writes `batch`; `release` frees its place for the next batch. On success the place is freed before the items
   * are answered: answering is the event loop's work for several ms (each request's response), during which the
   * next batch can already be in the database.
   */
  async function write(batch: Waiting<T, R>[], release: () => void) {
    let results: R[];
    const items = batch.map((w) => w.item);
    if (timelineOn) stamp(batch, 'started');
    try {
      results = await runBatch(items);
      if (timelineOn) stamp(batch, 'written', dbDoneFor(items));
      if (results.length !== batch.length) {
        throw new Error(`batch answered ${results.length} results for ${batch.length} items`);
      }
    } catch (error) {
      onBatchFailed?.(error, batch.length);
      // Nothing of the batch was written: each item on its own, so only the one at fault fails.
      await Promise.all(batch.map((w) => runOne(w.item).then(w.resolve, w.reject)));
      return;
    }
    // The next batch first: release starts it, and its statement goes out in this turn of the event loop (pg sends
    // it on process.nextTick); the answers, each a request's response, follow in the next turn (setImmediate).
    release();
    setImmediate(() => {
      batch.forEach((w, i) => {
        w.resolve(results[i] as R);
      });
    });
  }

  /** Timeline marks of a batch's requests (platform/timeline.ts). */
  function stamp(batch: Waiting<T, R>[], mark: 'started' | 'written', dbDone?: number) {
    const at = epochNow();
    for (const w of batch) {
      if (!w.marks) continue;
      w.marks[mark] = at;
      w.marks.size = batch.length;
      if (dbDone !== undefined) w.marks.dbDone = dbDone;
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight--;
        pump();
      };
      write(batch, release).finally(release);
    }
  }

  return {
    submit(item) {
      if (queue.length >= maxQueue) return Promise.reject(busy());
      return new Promise<R>((resolve, reject) => {
        const marks = currentMarks();
        if (marks) marks.enqueued = epochNow();
        queue.push({ item, resolve, reject, marks });
        pump();
      });
    },
    get pending() {
      return queue.length + inFlight;
    },
  };
}
