/** The Markets bench report (bench/reports/markets.md) and the summary printed at the end of a run. */
import type { Machine } from '../lib/machine.js';
import { fmt } from '../lib/stats.js';
import type { FanoutResult, FanoutRun } from './fanout.js';
import { QUOTE_LIST_PATH, type QuoteListResult } from './quote-list.js';

export const GOALS = { quoteListRatio: 0.7, fanoutP99Ms: 100 };

export interface Outcome {
  machine: Machine;
  commit: string;
  seconds: number;
  loadAverageAtEnd: number;
  quoteList?: QuoteListResult;
  fanout?: FanoutResult;
  failures: string[];
  leftovers: string[];
}

const verdict = (ok: boolean | undefined) => (ok === undefined ? 'NOT MEASURED' : ok ? 'PASS' : 'FAIL');

export function passes(o: Outcome) {
  return {
    quoteList: o.quoteList ? o.quoteList.ratio >= GOALS.quoteListRatio : undefined,
    fanout: o.fanout
      ? o.fanout.app.delay.p99 < GOALS.fanoutP99Ms &&
        o.fanout.app.delivered === o.fanout.app.expected &&
        o.fanout.app.expected > 0
      : undefined,
  };
}

export function summaryLines(o: Outcome): string[] {
  const p = passes(o);
  const q = o.quoteList;
  const f = o.fanout;
  return [
    q
      ? `(a) quote list: app ${fmt(q.app.requestsPerSecond, 0)} req/s (p50 ${fmt(q.app.p50, 0)} ms, p99 ${fmt(q.app.p99, 0)} ms) vs bare ${fmt(q.bare.requestsPerSecond, 0)} req/s (p50 ${fmt(q.bare.p50, 0)} ms, p99 ${fmt(q.bare.p99, 0)} ms) = ${fmt(q.ratio, 2)}x (goal >= ${GOALS.quoteListRatio}x): ${verdict(p.quoteList)}`
      : `(a) quote list: ${verdict(undefined)}`,
    f
      ? `(b) fan-out: ${f.app.socketsConnected} sockets, ${f.app.rounds} ticks, ${f.app.delivered}/${f.app.expected} frames; tick-to-client p50 ${fmt(f.app.delay.p50, 0)} ms, p99 ${fmt(f.app.delay.p99, 0)} ms, max ${fmt(f.app.delay.max, 0)} ms (goal p99 < ${GOALS.fanoutP99Ms} ms): ${verdict(p.fanout)}`
      : `(b) fan-out: ${verdict(undefined)}`,
    ...(f?.bare
      ? [
          `    reference, bare ws server, same sockets and frames: p50 ${fmt(f.bare.delay.p50, 0)} ms, p99 ${fmt(f.bare.delay.p99, 0)} ms, max ${fmt(f.bare.delay.max, 0)} ms`,
        ]
      : []),
  ];
}

export function renderReport(o: Outcome): string {
  const p = passes(o);
  const m = o.machine;
  const q = o.quoteList;
  const f = o.fanout;
  const out: string[] = [];
  const line = (s = '') => out.push(s);

  line('# Markets bench');
  line();
  line(
    `Written by \`npm run bench\` (bench/run.ts); overwritten on every run. Run of ${m.date}, ${fmt(o.seconds, 0)} s.`,
  );
  line();
  line('| machine | |');
  line('|---|---|');
  line(`| cores (nproc) | ${m.nproc} |`);
  line(`| CPU | ${m.cpuModel} |`);
  line(`| memory | ${m.memoryGiB} GiB |`);
  line(`| Node | ${m.node} |`);
  line(`| kernel | ${m.kernel} |`);
  line(`| open files (soft/hard) | ${m.openFiles.soft} / ${m.openFiles.hard} |`);
  line(
    `| load average (1 min) at start / end | ${fmt(m.loadAverage, 2)} / ${fmt(o.loadAverageAtEnd, 2)} (other work on the machine moves absolute figures; the ratios compare runs made under the same conditions) |`,
  );
  line(`| commit | ${o.commit} |`);
  line();
  line('## Goals');
  line();
  line('| benchmark | goal | measured | result |');
  line('|---|---|---|---|');
  line(
    `| (a) quote list throughput, app / bare Fastify | >= ${GOALS.quoteListRatio}x | ${q ? `${fmt(q.ratio, 2)}x` : 'n/a'} | ${verdict(p.quoteList)} |`,
  );
  line(
    `| (b) WebSocket fan-out, p99 tick-to-client (${f ? f.app.socketsConnected : 0} sockets) | < ${GOALS.fanoutP99Ms} ms, every frame delivered | ${f ? `${fmt(f.app.delay.p99, 0)} ms, ${f.app.delivered}/${f.app.expected}` : 'n/a'} | ${verdict(p.fanout)} |`,
  );
  if (o.failures.length > 0) {
    line();
    line('**Errors in this run:**');
    for (const e of o.failures) line(`- ${e}`);
  }

  line();
  line('## (a) Quote list throughput');
  line();
  if (q) {
    line(
      `\`GET ${QUOTE_LIST_PATH}\` on the real app (buildApp, embedded PostgreSQL, logger and rate limits off, guest) against a bare Fastify route (\`Fastify({logger:false})\`, no hooks) answering the same JSON object, serialised per request. ${q.rows} rows, ${q.appBytes} bytes from the app, ${q.bareBytes} bytes from the reference. autocannon, ${q.connections} keep-alive connections, ${q.warmupSeconds} s warm-up then ${q.durationSeconds} s measured, app and reference alternating. Each server, and autocannon, in its own process on 127.0.0.1.`,
    );
    line();
    line(
      '| round | server | req/s | latency mean | p50 | p99 | max | server CPU (1 core = 100 %) | machine busy (all cores) | server event-loop p99 |',
    );
    line('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of q.runs) {
      line(
        `| ${r.round} | ${r.target} | ${fmt(r.requestsPerSecond, 0)} | ${fmt(r.latencyMs.mean, 2)} ms | ${fmt(r.latencyMs.p50, 0)} ms | ${fmt(r.latencyMs.p99, 0)} ms | ${fmt(r.latencyMs.max, 0)} ms | ${fmt(r.serverCpuPercent, 0)} % | ${fmt(r.machineBusyPercent, 0)} % | ${fmt(r.serverEventLoopP99Ms, 1)} ms |`,
      );
    }
    line();
    line(
      `Mean over the rounds: app **${fmt(q.app.requestsPerSecond, 0)} req/s** (p50 ${fmt(q.app.p50, 0)} ms, p99 ${fmt(q.app.p99, 0)} ms), bare **${fmt(q.bare.requestsPerSecond, 0)} req/s** (p50 ${fmt(q.bare.p50, 0)} ms, p99 ${fmt(q.bare.p99, 0)} ms). **Ratio ${fmt(q.ratio, 2)}x** (goal >= ${GOALS.quoteListRatio}x): ${verdict(p.quoteList)}.`,
    );
    line();
    const b = q.breakdown;
    if (b) {
      line(
        `Where the app's time goes (bench/markets/breakdown.ts: the same code in a process of its own, no HTTP, quotes of the second already cached as under load; µs per request unless stated):`,
      );
      line();
      line('| piece | µs |');
      line('|---|---|');
      line(`| market service \`stockList\` (filter, sort, page, ${b.rows} DTOs) | ${fmt(b.serviceCall, 0)} |`);
      line(
        `| of which \`toQuoteDto\`, ${b.rows} rows (${fmt(b.toQuoteDtoPerRow, 2)} µs per row) | ${fmt(b.toQuoteDtoPerRow * b.rows, 0)} |`,
      );
      line(
        `| for comparison \`toCompact\` (23 of its 40 fields), ${b.rows} rows (${fmt(b.toCompactPerRow, 2)} µs per row) | ${fmt(b.toCompactPerRow * b.rows, 1)} |`,
      );
      line(`| contract parse of the answer (\`route()\` in platform/http.ts) | ${fmt(b.answerParse, 0)} |`);
      line(`| JSON.stringify of the envelope | ${fmt(b.stringify, 0)} |`);
      line(
        `| bare route, whole request at the measured rate (1e6 / req/s) | ${fmt(1e6 / q.bare.requestsPerSecond, 0)} |`,
      );
      line(`| app, whole request at the measured rate (1e6 / req/s) | ${fmt(1e6 / q.app.requestsPerSecond, 0)} |`);
      line();
    }
    line(
      'autocannon records latency in whole milliseconds, so p50/p99 of a few ms are coarse; the mean is exact. A server near 100 % of one core is the bottleneck (the load generator has the other core); below that, with the machine near 100 % busy, it was waiting for a core taken by other work (see the load average).',
    );
  } else line('Not measured (see the errors above).');

  line();
  line('## (b) WebSocket fan-out');
  line();
  if (f) {
    const a = f.app;
    const runs = [a, ...(f.bare ? [f.bare] : [])];
    line(
      `${a.socketsConnected} of ${a.socketsWanted} sockets on \`/web/ws/quotes\` (${a.connectFailed} failed to connect; connecting took ${fmt(a.connectSeconds, 1)} s) from ${f.processes} load-generator processes, each socket subscribed to ${f.keysPerSocket} of these instruments, all open at the time of the run, so each ticks every second: \`${f.pool.join('`, `')}\`. Open-file limit: server ${a.openFilesLimit.server}, load generators ${a.openFilesLimit.clients}. Measured over ${f.measureSeconds} s after a short settle.`,
    );
    line();
    line(
      'Reference: the same sockets, keys and frame sizes (compact quotes the app sent) against a bare `ws` server whose loop serialises each quote once and sends one frame per socket, nothing else: what writing to that many loopback sockets costs on this machine. It has no heartbeat.',
    );
    line();
    line(`| figure | ${runs.map((r) => r.name).join(' | ')} |`);
    line(`|---|${runs.map(() => '---').join('|')}|`);
    const cells = (get: (r: FanoutRun) => string) => runs.map(get).join(' | ');
    line(`| sockets connected | ${cells((r) => String(r.socketsConnected))} |`);
    line(`| ticks published in the window | ${cells((r) => String(r.rounds))} |`);
    line(`| frames received / expected | ${cells((r) => `${r.delivered} / ${r.expected}`)} |`);
    line(`| sockets closed during the window | ${cells((r) => String(r.closedDuringRun))} |`);
    line(`| **tick-to-client p50** | ${cells((r) => `${fmt(r.delay.p50, 0)} ms`)} |`);
    line(`| tick-to-client p90 | ${cells((r) => `${fmt(r.delay.p90, 0)} ms`)} |`);
    line(`| **tick-to-client p99** | ${cells((r) => `**${fmt(r.delay.p99, 0)} ms**`)} |`);
    line(`| tick-to-client max | ${cells((r) => `${fmt(r.delay.max, 0)} ms`)} |`);
    line(
      `| last socket of a tick, p50 / max | ${cells((r) => `${fmt(r.lastSocketDelay.p50, 0)} / ${fmt(r.lastSocketDelay.max, 0)} ms`)} |`,
    );
    line(
      `| server send loop per tick, p50 / max | ${cells((r) => `${fmt(r.fanout.p50, 1)} / ${fmt(r.fanout.max, 1)} ms`)} |`,
    );
    line(
      `| send loop per socket (p50) | ${cells((r) => `${fmt((r.fanout.p50 / Math.max(1, r.socketsConnected)) * 1000, 1)} µs`)} |`,
    );
    line(`| server CPU over the window (1 core = 100 %) | ${cells((r) => `${fmt(r.server.cpuPercent, 0)} %`)} |`);
    line(
      `| server CPU time per tick (a send loop longer than this waited for a core) | ${cells((r) => `${fmt(r.server.cpuMsPerTick, 0)} ms`)} |`,
    );
    line(
      `| server event-loop delay p99 / max | ${cells((r) => `${fmt(r.server.eventLoopDelayMs.p99, 1)} / ${fmt(r.server.eventLoopDelayMs.max, 0)} ms`)} |`,
    );
    line(
      `| quoted second (\`time\`) -> client, p50 / p99 | ${cells((r) => `${fmt(r.sinceQuotedSecond.p50, 0)} / ${fmt(r.sinceQuotedSecond.p99, 0)} ms`)} |`,
    );
    line(
      `| loop phase: publication within the quoted second (p50) | ${cells((r) => `${fmt(r.loopPhase.p50, 0)} ms`)} |`,
    );
    line();
    if (f.bare) {
      const perSocket = (r: FanoutRun) => r.fanout.p50 / Math.max(1, r.socketsConnected);
      line(
        `App / reference: p99 ${fmt(a.delay.p99 / f.bare.delay.p99, 2)}x, send loop per socket ${fmt(perSocket(a) / perSocket(f.bare), 2)}x. Near 1x means the app's hub costs what any single Node process pays to write one frame to each of that many sockets on this machine; the delay is then set by the socket count per process, not by the app's code.`,
      );
      line();
    }
    line(
      `**App p99 tick-to-client ${fmt(a.delay.p99, 0)} ms** with ${a.socketsConnected} sockets (goal < ${GOALS.fanoutP99Ms} ms, every frame delivered): ${verdict(p.fanout)}.`,
    );
    line();
    line(
      'Each tick of the app in the window (H: a heartbeat burst, a ping and a JSON heartbeat to every socket, ran between publication and the last frame):',
    );
    line();
    line('| t (s) | send loop (ms) | p50 (ms) | last socket (ms) | |');
    line('|---|---|---|---|---|');
    for (const r of a.perRound) {
      line(
        `| ${fmt(r.at, 1)} | ${fmt(r.fanoutMs, 1)} | ${fmt(r.p50, 0)} | ${fmt(r.last, 0)} | ${r.heartbeat ? 'H' : ''} |`,
      );
    }
    if (a.heartbeats.length > 0) {
      line();
      line(
        `Heartbeat bursts in the window: ${a.heartbeats.map((h) => `at ${fmt(h.at, 1)} s, ${h.sockets} sockets, last one after ${fmt(h.spreadMs, 0)} ms`).join('; ')}.`,
      );
    }
    line();
    line(
      "How it is timed: tick frames carry the quoted second (`time`) but no send timestamp, and the loop is a plain `setInterval` not aligned to the second, so `time` -> client includes wherever in the second the loop happens to fire (the loop phase). The bench therefore wraps the app's bus inside its own server process (bench/servers/app-server.ts; the server code is unchanged) and notes `Date.now()` when the loop publishes each batch; each load generator notes `Date.now()` when a frame arrives (same machine, same clock). That time also holds the load generator's own work on the burst of frames, so the figures err on the high side.",
    );
  } else line('Not measured (see the errors above).');

  line();
  line('## Clean-up');
  line();
  line(
    o.leftovers.length === 0
      ? 'Every process the run started (servers, load generators, PostgreSQL) had ended when the report was written.'
      : `Still running when the report was written: ${o.leftovers.join(', ')}.`,
  );
  line();
  return out.join('\n');
}
