/**
 * Live quotes. One tick loop per process quotes, every interval, the instruments that some socket of this
 * process follows and whose market is open, and publishes them on the bus; the hub, subscribed to the bus,
 * sends each socket the ticks of its own keys. Time comes from the clock of the deps, so tests decide what
 * moment the market is at.
 *
 * Several nodes: with a Redis bus every node's hub would receive every node's ticks. Then the loop should run
 * on the one elected simulator node for every open instrument (465 quotes take about 20 ms) instead of per
 * process for the local union; the hub does not change.
 */
import {
  market as api,
  Code,
  type CompactQuote,
  E,
  type ErrorKey,
  type Language,
  type WsServerMessage,
} from '@beurs/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { type Bus, channel } from '../../platform/bus.js';
import type { Clock } from '../../platform/clock.js';
import { translate } from '../../platform/i18n.js';
import { toCompact } from './dto.js';
import type { MarketService } from './service.js';

/** Every tick batch of the process: compact quotes of followed instruments whose market is open. */
export const QUOTE_TICKS = channel<CompactQuote[]>('quotes.tick');

/** A socket whose unsent data passes this is too slow: it skips ticks until it catches up (each tick is whole). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** More client messages than this in one window closes the socket (1008). */
const MAX_MESSAGES_PER_WINDOW = 60;
const MESSAGE_WINDOW_MS = 10_000;
const OPEN = 1;

export function createTickLoop(opts: {
  service: MarketService;
  bus: Bus;
  clock: Clock;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  const { service, bus, clock } = opts;
  /** Followed keys with the number of sockets following each. */
  const interest = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let busy = false;

  async function tick(): Promise<void> {
    // A slow round (a cold day path) must not pile up rounds behind it.
    if (busy || interest.size === 0) return;
    busy = true;
    try {
      const defs = [...interest.keys()].flatMap((k) => service.defOf(k) ?? []);
      const quotes = await service.quotesOf(defs, clock.now());
      const data = defs.flatMap((d, i) => (quotes[i]!.marketOpen ? [toCompact(d, quotes[i]!)] : []));
      if (data.length > 0) bus.publish(QUOTE_TICKS, data);
    } catch (error) {
      opts.log.error({ err: error }, 'quote tick failed');
    } finally {
      busy = false;
    }
  }

  return {
    want(keys: readonly string[]) {
      for (const k of keys) interest.set(k, (interest.get(k) ?? 0) + 1);
    },
    release(keys: readonly string[]) {
      for (const k of keys) {
        const n = (interest.get(k) ?? 0) - 1;
        if (n > 0) interest.set(k, n);
        else interest.delete(k);
      }
    },
    followed: () => interest.size,
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), opts.intervalMs);
      // Ctrl-C and test runs must not wait for the loop.
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
export type TickLoop = ReturnType<typeof createTickLoop>;

interface Client {
  socket: WebSocket;
  lang: Language;
  keys: Set<string>;
  alive: boolean;
  windowStart: number;
  messages: number;
}

export function createQuoteHub(opts: {
  service: MarketService;
  bus: Bus;
  loop: TickLoop;
  clock: Clock;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}) {
  const { service, loop, clock } = opts;
  const clients = new Set<Client>();

  const send = (c: Client, message: WsServerMessage) => {
    if (c.socket.readyState === OPEN) c.socket.send(JSON.stringify(message));
  };
  const sendError = (c: Client, code: number, key: ErrorKey, params: Record<string, unknown> = {}) =>
    send(c, { type: 'error', code, msg: translate(c.lang, key, params) });

  const unsubscribeBus = opts.bus.subscribe(QUOTE_TICKS, (batch) => {
    if (clients.size === 0) return;
    // Each quote is serialised once, however many sockets follow it.
    const json = new Map<string, string>();
    for (const q of batch) json.set(q.key, JSON.stringify(q));
    for (const c of clients) {
      if (c.keys.size === 0 || c.socket.readyState !== OPEN || c.socket.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      const parts: string[] = [];
      for (const k of c.keys) {
        const part = json.get(k);
        if (part) parts.push(part);
      }
      if (parts.length > 0) c.socket.send(`{"type":"tick","data":[${parts.join(',')}]}`);
    }
  });

  // Browsers answer protocol pings by themselves; a socket that answered neither ping nor anything else for a
  // whole interval is dead (a phone that lost its network) and is dropped. The JSON heartbeat lets the page
  // notice a dead connection too, which it cannot do from protocol pings.
  const heartbeat = setInterval(() => {
    const time = clock.now().getTime();
    for (const c of clients) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
      send(c, { type: 'heartbeat', time });
    }
  }, opts.heartbeatMs);
  heartbeat.unref();

  async function subscribe(c: Client, requested: readonly string[]) {
    const unique = [...new Set(requested)];
    const unknown = unique.filter((k) => !service.has(k));
    const known = unique.filter((k) => service.has(k));
    const fresh = known.filter((k) => !c.keys.has(k));
    const room = Math.max(0, api.WS_MAX_KEYS - c.keys.size);
    const accepted = fresh.slice(0, room);
    const overflow = fresh.slice(room);
    for (const k of accepted) c.keys.add(k);
    loop.want(accepted);
    if (overflow.length > 0) sendError(c, Code.rule, E.subscriptionLimit, { n: api.WS_MAX_KEYS });
    const following = known.filter((k) => c.keys.has(k));
    send(c, { type: 'subscribed', keys: following, rejected: [...unknown, ...overflow] });
    if (following.length === 0) return;
    // The current quote at once, open market or not, so a page never waits for the next tick.
    const defs = following.flatMap((k) => service.defOf(k) ?? []);
    const quotes = await service.quotesOf(defs, clock.now());
    send(c, { type: 'tick', data: defs.map((d, i) => toCompact(d, quotes[i]!)) });
  }

  function unsubscribe(c: Client, keys: readonly string[] | undefined) {
    const removed = (keys ?? [...c.keys]).filter((k) => c.keys.delete(k));
    loop.release(removed);
    send(c, { type: 'unsubscribed', keys: removed });
  }

  async function onMessage(c: Client, raw: RawData, isBinary: boolean) {
    const now = Date.now();
    if (now - c.windowStart > MESSAGE_WINDOW_MS) {
      c.windowStart = now;
      c.messages = 0;
    }
    if (++c.messages > MAX_MESSAGES_PER_WINDOW) {
      sendError(c, Code.tooMany, E.tooMany);
      c.socket.close(1008, 'too many messages');
      return;
    }
    let parsed: unknown;
    try {
      if (isBinary) throw new Error('binary frame');
      parsed = JSON.parse(raw.toString());
    } catch {
      sendError(c, Code.invalid, E.invalidBody);
      return;
    }
    const message = api.wsClientMessage.safeParse(parsed);
    if (!message.success) {
      sendError(c, Code.invalid, E.invalidBody);
      return;
    }
    switch (message.data.op) {
      case 'ping':
        send(c, { type: 'pong', time: clock.now().getTime() });
        return;
      case 'sub':
        await subscribe(c, message.data.keys);
        return;
      case 'unsub':
        unsubscribe(c, message.data.keys);
        return;
    }
  }

  return {
    attach(socket: WebSocket, lang: Language) {
      const c: Client = { socket, lang, keys: new Set(), alive: true, windowStart: Date.now(), messages: 0 };
      clients.add(c);
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('message', (raw, isBinary) => {
        c.alive = true;
        onMessage(c, raw, isBinary).catch((error: unknown) => {
          opts.log.error({ err: error }, 'quotes socket message failed');
          sendError(c, Code.internal, E.operationFailed);
        });
      });
      socket.on('close', () => {
        clients.delete(c);
        loop.release([...c.keys]);
        c.keys.clear();
      });
      socket.on('error', (error) => {
        opts.log.debug({ err: error }, 'quotes socket error');
      });
    },
    clients: () => clients.size,
    close() {
      clearInterval(heartbeat);
      unsubscribeBus();
      for (const c of clients) c.socket.terminate();
      clients.clear();
    },
  };
}
export type QuoteHub = ReturnType<typeof createQuoteHub>;
