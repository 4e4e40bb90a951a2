/** The market engine's public surface: the provider, the simulator behind it, sessions and candle helpers. */
export { aggregateBars, type Bar, barsFromPriceFunction, barsFromSamples, fixedBuckets, toCandle } from './candles.js';
export {
  createSimulatedProvider,
  type MarketProvider,
  type SimulatedProviderOptions,
  type SubscribeOptions,
  type TickListener,
} from './provider.js';
export { calendarOf, type MarketId, marketOf, sessionState, tradingDay } from './sessions.js';
export {
  CHART_RANGES,
  createSimulator,
  formatTicks,
  instrumentKey,
  type Simulator,
  type SimulatorOptions,
  UnknownInstrumentError,
} from './simulator.js';
export type {
  Candle,
  ChartRange,
  Exchange,
  InstrumentKind,
  InstrumentRef,
  OpenPhase,
  Phase,
  Quote,
  SessionState,
  SimInstrument,
  SparkPoint,
  Tick,
} from './types.js';
