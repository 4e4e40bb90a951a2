/**
 * The market provider: everything the rest of the server may ask about prices. The simulator is the one
 * implementation; a real feed can implement the same interface later. Methods are async because a real feed
 * answers history over the network; `at` defaults to the provider's clock, and a real feed may refuse
 * instants other than "now" for quotes.
 */
import { type Clock, systemClock } from '../platform/clock.js';
import { createSimulator, type Simulator } from './simulator.js';
import type {
  Candle,
  ChartRange,
  InstrumentRef,
  Quote,
  SessionState,
  SimInstrument,
  SparkPoint,
  Tick,
} from './types.js';

export type TickListener = (ticks: readonly Tick[]) => void;

export interface SubscribeOptions {
  /** How often to publish; ticks are produced per second regardless. Default 1000 ms. */
  intervalMs?: number;
  /** Only these instruments (default: all). */
  instruments?: readonly (InstrumentRef | string)[];
  /** Called when a listener throws, so one bad listener cannot stop the loop. */
  onError?: (error: unknown) => void;
}

export interface MarketProvider {
  /** 'simulated' for the simulator; the UI says plainly that prices are simulated when `simulated` is true. */
  readonly name: string;
  readonly simulated: boolean;
  has(ref: InstrumentRef | string): boolean;
  quote(ref: InstrumentRef | string, at?: Date): Promise<Quote>;
  quotes(refs: readonly (InstrumentRef | string)[], at?: Date): Promise<Quote[]>;
  candles(ref: InstrumentRef | string, range: ChartRange, at?: Date): Promise<Candle[]>;
  sparkline(ref: InstrumentRef | string, at?: Date): Promise<SparkPoint[]>;
  sessionState(ref: InstrumentRef | string, at?: Date): Promise<SessionState>;
  /** Every tick (one per second per trading instrument) in (from, to]; for a publishing loop. */
  ticksBetween(from: Date, to: Date, refs?: readonly (InstrumentRef | string)[]): Promise<Tick[]>;
  /**
   * Calls `listener` every interval with the ticks since the previous call. Returns the unsubscribe function.
   * Only one node should run this loop (see ARCHITECTURE: the elected simulator node).
   */
  subscribeTicks(listener: TickListener, options?: SubscribeOptions): () => void;
  /**
   * A stock listed after the start (modules/primary's listing): quoted from now on, and `onInstrumentAdded`'s
   * listeners (the market lists) are told. False when it was already there. Optional: a real feed lists by itself.
   */
  addInstrument?(instrument: SimInstrument): boolean;
  /** Calls `listener` with every instrument addInstrument adds; answers the unsubscribe function. */
  onInstrumentAdded?(listener: (instrument: SimInstrument) => void): () => void;
}

export interface SimulatedProviderOptions {
  seed: string;
  instruments: readonly SimInstrument[];
  clock?: Clock;
}

/** After a stall (a suspended laptop, a long GC) publish at most this much catch-up rather than hours of ticks. */
const MAX_CATCH_UP_MS = 60_000;

export function createSimulatedProvider(options: SimulatedProviderOptions): MarketProvider & { simulator: Simulator } {
  const simulator = createSimulator({ seed: options.seed, instruments: options.instruments });
  const clock = options.clock ?? systemClock;
  const now = (at?: Date): Date => at ?? clock.now();
  const added = new Set<(instrument: SimInstrument) => void>();

  return {
    name: 'simulated',
    simulated: true,
    simulator,
    has: (ref) => simulator.has(ref),
    quote: async (ref, at) => simulator.quote(ref, now(at)),
    quotes: async (refs, at) => simulator.quotes(refs, now(at)),
    candles: async (ref, range, at) => simulator.candles(ref, range, now(at)),
    sparkline: async (ref, at) => simulator.sparkline(ref, now(at)),
    sessionState: async (ref, at) => simulator.sessionState(ref, now(at)),
    ticksBetween: async (from, to, refs) => simulator.ticksBetween(from, to, refs),
    addInstrument(instrument) {
      if (!simulator.add(instrument)) return false;
      for (const listener of added) listener(instrument);
      return true;
    },
    onInstrumentAdded(listener) {
      added.add(listener);
      return () => added.delete(listener);
    },
    subscribeTicks(listener, subscribeOptions = {}) {
      const intervalMs = subscribeOptions.intervalMs ?? 1_000;
      if (!(intervalMs >= 100)) throw new RangeError('intervalMs must be at least 100');
      let last = clock.now().getTime();
      const timer = setInterval(() => {
        const current = clock.now().getTime();
        const from = Math.max(last, current - MAX_CATCH_UP_MS);
        last = current;
        if (current <= from) return;
        try {
          const ticks = simulator.ticksBetween(new Date(from), new Date(current), subscribeOptions.instruments);
          if (ticks.length > 0) listener(ticks);
        } catch (error) {
          subscribeOptions.onError?.(error);
        }
      }, intervalMs);
      // The loop must not keep the process alive on shutdown.
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
