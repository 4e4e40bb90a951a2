/**
 * The live-quotes socket client without React or app wiring (see live.ts): reference-counted keys, batched
 * sub/unsub, lingering releases, reconnect with backoff and resubscribe, heartbeat watchdog, a tick store.
 * With a login token (`setAuth`) the socket stays open while nothing is followed too, tied to the customer,
 * and hands their account events to `subscribeAccount` listeners and their support messages to `subscribeSupport`.
 */
import type { CompactQuote, MessageKind, WsClientMessage, WsServerMessage } from '@beurs/contracts';
import { market } from './endpoints';

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

/** A key stays followed this long after its last component left (screen changes, scrolling back). */
const LINGER_MS = 4_000;
/** At most one sub/unsub batch per this interval: far below the server's 60 messages per 10 s. */
const FLUSH_INTERVAL_MS = 400;
/** With nothing followed for this long the socket is closed; it opens again when a screen needs it. */
const IDLE_CLOSE_MS = 30_000;
/** The server sends a heartbeat every 15 s: quiet this long, we ping; quieter still, the socket is dead. */
const QUIET_PING_MS = market.WS_HEARTBEAT_MS + 5_000;
const DEAD_AFTER_MS = 2 * market.WS_HEARTBEAT_MS + 5_000;
const WATCHDOG_MS = 5_000;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** WebSocket.OPEN, spelled out so the client also runs where WebSocket is not a global (unit tests). */
const OPEN = 1;

type Listener = () => void;
/**
 * An account event, or `null` after the socket was tied again following a lost connection: events may have
 * been missed meanwhile, so everything they could have changed is out of date.
 */
export type AccountListener = (kind: MessageKind | null) => void;

/** A support message sent or a conversation changed (docs/support.md): its conversation's id. */
export type SupportListener = (conversationId: number) => void;

export class LiveQuotesClient {
  private socket: WebSocket | null = null;
  private status: LiveStatus = 'idle';
  /** Components following each key. */
  private readonly counts = new Map<string, number>();
  /** Keys whose last component left; followed until the timer fires. */
  private readonly lingering = new Map<string, ReturnType<typeof setTimeout>>();
  /** Keys the server follows for the current socket. */
  private readonly following = new Set<string>();
  /** Keys the server does not know: never asked for again. */
  private readonly rejected = new Set<string>();
  private readonly ticks = new Map<string, CompactQuote>();
  private readonly tickListeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<Listener>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private attempt = 0;
  private lastMessageAt = 0;
  private pinged = false;
  private listening = false;
  private token: string | null = null;
  private readonly accountListeners = new Set<AccountListener>();
  private readonly supportListeners = new Set<SupportListener>();
  /** A socket was tied to the customer before: the next tie follows a gap in which events may have been lost. */
  private tiedBefore = false;

  constructor(
    private readonly url: () => string,
    private readonly createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  // ---- what components use ----

  /** Follows the keys until the returned function is called (reference counted). */
  acquire(keys: readonly string[]): () => void {
    const unique = [...new Set(keys)].filter(Boolean);
    if (unique.length === 0) return () => undefined;
    for (const key of unique) {
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      const timer = this.lingering.get(key);
      if (timer) {
        clearTimeout(timer);
        this.lingering.delete(key);
      }
    }
    this.ensureConnected();
    this.scheduleFlush();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of unique) this.release(key);
    };
  }

  tick(key: string): CompactQuote | undefined {
    return this.ticks.get(key);
  }

  subscribeTick(key: string, listener: Listener): () => void {
    let set = this.tickListeners.get(key);
    if (!set) {
      set = new Set();
      this.tickListeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.tickListeners.delete(key);
    };
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  subscribeStatus(listener: Listener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Keys currently wanted (followed by a component or lingering). */
  wanted(): string[] {
    return [...new Set([...this.counts.keys(), ...this.lingering.keys()])];
  }

  /** Ties the socket to the customer of this login token (null: a guest), opening it if need be. */
  setAuth(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.tiedBefore = false;
    if (token) this.ensureConnected();
    this.send({ op: 'auth', token });
    this.updateIdleTimer();
  }

  subscribeAccount(listener: AccountListener): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  subscribeSupport(listener: SupportListener): () => void {
    this.supportListeners.add(listener);
    return () => this.supportListeners.delete(listener);
  }

  // ---- bookkeeping ----

  /** The socket is needed while a key is wanted or a customer is signed in (their account events). */
  private needed(): boolean {
    return this.token !== null || this.wanted().length > 0;
  }

  private release(key: string) {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) {
      this.counts.set(key, n);
      return;
    }
    this.counts.delete(key);
    if (this.lingering.has(key)) return;
    this.lingering.set(
      key,
      setTimeout(() => {
        this.lingering.delete(key);
        this.scheduleFlush();
      }, LINGER_MS),
    );
  }

  private setStatus(next: LiveStatus) {
    if (this.status === next) return;
    this.status = next;
    for (const listener of this.statusListeners) listener();
  }

  private scheduleFlush() {
    if (this.flushTimer) return;
    const wait = Math.max(0, this.lastFlushAt + FLUSH_INTERVAL_MS - Date.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, wait);
  }

  /** Sends the server the difference between what is wanted and what it follows. */
  private flush() {
    const wanted = this.wanted();
    this.updateIdleTimer();
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    this.lastFlushAt = Date.now();
    const wantedSet = new Set(wanted);
    const stale = [...this.following].filter((key) => !wantedSet.has(key));
    if (stale.length > 0) {
      for (const key of stale) this.following.delete(key);
      this.send({ op: 'unsub', keys: stale });
    }
    const room = market.WS_MAX_KEYS - this.following.size;
    // The newest wanted keys last: with more than the server allows, the screen just opened wins.
    const fresh =
      room > 0 ? wanted.filter((key) => !this.following.has(key) && !this.rejected.has(key)).slice(-room) : [];
    if (fresh.length > 0) {
      for (const key of fresh) this.following.add(key);
      this.send({ op: 'sub', keys: fresh });
    }
  }

  private send(message: WsClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private updateIdleTimer() {
    if (this.needed()) {
      if (this.idleTimer) {
        clearTimeout(this.idleTimer);
        this.idleTimer = null;
      }
      return;
    }
    if (this.idleTimer || !this.socket) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.needed()) this.disconnect();
    }, IDLE_CLOSE_MS);
  }

  // ---- the socket ----

  private listenToBrowser() {
    if (this.listening || typeof window === 'undefined') return;
    this.listening = true;
    window.addEventListener('online', () => {
      if (this.needed() && !this.socket) this.reconnectNow();
    });
    window.addEventListener('offline', () => {
      if (this.status !== 'idle') this.setStatus('offline');
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') {
        if (this.socket) this.checkAlive();
        else if (this.needed()) this.reconnectNow();
      }
    });
  }

  private ensureConnected() {
    this.listenToBrowser();
    if (this.socket || this.reconnectTimer) return;
    this.connect();
  }

  private reconnectNow() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.attempt = 0;
    if (!this.socket) this.connect();
  }

  private connect() {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.following.clear();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastMessageAt = Date.now();
      this.pinged = false;
      this.startWatchdog();
      if (this.token) this.send({ op: 'auth', token: this.token });
      // Everything wanted, at once: a new socket follows nothing.
      this.lastFlushAt = 0;
      this.flush();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = Date.now();
      this.pinged = false;
      this.onMessage(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.dropSocket();
      if (this.needed()) this.scheduleReconnect();
      else this.setStatus('idle');
    };
    // An error is followed by close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private onMessage(data: unknown) {
    if (typeof data !== 'string') return;
    let message: WsServerMessage;
    try {
      message = JSON.parse(data) as WsServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'tick':
        this.setStatus('live');
        this.attempt = 0;
        for (const item of message.data) {
          this.ticks.set(item.key, item);
          const listeners = this.tickListeners.get(item.key);
          if (listeners) for (const listener of listeners) listener();
        }
        return;
      case 'subscribed':
        this.setStatus('live');
        this.attempt = 0;
        // Unknown keys are not followed and not asked for again (the client never asks for more than the limit).
        for (const key of message.rejected) {
          this.following.delete(key);
          this.rejected.add(key);
        }
        return;
      case 'heartbeat':
      case 'pong':
      case 'unsubscribed':
        if (this.status !== 'live' && this.needed()) this.setStatus('live');
        return;
      case 'auth':
        this.setStatus('live');
        this.attempt = 0;
        if (!message.user) return;
        if (this.tiedBefore) for (const listener of this.accountListeners) listener(null);
        this.tiedBefore = true;
        return;
      case 'account':
        for (const listener of this.accountListeners) listener(message.kind);
        return;
      case 'support':
        for (const listener of this.supportListeners) listener(message.conversationId);
        return;
      case 'operatorAuth':
        return;
      case 'error':
        // A refused message (400) or the key limit (422): the screen keeps its last prices.
        console.warn(`quotes socket: ${message.code} ${message.msg}`);
        return;
    }
  }

  private startWatchdog() {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = setInterval(() => this.checkAlive(), WATCHDOG_MS);
  }

  /** A phone that lost its network keeps a socket "open" for minutes: the heartbeat tells. */
  private checkAlive() {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    const quiet = Date.now() - this.lastMessageAt;
    if (quiet > DEAD_AFTER_MS) {
      this.dropSocket();
      try {
        socket.close();
      } catch {
        // Already gone.
      }
      this.scheduleReconnect();
    } else if (quiet > QUIET_PING_MS && !this.pinged) {
      this.pinged = true;
      this.send({ op: 'ping' });
    }
  }

  private dropSocket() {
    const socket = this.socket;
    this.socket = null;
    this.following.clear();
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
  }

  private scheduleReconnect() {
    if (this.reconnectTimer) return;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    this.setStatus(offline ? 'offline' : 'reconnecting');
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.needed()) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  private disconnect() {
    const socket = this.socket;
    this.dropSocket();
    socket?.close(1000, 'idle');
    this.setStatus('idle');
  }
}
