/**
 * The PostgreSQL bus between two "processes": two bus instances on one database, each with its own
 * listening connection, as two WORKERS would have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { type Bus, type Channel, channel } from './bus.js';
import { createPgBus, publishOnCommit } from './bus-pg.js';
import type { Db } from './db/client.js';

const events = channel<{ userId: number; kind: string }>('test.events');
const local = channel<string>('test.local');

let db: Db;
let a: Bus;
let b: Bus;

beforeAll(async () => {
  ({ db } = await freshDatabase());
  a = await createPgBus({ db, shared: [events] });
  b = await createPgBus({ db, shared: [events] });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.$client.end();
});

/** Collects what a bus delivers on a channel; `until` waits for n messages (or fails after a while). */
function collect<T>(bus: Bus, ch: Channel<T>) {
  const got: T[] = [];
  bus.subscribe(ch, (m) => got.push(m));
  const until = async (n: number) => {
    for (let i = 0; i < 100 && got.length < n; i++) await new Promise((r) => setTimeout(r, 20));
    return got;
  };
  return { got, until };
}
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('PostgreSQL bus', () => {
  it('carries a message committed in one process to the subscribers of both, once each, in order', async () => {
    const inA = collect(a, events);
    const inB = collect(b, events);
    await db.transaction(async (tx) => {
      await publishOnCommit(tx, events, { userId: 1, kind: 'depositApproved' });
      await publishOnCommit(tx, events, { userId: 2, kind: 'orderFilled' });
      // Nothing leaves before the commit.
      await settle();
      expect(inA.got).toEqual([]);
      expect(inB.got).toEqual([]);
    });
    a.publish(events, { userId: 3, kind: 'kycApproved' });
    const expected = [
      { userId: 1, kind: 'depositApproved' },
      { userId: 2, kind: 'orderFilled' },
      { userId: 3, kind: 'kycApproved' },
    ];
    expect(await inB.until(3)).toEqual(expected);
    expect(await inA.until(3)).toEqual(expected);
    await settle();
    expect(inA.got).toHaveLength(3);
  });

  it('delivers nothing of a transaction that rolls back', async () => {
    const inB = collect(b, events);
    await expect(
      db.transaction(async (tx) => {
        await publishOnCommit(tx, events, { userId: 9, kind: 'depositApproved' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    a.publish(events, { userId: 10, kind: 'marker' });
    expect(await inB.until(1)).toEqual([{ userId: 10, kind: 'marker' }]);
  });

  it('keeps a channel that is not shared in its own process', async () => {
    const inA = collect(a, local);
    const inB = collect(b, local);
    a.publish(local, 'tick');
    expect(inA.got).toEqual(['tick']);
    await settle();
    expect(inB.got).toEqual([]);
  });
});
