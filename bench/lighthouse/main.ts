/**
 * `npm run bench -- lighthouse`: Lighthouse 12.2.3 (mobile preset: a mid-range phone, simulated slow 4G and a
 * 4x slower CPU) against the built app as `npm start` serves it, for home, markets, a quote and the trade tab
 * (issue 13: performance, accessibility and best practices >= 95 each). Expects a built app (`npm run build -w
 * apps/web`); writes bench/reports/lighthouse.md with the scores, the failing audits and the load average, since
 * on a busy machine the performance score is noise.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { VISITS } from '../first-visit/main.js';
import { chromiumPath } from '../first-visit/measure.js';
import { assertBuilt, startBuiltApp } from '../first-visit/server.js';
import { reportPath } from '../lib/children.js';
import { machineInfo } from '../lib/machine.js';
import { processCpuSeconds } from '../lib/proc-cpu.js';
import { BUSY_OUTSIDE_PERCENT, probeOutside, procSnapshot, stealPercent } from '../lib/quiet.js';
import { commitOf, runScenario } from '../lib/scenario.js';
import { type PageResult, renderReport, summarise } from './report.js';

/**
 * Waits until the server used at most 5 % of a core over a second (at most 60 s): a fresh server replays the
 * strategy books from their start, and a page traced meanwhile would pay for it. Answers the seconds waited.
 */
async function serverIdle(pid: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const before = processCpuSeconds(pid);
    await new Promise((done) => setTimeout(done, 1_000));
    if (processCpuSeconds(pid) - before <= 0.05) break;
  }
  return (performance.now() - started) / 1000;
}

/** The screens of the goal (the guide at / is not one of them). */
/** BENCH_PAGES=home,trade: only the pages whose name starts with one of these (for an A/B of one page). */
const only = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const PAGES = VISITS.filter(
  (visit) => visit.address !== '' && (only.length === 0 || only.some((name) => visit.name.startsWith(name))),
);

/** One page in a fresh browser (no cache, no service worker, no storage from the page before). */
async function measure(visit: (typeof PAGES)[number], app: { pid: number; baseUrl: string }): Promise<PageResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    await serverIdle(app.pid);
    const outsideBefore = await probeOutside([process.pid]);
    const loadBefore = os.loadavg()[0] ?? Number.NaN;
    const before = procSnapshot();
    const run = await lighthouse(`${app.baseUrl}/${visit.address}`, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!run) throw new Error(`lighthouse gave no result for ${visit.name}`);
    return {
      ...summarise(visit.name, run.lhr, loadBefore, outsideBefore),
      stealDuring: stealPercent(before, procSnapshot()),
    };
  } finally {
    chrome.kill();
  }
}

export async function main(): Promise<number> {
  assertBuilt();
  const machine = machineInfo();
  return runScenario('lighthouse', 420_000, async ({ databaseUrl, dataDir, log }) => {
    const app = await startBuiltApp({ databaseUrl, dataDir });
    const results: PageResult[] = [];
    try {
      for (const visit of PAGES) {
        // A page Lighthouse could not measure, or one measured while other work ran, is measured once more in a
        // fresh browser; the report keeps the last attempt.
        for (let attempt = 1; attempt <= 2; attempt++) {
          const result = await measure(visit, app);
          log(
            `${visit.name}: ${result.runtimeError ?? result.scores.map((s) => `${s.id} ${s.score}`).join(', ')} (load ${result.loadAverage.toFixed(1)}, outside ${result.outsideBefore.toFixed(0)} %, steal ${result.stealDuring?.toFixed(0)} %)`,
          );
          if (attempt === 2 || (!result.runtimeError && result.outsideBefore <= BUSY_OUTSIDE_PERCENT)) {
            results.push(result);
            break;
          }
        }
      }
    } finally {
      await app.stop();
    }
    const reportFile = reportPath('lighthouse');
    await fsp.writeFile(reportFile, renderReport({ machine, commit: commitOf(), results }));
    log(`report: ${path.relative(process.cwd(), reportFile)}`);
    return 0;
  });
}
