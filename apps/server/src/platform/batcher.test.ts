import { E } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';
import { AppError } from './errors.js';

interface Item {
  id: number;
  account: string;
}

/** A batch writer whose batches finish when the test says so. */
function controlled(
  opts: { maxBatch?: number; maxInFlight?: number; maxQueue?: number; failBatch?: (items: Item[]) => boolean } = {},
) {
  const batches: Item[][] = [];
  const failures: Array<{ message: string; size: number }> = [];
  const singles: Item[] = [];
  const finish: Array<() => void> = [];
  const batcher = createBatcher<Item, string>({
    maxBatch: opts.maxBatch ?? 10,
    maxInFlight: opts.maxInFlight ?? 1,
    maxQueue: opts.maxQueue ?? 1000,
    conflicts: (item) => [item.account],
    onBatchFailed: (error, size) => failures.push({ message: (error as Error).message, size }),
    runBatch: (items) => {
      batches.push(items);
      return new Promise((resolve, reject) => {
        finish.push(() =>
          opts.failBatch?.(items) ? reject(new Error('batch failed')) : resolve(items.map((i) => `b${i.id}`)),
        );
      });
    },
    runOne: async (item) => {
      singles.push(item);
      if (item.account === 'bad') throw new Error(`item ${item.id} failed`);
      return `s${item.id}`;
    },
  });
  const settle = async () => {
    while (finish.length > 0) {
      finish.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { batcher, batches, singles, failures, finish, settle };
}

describe('createBatcher', () => {
  it('sends the first item at once, gathers the ones that arrive meanwhile, and answers each its own result', async () => {
    const { batcher, batches, settle } = controlled();
    const answers = [1, 2, 3, 4].map((id) => batcher.submit({ id, account: `a${id}` }));
    expect(batches.map((b) => b.map((i) => i.id))).toEqual([[1]]);
    await settle();
    expect(await Promise.all(answers)).toEqual(['b1', 'b2', 'b3', 'b4']);
    expect(batches.map((b) => b.map((i) => i.id))).toEqual([[1], [2, 3, 4]]);
    expect(batcher.pending).toBe(0);
  });

  it('starts the next batch before it answers the items of the batch that committed', async () => {
    // Answering is each request's response, several ms of the event loop for a full batch: the database gets the
    // next batch first, or it waits for those ms with nothing to write (bench/reports/orders.md).
    const { batcher, batches, finish, settle } = controlled();
    const events: string[] = [];
    const first = batcher.submit({ id: 1, account: 'a1' }).then(() => events.push('answered 1'));
    const second = batcher.submit({ id: 2, account: 'a2' });
    finish.shift()?.();
    await new Promise((r) => process.nextTick(r));
    events.push(`batches started: ${batches.length}`);
    await first;
    expect(events).toEqual(['batches started: 2', 'answered 1']);
    await settle();
    expect(await second).toBe('b2');
  });

  it('never puts two items with one conflict key in a batch, and keeps the queue order otherwise', async () => {
    const { batcher, batches, settle } = controlled({ maxBatch: 3 });
    const answers = [
      batcher.submit({ id: 0, account: 'x' }),
      batcher.submit({ id: 1, account: 'a' }),
      batcher.submit({ id: 2, account: 'a' }),
      batcher.submit({ id: 3, account: 'b' }),
      batcher.submit({ id: 4, account: 'c' }),
      batcher.submit({ id: 5, account: 'd' }),
    ];
    await settle();
    await Promise.all(answers);
    expect(batches.map((b) => b.map((i) => i.id))).toEqual([[0], [1, 3, 4], [2, 5]]);
  });

  it('runs at most maxInFlight batches at once', async () => {
    const { batcher, batches, settle } = controlled({ maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((id) => batcher.submit({ id, account: `a${id}` }));
    expect(batches.map((b) => b.map((i) => i.id))).toEqual([[1], [2]]);
    expect(batcher.pending).toBe(5);
    await settle();
    await Promise.all(answers);
    expect(batches.map((b) => b.map((i) => i.id))).toEqual([[1], [2], [3, 4, 5]]);
  });

  it('writes the items of a failed batch one by one, so only the one at fault fails', async () => {
    const { batcher, singles, failures, settle } = controlled({
      failBatch: (items) => items.some((i) => i.account === 'bad'),
    });
    const first = batcher.submit({ id: 1, account: 'a1' });
    const good = batcher.submit({ id: 2, account: 'a2' });
    const bad = batcher.submit({ id: 3, account: 'bad' });
    const outcome = Promise.allSettled([first, good, bad]);
    await settle();
    const [a, b, c] = await outcome;
    expect(a).toEqual({ status: 'fulfilled', value: 'b1' });
    expect(b).toEqual({ status: 'fulfilled', value: 's2' });
    expect(c).toMatchObject({ status: 'rejected', reason: new Error('item 3 failed') });
    expect(singles.map((i) => i.id)).toEqual([2, 3]);
    expect(failures).toEqual([{ message: 'batch failed', size: 2 }]);
  });

  it('refuses an item beyond maxQueue at once with errors.busy, and takes items again once the queue drains', async () => {
    const { batcher, batches, settle } = controlled({ maxQueue: 2 });
    // The first goes at once (in flight, not queued); the next two wait; the fourth finds the queue full.
    const taken = [1, 2, 3].map((id) => batcher.submit({ id, account: `a${id}` }));
    const refused = await batcher.submit({ id: 4, account: 'a4' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe(E.busy);
    expect(batcher.pending).toBe(3);
    await settle();
    expect(await Promise.all(taken)).toEqual(['b1', 'b2', 'b3']);
    expect(batches.flat().map((i) => i.id)).toEqual([1, 2, 3]);
    const later = batcher.submit({ id: 5, account: 'a5' });
    await settle();
    expect(await later).toBe('b5');
  });

  it('refuses a queue bound below one', () => {
    expect(() =>
      createBatcher({
        maxBatch: 1,
        maxInFlight: 1,
        maxQueue: 0,
        conflicts: () => [],
        runBatch: async () => [],
        runOne: async () => 0,
      }),
    ).toThrow(/maxQueue/);
  });
});
