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

const processesOf = (r: FanoutRun) => (r.processes > 1 ? `${r.processes} processes` : '1 process');

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
      ? `(b) fan-out: ${f.app.socketsConnected} sockets on ${processesOf(f.app)}, ${f.app.rounds} ticks, ${f.app.delivered}/${f.app.expected} frames; tick-to-client p50 ${fmt(f.app.delay.p50, 0)} ms, p99 ${fmt(f.app.delay.p99, 0)} ms, max ${fmt(f.app.delay.max, 0)} ms (goal p99 < ${GOALS.fanoutP99Ms} ms): ${verdict(p.fanout)}`
      : `(b) fan-out: ${verdict(undefined)}`,
    ...(f?.clustered
      ? [
          `    the app on ${f.clustered.processes} workers (WORKERS=${f.workers}), same sockets: p50 ${fmt(f.clustered.delay.p50, 0)} ms, p99 ${fmt(f.clustered.delay.p99, 0)} ms, max ${fmt(f.clustered.delay.max, 0)} ms`,
        ]
      : []),
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
    `| (b) WebSocket fan-out, p99 tick-to-client (${f ? `${f.app.socketsConnected} sockets, ${processesOf(f.app)}` : '0 sockets'}) | < ${GOALS.fanoutP99Ms} ms, every frame delivered | ${f ? `${fmt(f.app.delay.p99, 0)} ms, ${f.app.delivered}/${f.app.expected}` : 'n/a'} | ${verdict(p.fanout)} |`,
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
        `Where the app's time goes (bench/markets/breakdown.ts: the same code in a process of its own, no HTTP, quotes of the second already cached as under load; µs per request unless stated). The app builds the answer of a list for each query and language once per second (service call, contract parse and serialisation: \`SerializedAnswer\` in platform/http.ts, the quote lists in modules/market/routes.ts) and sends those bytes to every request of that second, so on this benchmark the service call, the contract parse and the JSON.stringify below are paid once a second, not per request:`,
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
      line(
        `| contract parse of the answer (\`route()\` and \`SerializedAnswer.of\` in platform/http.ts) | ${fmt(b.answerParse, 0)} |`,
      );
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
    const c = f.clustered;
    const runs = [a, ...(c ? [c] : []), ...(f.bare ? [f.bare] : [])];
    line(
      `${a.socketsConnected} of ${a.socketsWanted} sockets on \`/web/ws/quotes\` (${a.connectFailed} failed to connect; connecting took ${fmt(a.connectSeconds, 1)} s) from ${f.processes} load-generator processes, each socket subscribed to ${f.keysPerSocket} of these instruments, all open at the time of the run, so each ticks every second: \`${f.pool.join('`, `')}\`. Open-file limit: server ${a.openFilesLimit.server}, load generators ${a.openFilesLimit.clients}. Measured over ${f.measureSeconds} s after a short settle.`,
    );
    line();
    line(
      `**app** is the app as plain \`npm start\` serves it, in ${processesOf(a)}: the goal is judged on it.${c ? ` **${c.name}** is the same app as \`WORKERS=${f.workers} npm start\` serves it (BENCH_WORKERS, default \`auto\`: one per core): cluster workers that each build the app, share the port and run their own tick loop and hub for their share of the sockets.` : ''} Reference: the same sockets, keys and frame sizes (compact quotes the app sent) against a bare \`ws\` server in one process whose loop serialises each quote once and sends one string per socket with \`ws.send\`, nothing else: what writing to that many loopback sockets costs on this machine. It has no heartbeat.`,
    );
    line();
    line(`| figure | ${runs.map((r) => r.name).join(' | ')} |`);
    line(`|---|${runs.map(() => '---').join('|')}|`);
    const cells = (get: (r: FanoutRun) => string) => runs.map(get).join(' | ');
    line(`| processes serving the sockets | ${cells((r) => String(r.processes))} |`);
    line(`| sockets connected | ${cells((r) => String(r.socketsConnected))} |`);
    line(`| ticks in the window | ${cells((r) => String(r.rounds))} |`);
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
      `| send loop per tick and process, p50 / max | ${cells((r) => `${fmt(r.fanout.p50, 1)} / ${fmt(r.fanout.max, 1)} ms`)} |`,
    );
    line(`| send loop per socket of its process (p50) | ${cells((r) => `${fmt(r.fanoutPerSocketUs.p50, 1)} µs`)} |`);
    line(
      `| server CPU over the window, all its processes (1 core = 100 %) | ${cells((r) => `${fmt(r.server.cpuPercent, 0)} %`)} |`,
    );
    line(`| server CPU time per tick, all its processes | ${cells((r) => `${fmt(r.server.cpuMsPerTick, 0)} ms`)} |`);
    line(
      `| server event-loop delay p99 / max (worst process) | ${cells((r) => `${fmt(r.server.eventLoopDelayMs.p99, 1)} / ${fmt(r.server.eventLoopDelayMs.max, 0)} ms`)} |`,
    );
    line(
      `| quoted second (\`time\`) -> client, p50 / p99 | ${cells((r) => `${fmt(r.sinceQuotedSecond.p50, 0)} / ${fmt(r.sinceQuotedSecond.p99, 0)} ms`)} |`,
    );
    line(
      `| loop phase: publication within the quoted second (p50 / max) | ${cells((r) => `${fmt(r.loopPhase.p50, 0)} / ${fmt(r.loopPhase.max, 0)} ms`)} |`,
    );
    line(
      `| heartbeat frames in the window (groups; largest group) | ${cells((r) => (r.heartbeats.frames > 0 ? `${r.heartbeats.frames} (${r.heartbeats.groups}; ${r.heartbeats.largestGroup})` : '0'))} |`,
    );
    line();
    if (f.bare) {
      line(
        `App / reference: p99 ${fmt(a.delay.p99 / f.bare.delay.p99, 2)}x${c ? `; ${c.name} ${fmt(c.delay.p99 / f.bare.delay.p99, 2)}x` : ''}. Send loop per socket: app ${fmt(a.fanoutPerSocketUs.p50 / f.bare.fanoutPerSocketUs.p50, 2)}x the reference's. The app writes each distinct tick frame, built once per tick, straight to the sockets that follow the same keys; the reference builds a string per socket and goes through \`ws.send\`.`,
      );
      line();
    }
    line(
      `**App p99 tick-to-client ${fmt(a.delay.p99, 0)} ms** with ${a.socketsConnected} sockets on ${processesOf(a)} (goal < ${GOALS.fanoutP99Ms} ms, every frame delivered): ${verdict(p.fanout)}.${c ? ` ${c.name}: p99 ${fmt(c.delay.p99, 0)} ms, ${c.delivered}/${c.expected} frames (the load generators run on the same cores, so extra server processes gain little here).` : ''}`,
    );
    line();
    line(
      `Each tick of the app in the window (send loop: the longest of its processes; heartbeats: heartbeat frames delivered while the tick was being delivered, from the group of sockets the heartbeat visits every 250 ms):`,
    );
    line();
    line('| t (s) | send loop (ms) | p50 (ms) | last socket (ms) | heartbeats |');
    line('|---|---|---|---|---|');
    for (const r of a.perRound) {
      line(`| ${fmt(r.at, 1)} | ${fmt(r.fanoutMs, 1)} | ${fmt(r.p50, 0)} | ${fmt(r.last, 0)} | ${r.heartbeats} |`);
    }
    if (a.heartbeats.groups > 0) {
      line();
      line(
        `Heartbeats in the window: ${a.heartbeats.frames} sockets in ${a.heartbeats.groups} groups (at most ${a.heartbeats.largestGroup} sockets at once), the last one of a group at most ${fmt(a.heartbeats.longestSpreadMs, 0)} ms after its group began.`,
      );
    }
    line();
    line(
      "How it is timed: the app's tick loop fires on whole seconds of the wall clock, and every tick frame carries `sentAt`, the server's `Date.now()` when the hub began sending that tick (the same for every socket of a process, so a socket late in the send loop shows its whole wait). Each load generator notes `Date.now()` when a frame arrives (same machine, same clock), and the delay is arrival - `sentAt`. That time also holds the load generator's own work on the burst of frames, which shares the machine's cores with the server, so the figures err on the high side. The quoted second -> client figure adds the loop's phase (timer, quoting) in front. The send loop per tick is timed inside the server process by wrapping its quote bus (bench/servers/app-server.ts).",
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
