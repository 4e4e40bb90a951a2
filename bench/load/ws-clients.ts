/**
 * A WebSocket load generator in its own process: opens many quote sockets to the server under test,
 * subscribes each to its keys, and on `measure` notes for every tick frame its quoted second (`time`), the
 * server's send time (`sentAt`) and the arrival (Date.now(): the same machine, so the same clock as the
 * server's). A frame is only looked at as far as needed to find those two numbers, so the generator adds
 * as little as it can to the delay it measures.
 *
 * IPC: {cmd:'connect', url, keysets, concurrency} -> {type:'connected', ...}
 *      {cmd:'measure', ms} -> {type:'result', ...} after ms
 *      {cmd:'stop'} closes every socket and ends the process (so does losing the parent).
 */
import WebSocket, { type RawData } from 'ws';

interface Sock {
  ws: WebSocket;
  ticks: number;
}

const sockets: Sock[] = [];
let recording = false;
interface Round {
  /** Per frame of this quoted second: arrival - sentAt. */
  delays: number[];
  /** Per frame: sentAt, to tell the server's processes (and their send loops) apart. */
  sentAt: number[];
}
/** quoted second -> its frames, during a measuring window */
let rounds = new Map<number, Round>();
/** heartbeat `time` (one per group of sockets the server visits) -> first and last arrival */
let heartbeats = new Map<number, { first: number; last: number; count: number }>();
let closedDuringRun = 0;
let errors = 0;
let stopping = false;

const TICK_PREFIX = Buffer.from('{"type":"tick"');
const HEARTBEAT_PREFIX = Buffer.from('{"type":"heartbeat"');
const TIME_FIELD = Buffer.from('"time":');
const SENT_AT_FIELD = Buffer.from('"sentAt":');

/** The first `<field><digits>` of a frame (`"time":`), read from the bytes without parsing the JSON. */
function numberAfter(buf: Buffer, field: Buffer): number {
  let i = buf.indexOf(field);
  if (i < 0) return Number.NaN;
  i += field.length;
  let n = 0;
  for (; i < buf.length; i++) {
    const c = buf[i]!;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

const startsWith = (buf: Buffer, prefix: Buffer) =>
  buf.length >= prefix.length && buf.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

const asBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

function open(url: string, keys: string[], timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const sock: Sock = { ws, ticks: 0 };
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (ok) sockets.push(sock);
      else ws.terminate();
      resolve(ok);
    };
    const timer = setTimeout(() => settle(false), timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ op: 'sub', keys })));
    ws.on('message', (data) => {
      const at = Date.now();
      const buf = asBuffer(data);
      if (!settled) {
        // Ready once subscribed; the answer lists what was accepted.
        if (buf.toString().startsWith('{"type":"subscribed"')) {
          const answer = JSON.parse(buf.toString()) as { keys: string[] };
          settle(answer.keys.length === keys.length);
        }
        return;
      }
      if (!recording) return;
      if (startsWith(buf, HEARTBEAT_PREFIX)) {
        const time = numberAfter(buf, TIME_FIELD);
        const seen = heartbeats.get(time);
        if (seen) {
          seen.last = Math.max(seen.last, at);
          seen.count += 1;
        } else heartbeats.set(time, { first: at, last: at, count: 1 });
        return;
      }
      if (!startsWith(buf, TICK_PREFIX)) return;
      const time = numberAfter(buf, TIME_FIELD);
      const sentAt = numberAfter(buf, SENT_AT_FIELD);
      let round = rounds.get(time);
      if (!round) {
        round = { delays: [], sentAt: [] };
        rounds.set(time, round);
      }
      round.delays.push(at - sentAt);
      round.sentAt.push(sentAt);
      sock.ticks += 1;
    });
    ws.on('error', () => {
      errors += 1;
      settle(false);
    });
    ws.on('close', () => {
      if (settled && !stopping) closedDuringRun += 1;
      settle(false);
    });
  });
}

async function connect(url: string, keysets: string[][], concurrency: number) {
  const started = performance.now();
  let next = 0;
  let ok = 0;
  let failed = 0;
  async function worker() {
    while (next < keysets.length) {
      const keys = keysets[next++]!;
      if (await open(url, keys, 30_000)) ok += 1;
      else failed += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  process.send?.({ type: 'connected', ok, failed, ms: performance.now() - started });
}

function measure(ms: number) {
  rounds = new Map();
  heartbeats = new Map();
  for (const s of sockets) s.ticks = 0;
  closedDuringRun = 0;
  recording = true;
  setTimeout(() => {
    recording = false;
    const perSocket = sockets.map((s) => s.ticks);
    process.send?.({
      type: 'result',
      rounds: [...rounds].map(([time, round]) => ({ time, ...round })),
      heartbeats: [...heartbeats].map(([time, h]) => ({ time, ...h })),
      sockets: sockets.length,
      minTicksPerSocket: Math.min(...perSocket),
      maxTicksPerSocket: Math.max(...perSocket),
      closedDuringRun,
      errors,
    });
  }, ms);
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const closed = sockets.map(
    (s) =>
      new Promise<void>((resolve) => {
        if (s.ws.readyState === WebSocket.CLOSED) return resolve();
        s.ws.once('close', () => resolve());
        s.ws.close(1000);
      }),
  );
  const force = setTimeout(() => {
    for (const s of sockets) s.ws.terminate();
  }, 3_000);
  await Promise.all(closed);
  clearTimeout(force);
  process.exit(code);
}

process.on('message', (m: { cmd: string; url?: string; keysets?: string[][]; concurrency?: number; ms?: number }) => {
  if (m.cmd === 'connect') void connect(m.url!, m.keysets!, m.concurrency ?? 50);
  else if (m.cmd === 'measure') measure(m.ms!);
  else if (m.cmd === 'stop') void stop(0);
});
process.on('disconnect', () => void stop(1));
process.on('SIGTERM', () => void stop(0));
process.send?.({ type: 'ready' });
