/**
 * `npm run bench -- strategies`: the strategy runner's cost (issue 17). On one core, in one run: (a) the simulator's
 * own tick cost (ticksBetween: one tick per instrument and second, the live loop's work) per instrument-tick, and
 * (b) the engine's cost per strategy-instrument step (stepBook over the demo strategies, quotes read from the same
 * simulator, so quoting is included), each over a fixed number of ticks. The report gives (b) as a ratio to (a) and
 * the strategies x instruments one core could step at 1 Hz. Written to bench/reports/strategies.md.
 */
import fs from 'node:fs';
import { createSimulator } from '../../apps/server/src/market/index.js';
import { allInstruments } from '../../apps/server/src/market/instruments/index.js';
import {
  DEMO_STRATEGIES,
  newBook,
  QUANT_STRATEGIES,
  quotesOf,
  STEP_MS,
  stepBook,
} from '../../apps/server/src/modules/strategies/index.js';
import { reportPath } from '../lib/children.js';
import { BUSY_OUTSIDE_PERCENT, loadAverage, outsideCpuPercent, probeOutside, procSnapshot } from '../lib/quiet.js';

const START = Date.parse('2026-11-23T15:30:00Z');

export async function main(): Promise<number> {
  const quick = process.env.BENCH_QUICK === '1';
  const seconds = quick ? 60 : 600;
  const sim = createSimulator({ seed: 'kade-2026', instruments: allInstruments });
  const outsideBefore = await probeOutside([process.pid]);
  const loadBefore = loadAverage();
  const startSnapshot = procSnapshot();
  const cryptoKeys = allInstruments.filter((i) => i.kind === 'crypto').map((i) => `${i.source}:${i.code}`);

  // (a) the simulator's live tick cost, crypto (always trading), one tick per instrument and second.
  sim.ticksBetween(new Date(START - 60_000), new Date(START), cryptoKeys); // warm the day paths
  let t0 = process.hrtime.bigint();
  let ticks = 0;
  for (let s = 0; s < seconds; s += 60) {
    ticks += sim.ticksBetween(new Date(START + s * 1000), new Date(START + (s + 60) * 1000), cryptoKeys).length;
  }
  const simNs = Number(process.hrtime.bigint() - t0) / ticks;

  // (b) the engine: every strategy of the catalogue (copy trading's and AI quant's) stepped once a second of simulated time (quotes fetched per step).
  const books = [...DEMO_STRATEGIES, ...QUANT_STRATEGIES].map((s) => ({
    params: s.params,
    book: { ...newBook(s.params), tick: START - STEP_MS },
  }));
  let steps = 0;
  t0 = process.hrtime.bigint();
  for (let s = 0; s < seconds; s++) {
    for (const b of books) {
      // The engine asserts hourly ticks; a 1 Hz runner steps the same function with its own tick spacing.
      const tick = b.book.tick + STEP_MS;
      const at = START + s * 1000;
      const quotes = quotesOf(b.params.instruments, sim.quotes(b.params.instruments, new Date(at)));
      b.book = stepBook(b.params, b.book, tick, quotes).book;
      steps += b.params.instruments.length;
    }
  }
  const engineNs = Number(process.hrtime.bigint() - t0) / steps;
  const perSecond = Math.floor(1e9 / engineNs);
  const outsideDuring = outsideCpuPercent(startSnapshot, procSnapshot(), [process.pid]);
  const quiet = outsideBefore <= BUSY_OUTSIDE_PERCENT && outsideDuring <= BUSY_OUTSIDE_PERCENT;
  const lines = [
    '# Strategy runner cost (issue 17)',
    '',
    `Run ${new Date().toISOString()}${quick ? ' (BENCH_QUICK)' : ''}; one core, ${seconds} s of simulated time, ${books.length} strategies (copy trading and AI quant).`,
    `Processes outside the bench took ${outsideBefore.toFixed(0)} % of a core just before and ${outsideDuring.toFixed(0)} % during the run (load average ${loadBefore.toFixed(2)} at its start): ${quiet ? `**a quiet run** (at most ${BUSY_OUTSIDE_PERCENT} % both times)` : '**a busy machine: the absolute timings are inflated**; only the ratio compares across runs'}.`,
    '',
    '| measure | per unit | |',
    '|---|---|---|',
    `| simulator tick (crypto, ticksBetween) | ${(simNs / 1000).toFixed(2)} µs per instrument-tick | ${ticks} ticks |`,
    `| engine step incl. quote (the catalogue's strategies) | ${(engineNs / 1000).toFixed(2)} µs per strategy-instrument | ${steps} steps |`,
    `| ratio engine / simulator | ${(engineNs / simNs).toFixed(2)} | |`,
    `| strategies x instruments one core steps at 1 Hz | ${perSecond.toLocaleString('en')} | |`,
    '',
    'The books run hourly (STEP_MS), so today they use a tiny fraction of this; the figure says how far a 1 Hz',
    'runner could go on one core before it needs sharding.',
    '',
  ];
  const file = reportPath('strategies');
  fs.writeFileSync(file, lines.join('\n'));
  process.stdout.write(lines.join('\n'));
  return 0;
}
