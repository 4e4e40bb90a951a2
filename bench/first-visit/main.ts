/**
 * `npm run bench -- first-visit`: what a phone downloads on its first visit to the built app (issue 13, "First
 * visit on a phone": at most 150 KB of JavaScript on the wire for the home route). Expects a built app
 * (`npm run build -w apps/web`); starts the server on a free port with a fresh database and data folder,
 * loads each screen as a guest in a fresh Chromium context (390x844, brotli) and writes
 * bench/reports/first-visit.md.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { reportPath } from '../lib/children.js';
import { machineInfo } from '../lib/machine.js';
import { commitOf, runScenario } from '../lib/scenario.js';
import { firstVisit, launchBrowser, type Visit, type VisitResult } from './measure.js';
import { GOAL_BYTES, renderReport } from './report.js';
import { assertBuilt, startBuiltApp } from './server.js';

/** The screens measured; the goal is judged on the first (the home tab). */
export const VISITS: Visit[] = [
  { name: 'home', address: '#/pages/home/index' },
  { name: 'first launch (/, the guide)', address: '' },
  { name: 'markets', address: '#/pages/market/index' },
  { name: 'a quote (Apple)', address: '#/pages/quote/stock?name=Apple&code=AAPL&source=0' },
  { name: 'trade tab (guest)', address: '#/pages/trade/index' },
];

export async function main(): Promise<number> {
  assertBuilt();
  const machine = machineInfo();
  return runScenario('first-visit', 240_000, async ({ databaseUrl, dataDir, log }) => {
    const app = await startBuiltApp({ databaseUrl, dataDir });
    log(`app on ${app.baseUrl}`);
    const browser = await launchBrowser();
    const results: VisitResult[] = [];
    try {
      for (const visit of VISITS) {
        const result = await firstVisit(browser, app.baseUrl, visit);
        log(`${visit.name}: JS ${(result.js.bytes / 1000).toFixed(1)} kB in ${result.js.requests} files`);
        results.push(result);
      }
    } finally {
      await browser.close();
      await app.stop();
    }
    const reportFile = reportPath('first-visit');
    await fsp.writeFile(reportFile, renderReport({ machine, commit: commitOf(), results }));
    const home = results[0];
    const verdict = home && home.js.bytes <= GOAL_BYTES ? 'met' : 'missed';
    log(`goal (home JS <= ${GOAL_BYTES / 1000} kB) ${verdict}; report: ${path.relative(process.cwd(), reportFile)}`);
    return 0;
  });
}
