import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ClientMarks, summarizeTimeline } from './timeline.js';

describe('summarizeTimeline', () => {
  it('joins the generator and server marks by key into the components, and keeps the window', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'timeline-')), 't.jsonl');
    const server = (key: string, base: number, queue: number) => ({
      t: 'req',
      key,
      status: 200,
      arrived: base + 1,
      enqueued: base + 3,
      started: base + 3 + queue,
      dbDone: base + 8 + queue,
      written: base + 10 + queue,
      size: 4,
      done: base + 11 + queue,
    });
    const lines = [
      ...Array.from({ length: 100 }, (_, i) => server(`k${i}`, i * 100, i === 99 ? 50 : 0)),
      { t: 'loop', at: 50, p50: 1, p99: 3, max: 9 },
      { t: 'loop', at: 99_999, p50: 100, p99: 100, max: 100 },
      { t: 'gc', at: 60, ms: 2 },
      { t: 'gc', at: 99_999, ms: 500 },
    ];
    fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"t":"req","key":`);
    const client: ClientMarks[] = Array.from({ length: 100 }, (_, i) => ({
      key: `k${i}`,
      due: i * 100 - 0.5,
      sent: i * 100 - 0.4,
      socket: i * 100 - 0.1,
      written: i * 100,
      end: i * 100 + 12 + (i === 99 ? 50 : 0),
      ok: true,
    }));
    client.push({ key: 'unknown', due: 0, sent: 0, ok: false });
    const t = summarizeTimeline(file, client, 0, 20_000);
    expect(t.requests).toBe(101);
    expect(t.matched).toBe(100);
    expect(t.components.timer.p50).toBeCloseTo(0.1);
    expect(t.components.agent.p50).toBeCloseTo(0.3);
    expect(t.components.write.p50).toBeCloseTo(0.1);
    expect(t.components.toServer.p50).toBeCloseTo(1);
    expect(t.components.beforeBatch.p50).toBeCloseTo(2);
    expect(t.components.queue.p50).toBeCloseTo(0);
    // The slowest 1 % is the one order that waited 50 ms for its batch.
    expect(t.components.queue.tail).toBeCloseTo(50);
    expect(t.components.sql.p50).toBeCloseTo(5);
    expect(t.components.commit.p50).toBeCloseTo(2);
    expect(t.components.afterBatch.p50).toBeCloseTo(1);
    expect(t.components.toClient.p50).toBeCloseTo(1);
    expect(t.total.p50).toBeCloseTo(12.5);
    expect(t.total.tail).toBeCloseTo(62.5);
    expect(t.batchSize.p50).toBe(4);
    // Only what fell in the window counts.
    expect(t.loop).toEqual({ p50: 1, p99: 3, max: 9, seconds: 1 });
    expect(t.gc).toMatchObject({ count: 1, totalMs: 2, maxMs: 2 });
  });
});
