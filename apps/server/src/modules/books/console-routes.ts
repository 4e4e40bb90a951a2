/**
 * Console: the books (docs/money.md "The operator console"): the trial balance as it is now, the record of the
 * scheduled checks, and manual adjustments under four eyes (adjustments.ts).
 */
import { consoleMoney } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { adjustmentRoutes } from './adjustments.js';
import { trialBalance, trialBalanceRoutes } from './trial-balance.js';

export function consoleBooksRoutes(app: FastifyInstance, deps: Deps) {
  adjustmentRoutes(app, deps);
  route(app, consoleMoney.trialBalance, async () => trialBalance(deps.db));
  trialBalanceRoutes(app, deps);
}
