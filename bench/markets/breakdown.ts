/**
 * Where a stock_list request spends its time inside the app, measured in a process of its own (no HTTP):
 * the market service call with the second's quotes already cached (as under load), its two DTO builders per
 * row, the contract parse every route does on its answer, and JSON serialisation. Answers over IPC.
 */
import { market as api } from '@beurs/contracts';
import { createSimulatedProvider } from '../../apps/server/src/market/index.js';
import { allInstruments } from '../../apps/server/src/market/instruments/index.js';
import { keyOf, toCompact, toQuoteDto } from '../../apps/server/src/modules/market/dto.js';
import { createMarketService } from '../../apps/server/src/modules/market/service.js';
import { systemClock } from '../../apps/server/src/platform/clock.js';
import { ok } from '../../apps/server/src/platform/http.js';

export interface Breakdown {
  type: 'breakdown';
  /** Microseconds per operation. */
  serviceCall: number;
  toQuoteDtoPerRow: number;
  toCompactPerRow: number;
  answerParse: number;
  stringify: number;
  rows: number;
}

async function perOp(runs: number, f: () => unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, runs); i++) await f();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await f();
  return ((performance.now() - start) / runs) * 1000;
}

const market = createSimulatedProvider({ seed: 'kade-2026', instruments: allInstruments, clock: systemClock });
const service = createMarketService({ market, clock: systemClock });
const query = api.stockList.request.parse({ market: 'US', page: '1', pageSize: '20' });
const viewer = { lang: 'en' as const, selected: new Set<string>() };
const answer = await service.stockList(query, viewer, query);
const defs = answer.list.map((q) => allInstruments.find((d) => keyOf(d) === q.key)!);
const quotes = await market.quotes(
  defs.map((d) => keyOf(d)),
  systemClock.now(),
);
const rows = defs.length;

const result: Breakdown = {
  type: 'breakdown',
  serviceCall: await perOp(1000, () => service.stockList(query, viewer, query)),
  toQuoteDtoPerRow: (await perOp(1000, () => defs.map((d, i) => toQuoteDto(d, quotes[i]!, 'en', false)))) / rows,
  toCompactPerRow: (await perOp(1000, () => defs.map((d, i) => toCompact(d, quotes[i]!)))) / rows,
  answerParse: await perOp(1000, () => api.stockList.data.parse(answer)),
  stringify: await perOp(1000, () => JSON.stringify(ok(answer))),
  rows,
};
process.send?.(result, () => process.exit(0));
