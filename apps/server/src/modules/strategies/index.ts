/**
 * Strategies (issue 17, docs/strategies.md): the engine (pure rules and books), the books' runner job, and copy
 * trading. Public face of the module: later products (AI quant, robots) step their books with the same engine.
 */
export { DEMO_STRATEGIES, QUANT_STRATEGIES, type StrategySeed } from './catalogue.js';
export {
  type Book,
  bookValue,
  type NavPoint,
  newBook,
  type Performance,
  performanceOf,
  REPLAY_START,
  type RuleKind,
  STEP_MS,
  type StrategyParams,
  stepBook,
  type TickQuote,
  type Trade,
  ticksToDo,
} from './engine.js';
export { feeDates, followSettlement } from './fees.js';
export { type BookPass, createStrategyJob } from './job.js';
export { createQuantService } from './quant.js';
export { followRoutes, quantRoutes } from './routes.js';
export { advance, type QuoteSource, quotesOf, simulatorSource } from './runner.js';
export { follows, quantConfirmations, strategies, strategyNavs, strategyTrades } from './schema.js';
export { createStrategyService, seedStrategies } from './service.js';
