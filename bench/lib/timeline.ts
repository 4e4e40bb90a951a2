/**
 * Where one request's time goes in the open-loop window (issue 14): the load generator's marks of each request
 * (due, written to its socket, answer read) joined by Idempotency-Key with the server's (TIMELINE_FILE,
 * apps/server/src/platform/timeline.ts: arrived, enqueued, batch started, PostgreSQL done, batch written, answer
 * sent), plus the server's event-loop delay and garbage collections over the window. Every mark is epoch ms from
 * performance.timeOrigin + performance.now() in its own process, on the same machine's clock.
 */
import fs from 'node:fs';
import { fmt, mean, percentile } from './stats.js';

/** One request as the open-loop generator saw it. */
export interface ClientMarks {
  key: string;
  due: number;
  /** The generator got to it: its timer fired and the requests before it in that firing were made. */
  sent: number;
  /** Its keep-alive socket was assigned (at once when one was free, else when an answer freed one). */
  socket?: number;
  written?: number;
  end?: number;
  ok: boolean;
}

interface ServerMarks {
  key: string;
  status: number;
  arrived: number;
  enqueued?: number;
  started?: number;
  dbDone?: number;
  written?: number;
  size?: number;
  done?: number;
}

/** The components of one request's latency, in order; each from one mark to the next. */
export const COMPONENTS = [
  ['timer', "load generator: due -> its timer got to it (the generator's own event loop and CPU)"],
  ['agent', 'sent -> a keep-alive socket free for it (every socket waiting on an answer)'],
  ['write', 'socket -> request written to it'],
  ['toServer', 'written -> server onRequest (kernel, server event loop before it reads the request)'],
  ['beforeBatch', 'onRequest -> handed to the batcher (body, auth, validation, prices, figures, answer built)'],
  ['queue', 'waiting for a batch to start (batches in flight)'],
  ['sql', "batch statement until PostgreSQL's clock at its end (round trip out, the function's work)"],
  ['commit', 'end of statement -> answer in Node (commit and WAL flush, rows back, parsed)'],
  ['afterBatch', 'batch answered -> response sent (ids filled in, contract parse, serialisation, write)'],
  ['toClient', 'response sent -> read by the load generator'],
] as const;
export type Component = (typeof COMPONENTS)[number][0];

export interface ComponentFigures {
  p50: number;
  p99: number;
  /** Mean over the slowest 1 % of requests (by whole latency): where the tail's time goes. */
  tail: number;
}

export interface TimelineSummary {
  requests: number;
  /** Requests found in the server's timeline with every mark. */
  matched: number;
  total: ComponentFigures;
  components: Record<Component, ComponentFigures>;
  batchSize: { p50: number; p99: number; tail: number };
  /** Per-second event-loop delay of the server over the window (ms): median of the seconds' p50, max of p99, max. */
  loop: { p50: number; p99: number; max: number; seconds: number };
  gc: { count: number; totalMs: number; maxMs: number; p99Ms: number };
}

interface LoopLine {
  at: number;
  p50: number;
  p99: number;
  max: number;
}
interface GcLine {
  at: number;
  ms: number;
}

function parse(file: string): { reqs: Map<string, ServerMarks>; loops: LoopLine[]; gcs: GcLine[] } {
  const reqs = new Map<string, ServerMarks>();
  const loops: LoopLine[] = [];
  const gcs: GcLine[] = [];
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { reqs, loops, gcs };
  }
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const o = JSON.parse(line);
      if (o.t === 'req' && o.key) reqs.set(o.key, o);
      else if (o.t === 'loop') loops.push(o);
      else if (o.t === 'gc') gcs.push(o);
    } catch {
      // a line cut by the server's append: skipped
    }
  }
  return { reqs, loops, gcs };
}

const figures = (values: number[], tail: number[]): ComponentFigures => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), tail: mean(tail) };
};

/** Joins the generator's marks with the server's timeline file; window = [from, to] epoch ms. */
export function summarizeTimeline(file: string, client: ClientMarks[], from: number, to: number): TimelineSummary {
  const { reqs, loops, gcs } = parse(file);
  const rows: { total: number; parts: Record<Component, number>; size: number }[] = [];
  for (const c of client) {
    const s = reqs.get(c.key);
    if (!c.ok || !s || c.socket === undefined || c.written === undefined || c.end === undefined) continue;
    if (s.enqueued === undefined || s.started === undefined || s.written === undefined || s.done === undefined)
      continue;
    const dbDone = s.dbDone ?? Number.NaN;
    rows.push({
      total: c.end - c.due,
      size: s.size ?? Number.NaN,
      parts: {
        timer: c.sent - c.due,
        agent: c.socket - c.sent,
        write: c.written - c.socket,
        toServer: s.arrived - c.written,
        beforeBatch: s.enqueued - s.arrived,
        queue: s.started - s.enqueued,
        sql: dbDone - s.started,
        commit: s.written - dbDone,
        afterBatch: s.done - s.written,
        toClient: c.end - s.done,
      },
    });
  }
  rows.sort((a, b) => a.total - b.total);
  const tail = rows.slice(Math.floor(rows.length * 0.99));
  const components = Object.fromEntries(
    COMPONENTS.map(([name]) => [
      name,
      figures(
        rows.map((r) => r.parts[name]),
        tail.map((r) => r.parts[name]),
      ),
    ]),
  ) as Record<Component, ComponentFigures>;
  const sizes = rows.map((r) => r.size).sort((a, b) => a - b);
  const inWindow = (at: number) => at >= from && at <= to;
  const seconds = loops.filter((l) => inWindow(l.at));
  const pauses = gcs
    .filter((g) => inWindow(g.at))
    .map((g) => g.ms)
    .sort((a, b) => a - b);
  return {
    requests: client.length,
    matched: rows.length,
    total: figures(
      rows.map((r) => r.total),
      tail.map((r) => r.total),
    ),
    components,
    batchSize: { p50: percentile(sizes, 50), p99: percentile(sizes, 99), tail: mean(tail.map((r) => r.size)) },
    loop: {
      p50: percentile(
        seconds.map((l) => l.p50 as number).sort((a, b) => a - b),
        50,
      ),
      p99: Math.max(...seconds.map((l) => l.p99)),
      max: Math.max(...seconds.map((l) => l.max)),
      seconds: seconds.length,
    },
    gc: {
      count: pauses.length,
      totalMs: pauses.reduce((a, b) => a + b, 0),
      maxMs: pauses[pauses.length - 1] ?? 0,
      p99Ms: percentile(pauses, 99),
    },
  };
}

/** The report's section: p50 / p99 / slowest-1 % mean of each component, batch sizes, event loop and GC. */
export function timelineSection(t: TimelineSummary | undefined, what: string): string[] {
  if (!t) return [];
  const row = (name: string, text: string, f: ComponentFigures) =>
    `| ${name} | ${text} | ${fmt(f.p50, 2)} | ${fmt(f.p99, 2)} | ${fmt(f.tail, 2)} |`;
  return [
    `### Where one ${what}'s time goes (open loop)`,
    '',
    `Each ${what} of a second open-loop window at the same rate, run after the verdict's (which records nothing, so the recording's own cost does not count against the app), from the load generator's marks (due, sent, socket, written, answer read) joined by its Idempotency-Key with the server's own (\`TIMELINE_FILE\`, apps/server/src/platform/timeline.ts; off unless set, the benches set it): ${t.matched} of ${t.requests} ${what}s matched. Milliseconds; "slowest 1 %" is the mean of each component over the ${what}s whose whole latency was in the top 1 %, so it shows where the p99 comes from (the components' p99s do not add up to the total's). The server's clock and the generator's are the same machine's; PostgreSQL's end-of-statement clock (\`clock_timestamp()\`) splits the batch's statement from its commit. "toClient" can come out below zero: the server's onResponse runs when its event loop gets to it, which can be after the generator has read the answer.`,
    '',
    '| component | from -> to | p50 ms | p99 ms | slowest 1 %, mean ms |',
    '|---|---|---|---|---|',
    ...COMPONENTS.map(([name, text]) => row(name, text, t.components[name])),
    row('**total**', 'due -> answer read (the latency of the goal, from the generator alone)', t.total),
    '',
    `Batch of each ${what}: p50 ${fmt(t.batchSize.p50, 0)}, p99 ${fmt(t.batchSize.p99, 0)}, slowest 1 % ${fmt(t.batchSize.tail, 1)}. Server event-loop delay (monitorEventLoopDelay, per second, ${t.loop.seconds} s): p50 ${fmt(t.loop.p50, 1)} ms (median second), p99 ${fmt(t.loop.p99, 1)} ms (worst second), max ${fmt(t.loop.max, 1)} ms. Garbage collection in the window: ${t.gc.count} pauses, ${fmt(t.gc.totalMs, 0)} ms in all, longest ${fmt(t.gc.maxMs, 1)} ms.`,
    '',
  ];
}

/** One line for the bench's log: p50/p99 of the whole and each component, batch size, loop delay, GC. */
export function timelineLine(t: TimelineSummary): string {
  const c = COMPONENTS.map(
    ([n]) => `${n} ${fmt(t.components[n].p50, 1)}/${fmt(t.components[n].p99, 1)}/${fmt(t.components[n].tail, 1)}`,
  );
  return `p50/p99/tail ms: total ${fmt(t.total.p50, 1)}/${fmt(t.total.p99, 1)}/${fmt(t.total.tail, 1)}; ${c.join('; ')}; batch ${fmt(t.batchSize.p50, 0)}/${fmt(t.batchSize.p99, 0)}/${fmt(t.batchSize.tail, 1)}; loop p99 ${fmt(t.loop.p99, 1)} max ${fmt(t.loop.max, 1)}; gc ${t.gc.count} ${fmt(t.gc.totalMs, 0)} ms max ${fmt(t.gc.maxMs, 1)} (${t.matched}/${t.requests})`;
}
