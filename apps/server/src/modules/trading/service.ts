/**
 * The trading service (docs/trading.md): one object with what routes, the console and the matching job call,
 * composed from the module's parts, each in its own file:
 *
 * - context.ts: the small deps object every part takes (database, ledger, settings, prices, shared refusals)
 * - placement.ts: the order rules and placing orders (plan, place, execute, openNow, cancel)
 * - settlement/: fills, closes, added margin and stops, one file each (fillOpen, fillEntrusted, close, addMargin,
 *   setStops)
 * - queries.ts: lists, details, history, cash flow, margin levels and ticket figures
 * - dtos.ts: rows as the contract's answers; statements.ts: the SQL; model.ts: rows and order shapes
 * - the pure rules (prices, figures, profit, stops, quantity checks): @beurs/contracts trading-rules.ts
 */
import type { Deps } from '../../platform/deps.js';
import { createTradingContext } from './context.js';
import { createDtos } from './dtos.js';
import { createPlacement } from './placement.js';
import { createQueries } from './queries.js';
import { createSettlement } from './settlement/index.js';

export function createTradingService(deps: Deps) {
  const ctx = createTradingContext(deps);
  const dtos = createDtos(ctx);
  const settlement = createSettlement(ctx);
  const placement = createPlacement(ctx, dtos, settlement);
  const queries = createQueries(ctx, dtos);
  return {
    settings: ctx.settings,
    bookFor: ctx.bookFor,
    positionDto: dtos.positionDto,
    orderDto: dtos.orderDto,
    ...placement,
    fillEntrusted: settlement.fillEntrusted,
    cancel: placement.cancel,
    close: settlement.close,
    addMargin: settlement.addMargin,
    setStops: settlement.setStops,
    lockOpenPosition: settlement.lockOpenPosition,
    ...queries,
  };
}
export type TradingService = ReturnType<typeof createTradingService>;
