/**
 * The fan-out reference: a bare `ws` server in one process speaking just enough of the quotes protocol
 * (sub -> subscribed, then a tick at every whole second, with `sentAt`) and sending frames of the same size
 * as the app's, made from compact quotes the app sent for the same instruments. Its loop is what a plain
 * `ws` server does: each quote serialised once, one `send` of a string per socket. It shows how much of the
 * tick-to-client delay is this machine's cost of writing to thousands of loopback sockets rather than the
 * app's.
 */
import fs from 'node:fs';
import { type WebSocket, WebSocketServer } from 'ws';
import type { TickRecord } from './app-server.js';
import { sendListening, serveControl } from './control.js';

const templatesFile = process.env.BENCH_TEMPLATES_FILE;
if (!templatesFile) throw new Error('BENCH_TEMPLATES_FILE is required');
/** key -> a compact quote the app sent for it; only `time` changes per tick. */
const templates = new Map(
  (JSON.parse(fs.readFileSync(templatesFile, 'utf8')) as Array<{ key: string; time: number }>).map((q) => [q.key, q]),
);

const clients = new Map<WebSocket, Set<string>>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/web/ws/quotes', perMessageDeflate: false });
wss.on('connection', (socket) => {
  const keys = new Set<string>();
  clients.set(socket, keys);
  socket.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as { op?: string; keys?: string[] };
    if (m.op !== 'sub' || !m.keys) return;
    const accepted = m.keys.filter((k) => templates.has(k));
    for (const k of accepted) keys.add(k);
    socket.send(JSON.stringify({ type: 'subscribed', keys: accepted, rejected: [] }));
  });
  socket.on('close', () => clients.delete(socket));
  socket.on('error', () => undefined);
});

let recording = false;
let ticks: TickRecord[] = [];
function tick() {
  const time = Math.floor(Date.now() / 1000) * 1000;
  const publishedAt = Date.now();
  const start = performance.now();
  const json = new Map<string, string>();
  for (const [key, q] of templates) json.set(key, JSON.stringify({ ...q, time }));
  for (const [socket, keys] of clients) {
    if (keys.size === 0 || socket.readyState !== 1) continue;
    const parts: string[] = [];
    for (const k of keys) parts.push(json.get(k)!);
    socket.send(`{"type":"tick","sentAt":${publishedAt},"data":[${parts.join(',')}]}`);
  }
  if (recording) {
    ticks.push({ time, publishedAt, fanoutMs: performance.now() - start, items: json.size, sockets: clients.size });
  }
}
// On every whole second, as the app's loop.
let loop: NodeJS.Timeout | undefined;
const schedule = () => {
  loop = setTimeout(
    () => {
      tick();
      schedule();
    },
    1001 - (Date.now() % 1000),
  );
};
schedule();

serveControl({
  onMark: () => {
    ticks = [];
    recording = true;
  },
  extra: () => {
    recording = false;
    return { ticks };
  },
  stop: async () => {
    clearTimeout(loop);
    for (const socket of clients.keys()) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  },
});

await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
const address = wss.address();
sendListening(typeof address === 'object' && address ? address.port : 0);
