/**
 * Publish/subscribe between the parts of the server. The in-process bus hands each message to the handlers
 * of its channel in this process; the app runs the PostgreSQL bus (bus-pg.ts), which carries the channels
 * named as shared to every process (WORKERS) and delivers the rest through an in-process bus. Several nodes
 * may use Redis pub/sub instead (REDIS_URL, ARCHITECTURE.md); that is why messages must be plain JSON values
 * (a shared bus serialises them), why publishing does not wait for delivery, and why a handler must not rely
 * on receiving the very object that was published.
 */

/** A named channel with the type of its messages, so publisher and subscribers agree at compile time. */
export interface Channel<T> {
  readonly name: string;
  /** Phantom field carrying T; never set. */
  readonly __message?: T;
}
export const channel = <T>(name: string): Channel<T> => ({ name });

export interface Bus {
  publish<T>(ch: Channel<T>, message: T): void;
  /** Returns the unsubscribe function. */
  subscribe<T>(ch: Channel<T>, handler: (message: T) => void): () => void;
  close(): Promise<void>;
}

/**
 * Delivery is synchronous and in subscription order. A handler that throws is reported through `onError`
 * and does not keep the message from the other handlers.
 */
export function createInProcessBus(onError: (error: unknown, channel: string) => void = () => undefined): Bus {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  let closed = false;
  return {
    publish(ch, message) {
      if (closed) return;
      const set = handlers.get(ch.name);
      if (!set) return;
      for (const handler of [...set]) {
        try {
          handler(message);
        } catch (error) {
          onError(error, ch.name);
        }
      }
    },
    subscribe<T>(ch: Channel<T>, handler: (message: T) => void) {
      let set = handlers.get(ch.name);
      if (!set) {
        set = new Set();
        handlers.set(ch.name, set);
      }
      const h = handler as (message: unknown) => void;
      set.add(h);
      return () => {
        set.delete(h);
        if (set.size === 0 && handlers.get(ch.name) === set) handlers.delete(ch.name);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}
