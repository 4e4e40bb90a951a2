/**
 * Live quotes. One tick loop per process quotes, every interval (on the interval's boundaries of the wall
 * clock: whole seconds by default), the instruments that some socket of this process follows and whose
 * market is open, and publishes them on the bus; the hub, subscribed to the bus, sends each socket the ticks
 * of its own keys. Time comes from the clock of the deps, so tests decide what moment the market is at.
 *
 * Sending is the cost at thousands of sockets (one write per socket; the kernel's loopback or network work
 * dominates), so the hub builds each distinct tick frame once per batch, as a complete WebSocket frame, and
 * writes that same Buffer to every socket that follows the same keys. Heartbeats are spread over their
 * interval in small groups instead of one burst to every socket. Several processes (WORKERS, main.ts) each
 * run this loop and hub for their own sockets: the simulator is deterministic from the clock, so every
 * process computes the same ticks without talking to the others.
 *
 * Several nodes: with a Redis bus every node's hub would receive every node's ticks. Then the loop should run
 * on the one elected simulator node for every open instrument (465 quotes take about 20 ms) instead of per
 * process for the local union; the hub does not change.
 */

import type { Duplex } from 'node:stream';
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
import { ACCOUNT_EVENTS } from '../inbox/index.js';
import { SUPPORT_EVENTS } from '../support/index.js';
import { toCompact } from './dto.js';
import type { MarketService } from './service.js';

/** Every tick batch of the process: compact quotes of followed instruments whose market is open. */
export const QUOTE_TICKS = channel<CompactQuote[]>('quotes.tick');

/** A socket whose unsent data passes this is too slow: it skips ticks until it catches up (each tick is whole). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** More client messages than this in one window closes the socket (1008). */
const MAX_MESSAGES_PER_WINDOW = 60;
const MESSAGE_WINDOW_MS = 10_000;
/** The heartbeat visits one group of sockets this often, so each group gets its ping once per interval. */
const HEARTBEAT_SLICE_MS = 250;
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
  let running = false;
  /** Wall-clock time of the next round: a multiple of the interval. */
  let due = 0;
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
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
    },
  };

  /**
   * Rounds fall on the interval's boundaries of the wall clock (10:00:01.000, 10:00:02.000, ...), so a tick
   * leaves right after its second begins, and every process of a node ticks at the same moment.
   */
  function schedule() {
    const now = Date.now();
    due = (Math.floor(now / opts.intervalMs) + 1) * opts.intervalMs;
    wait(due - now);
  }
  function wait(ms: number) {
    timer = setTimeout(round, ms);
    // Ctrl-C and test runs must not wait for the loop.
    timer.unref();
  }
  function round() {
    if (!running) return;
    // A timer may fire a fraction of a millisecond early by the wall clock: the round still belongs to `due`.
    const early = due - Date.now();
    if (early > 0) return wait(early);
    void tick();
    schedule();
  }
}
export type TickLoop = ReturnType<typeof createTickLoop>;

interface Client {
  socket: WebSocket;
  /** The TCP socket under `socket` when prepared frames may be written to it directly (see `write`). */
  raw: Duplex | undefined;
  lang: Language;
  keys: Set<string>;
  /** The followed keys in order, joined: sockets with the same keys get the same tick frame. */
  keyList: string;
  /** The heartbeat group the socket belongs to. */
  group: Set<Client>;
  alive: boolean;
  windowStart: number;
  messages: number;
  /** The customer the socket was tied to by `auth`, and the token that proved it (checked again per event). */
  user: { id: number; token: string } | undefined;
  /** The operator the socket was tied to by `operatorAuth` (the console's support inbox), likewise. */
  operator: { id: number; token: string } | undefined;
}

/**
 * A message built once for many sockets: its text, and the bytes that go on the wire for it (one or more
 * whole WebSocket frames). `ping`: a protocol ping goes before the text.
 */
interface Prepared {
  payload: Buffer;
  wire: Buffer;
  ping: boolean;
}

/** An unmasked, final WebSocket text frame (RFC 6455 §5.2) around `payload`: what `ws` sends for a string. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** An empty protocol ping (FIN, opcode 9), as `ws`'s `ping()` sends it. */
const PING_FRAME = Buffer.from([0x89, 0x00]);

function prepare(text: string, ping = false): Prepared {
  const payload = Buffer.from(text);
  const frame = textFrame(payload);
  return { payload, wire: ping ? Buffer.concat([PING_FRAME, frame]) : frame, ping };
}

/**
 * The TCP socket of a `ws` connection, when ready-made frames can go straight to it: no extension
 * (permessage-deflate) is in use, so `ws` never holds a message back and frames keep their order.
 * `_socket` is internal to `ws` (stable through ws 8); without it the hub falls back to `ping` / `send`.
 */
function rawSocketOf(socket: WebSocket): Duplex | undefined {
  if (socket.extensions !== '') return undefined;
  const raw = (socket as unknown as { _socket?: Duplex | null })._socket;
  return raw && typeof raw.write === 'function' ? raw : undefined;
}

/**
 * One write of the prepared bytes per socket. Going through `ws.send` costs about a third more CPU per
 * socket (a frame header per call, two buffers corked into one writev), and a ping plus a heartbeat would
 * be two writes; at thousands of sockets that is most of the user-space part of a fan-out.
 */
function write(c: Client, message: Prepared) {
  if (c.raw?.writable) {
    c.raw.write(message.wire);
    return;
  }
  if (message.ping) c.socket.ping();
  c.socket.send(message.payload, { binary: false });
}

export function createQuoteHub(opts: {
  service: MarketService;
  bus: Bus;
  loop: TickLoop;
  clock: Clock;
  heartbeatMs: number;
  log: FastifyBaseLogger;
  /** The customer of a live login token (platform/auth.ts); without it `auth` ties no socket to anyone. */
  userOf?: (token: string) => Promise<number | undefined>;
  /** The operator of a live console token who may use the console; without it `operatorAuth` ties nothing. */
  operatorOf?: (token: string) => Promise<number | undefined>;
}) {
  const { service, loop, clock } = opts;
  const clients = new Set<Client>();
  /** The sockets of each customer, for their account events. */
  const byUser = new Map<number, Set<Client>>();
  /** The operators' sockets, for support events. */
  const operatorSockets = new Set<Client>();

  const send = (c: Client, message: WsServerMessage) => {
    if (c.socket.readyState === OPEN) c.socket.send(JSON.stringify(message));
  };
  const sendError = (c: Client, code: number, key: ErrorKey, params: Record<string, unknown> = {}) =>
    send(c, { type: 'error', code, msg: translate(c.lang, key, params) });

  const unsubscribeBus = opts.bus.subscribe(QUOTE_TICKS, (batch) => {
    if (clients.size === 0) return;
    // The server's wall clock when the batch leaves, in every frame of it: clients measure delivery from it.
    const sentAt = Date.now();
    // Each quote is serialised once, and each distinct frame built once, however many sockets follow it.
    const json = new Map<string, string>();
    for (const q of batch) json.set(q.key, JSON.stringify(q));
    const frames = new Map<string, Prepared | null>();
    for (const c of clients) {
      if (c.keys.size === 0 || c.socket.readyState !== OPEN || c.socket.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      let tick = frames.get(c.keyList);
      if (tick === undefined) {
        tick = tickFrame(c.keys, json, sentAt);
        frames.set(c.keyList, tick);
      }
      if (tick) write(c, tick);
    }
  });

  /** Forgets whom the socket was tied to, as a customer (`auth`) or as an operator (`operatorAuth`). */
  const untie = (c: Client, tie: 'user' | 'operator' = 'user') => {
    if (tie === 'operator') {
      c.operator = undefined;
      operatorSockets.delete(c);
      return;
    }
    if (!c.user) return;
    const set = byUser.get(c.user.id);
    set?.delete(c);
    if (set?.size === 0) byUser.delete(c.user.id);
    c.user = undefined;
  };

  async function auth(c: Client, token: string | null) {
    untie(c);
    const userId = token && opts.userOf ? await opts.userOf(token) : undefined;
    // The socket may have closed while the session was looked up.
    if (userId !== undefined && token && clients.has(c)) {
      c.user = { id: userId, token };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(c);
    }
    send(c, { type: 'auth', user: c.user !== undefined });
  }

  async function operatorAuth(c: Client, token: string | null) {
    untie(c, 'operator');
    const operatorId = token && opts.operatorOf ? await opts.operatorOf(token) : undefined;
    if (operatorId !== undefined && token && clients.has(c)) {
      c.operator = { id: operatorId, token };
      operatorSockets.add(c);
    }
    send(c, { type: 'operatorAuth', operator: c.operator !== undefined });
  }

  /**
   * `frame` to the socket if the token that tied it (as a customer or an operator) still opens that person's session
   * (a sign-out elsewhere ends it, and the socket is untied); the session cache of platform/auth.ts answers most checks.
   */
  function deliver(c: Client, tie: 'user' | 'operator', frame: string, what: string) {
    const held = c[tie];
    const personOf = tie === 'user' ? opts.userOf : opts.operatorOf;
    if (!held || !personOf) return;
    personOf(held.token)
      .then((id) => {
        if (id !== held.id || c[tie] !== held) {
          if (c[tie] === held) untie(c, tie);
          return;
        }
        if (c.socket.readyState === OPEN) c.socket.send(frame);
      })
      .catch((error: unknown) => opts.log.error({ err: error }, `${what} delivery failed`));
  }

  /** `frame` to each of the customer's sockets whose token still opens their session. */
  function toCustomer(userId: number, frame: string, what: string) {
    for (const c of [...(byUser.get(userId) ?? [])]) deliver(c, 'user', frame, what);
  }

  // Events come from any process (the bus is shared across them); each goes only to the sockets tied to its
  // customer, and only while the token that tied them still opens a session.
  const unsubscribeAccount = opts.bus.subscribe(ACCOUNT_EVENTS, (event) => {
    const frame = JSON.stringify({
      type: 'account',
      kind: event.kind,
      messageId: event.messageId,
    } satisfies WsServerMessage);
    toCustomer(event.userId, frame, 'account event');
  });

  // A support message or change (docs/support.md): to the customer's sockets and to every operator's socket whose
  // console session is still live (checked per event, like the customers': a signed-out operator hears nothing).
  const unsubscribeSupport = opts.bus.subscribe(SUPPORT_EVENTS, (event) => {
    const frame = JSON.stringify({
      type: 'support',
      conversationId: event.conversationId,
      messageId: event.messageId,
      from: event.from,
    } satisfies WsServerMessage);
    toCustomer(event.userId, frame, 'support event');
    for (const c of [...operatorSockets]) deliver(c, 'operator', frame, 'support event');
  });

  function tickFrame(keys: Set<string>, json: Map<string, string>, sentAt: number): Prepared | null {
    const parts: string[] = [];
    for (const k of keys) {
      const part = json.get(k);
      if (part) parts.push(part);
    }
    if (parts.length === 0) return null;
    return prepare(`{"type":"tick","sentAt":${sentAt},"data":[${parts.join(',')}]}`);
  }

  // Browsers answer protocol pings by themselves; a socket that answered neither ping nor anything else for a
  // whole interval is dead (a phone that lost its network) and is dropped. The JSON heartbeat lets the page
  // notice a dead connection too, which it cannot do from protocol pings; both go out in one write. Writing
  // to every socket at once would hold up the ticks due meanwhile (hundreds of ms at thousands of sockets),
  // so the sockets are spread over groups and one group is visited every HEARTBEAT_SLICE_MS: each socket
  // still gets its heartbeat once per interval.
  const groupCount = Math.max(1, Math.round(opts.heartbeatMs / HEARTBEAT_SLICE_MS));
  const groups = Array.from({ length: groupCount }, () => new Set<Client>());
  let turn = 0;
  const heartbeat = setInterval(() => {
    const group = groups[turn]!;
    turn = (turn + 1) % groupCount;
    if (group.size === 0) return;
    const message = { type: 'heartbeat', time: clock.now().getTime() } satisfies WsServerMessage;
    const beat = prepare(JSON.stringify(message), true);
    for (const c of group) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      if (c.socket.readyState === OPEN) write(c, beat);
    }
  }, opts.heartbeatMs / groupCount);
  heartbeat.unref();
  /** The smallest group, so groups stay even as sockets come and go. */
  const emptiestGroup = () => groups.reduce((a, b) => (b.size < a.size ? b : a));

  async function subscribe(c: Client, requested: readonly string[]) {
    const unique = [...new Set(requested)];
    const unknown = unique.filter((k) => !service.has(k));
    const known = unique.filter((k) => service.has(k));
    const fresh = known.filter((k) => !c.keys.has(k));
    const room = Math.max(0, api.WS_MAX_KEYS - c.keys.size);
    const accepted = fresh.slice(0, room);
    const overflow = fresh.slice(room);
    for (const k of accepted) c.keys.add(k);
    c.keyList = [...c.keys].join(' ');
    loop.want(accepted);
    if (overflow.length > 0) sendError(c, Code.rule, E.subscriptionLimit, { n: api.WS_MAX_KEYS });
    const following = known.filter((k) => c.keys.has(k));
    send(c, { type: 'subscribed', keys: following, rejected: [...unknown, ...overflow] });
    if (following.length === 0) return;
    // The current quote at once, open market or not, so a page never waits for the next tick.
    const defs = following.flatMap((k) => service.defOf(k) ?? []);
    const quotes = await service.quotesOf(defs, clock.now());
    send(c, { type: 'tick', sentAt: Date.now(), data: defs.map((d, i) => toCompact(d, quotes[i]!)) });
  }

  function unsubscribe(c: Client, keys: readonly string[] | undefined) {
    const removed = (keys ?? [...c.keys]).filter((k) => c.keys.delete(k));
    c.keyList = [...c.keys].join(' ');
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
      case 'auth':
        await auth(c, message.data.token);
        return;
      case 'operatorAuth':
        await operatorAuth(c, message.data.token);
        return;
    }
  }

  return {
    attach(socket: WebSocket, lang: Language) {
      const c: Client = {
        socket,
        raw: rawSocketOf(socket),
        lang,
        keys: new Set(),
        keyList: '',
        group: emptiestGroup(),
        alive: true,
        windowStart: Date.now(),
        messages: 0,
        user: undefined,
        operator: undefined,
      };
      clients.add(c);
      c.group.add(c);
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
        c.group.delete(c);
        untie(c);
        untie(c, 'operator');
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
      unsubscribeAccount();
      unsubscribeSupport();
      for (const c of clients) c.socket.terminate();
      clients.clear();
      byUser.clear();
      operatorSockets.clear();
      for (const group of groups) group.clear();
    },
  };
}
export type QuoteHub = ReturnType<typeof createQuoteHub>;
