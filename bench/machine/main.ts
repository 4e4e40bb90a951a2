/**
 * `npm run bench -- machine`: can this machine judge the money benches right now? About 40 s, where a run of `orders`
 * or `wallet` takes seven and can end in "no verdict". pgbench's TPC-B at 16 and at 64 clients, 8 s each, on a fresh
 * embedded PostgreSQL (the benches' scale and threads, ratioSettings), with the CPU outside this probe and the steal
 * over each run: the test the verdicts themselves apply (bench/lib/quiet.ts: quiet, and TPC-B at 64 clients at least
 * MIN_REF_SCALING of its rate at 16 and at least MIN_OF_QUIET_DAY of a quiet day's, QUIET_DAY_TPS). Prints a verdict
 * line and exits 0 when a run could be judged, 1 when not, 2 when it could not measure. Writes no report: it says
 * nothing of the app.
 */
import path from 'node:path';
import pg from 'pg';
import { findPgbench, initPgbench, runPgbench } from '../lib/pgbench.js';
import { postmasterPid } from '../lib/proc-cpu.js';
import {
  isQuiet,
  outsideCpuPercent,
  probeOutside,
  procSnapshot,
  stealPercent,
  throttledRounds,
  throttledText,
} from '../lib/quiet.js';
import { FEW_CLIENTS, ratioSettings } from '../lib/ratio.js';
import { runScenario } from '../lib/scenario.js';
import { fmt } from '../lib/stats.js';

/** The money benches' own reference settings (scale, threads, 64 clients), so the probe judges what they run. */
const s = ratioSettings(false, 64);
const SECONDS = 8;

export function main(): Promise<number> {
  return runScenario('machine', 300_000, async ({ tmpDir, pg: server, log }) => {
    const pgbench = findPgbench();
    if (!pgbench) {
      log('pgbench not found: apt-get install postgresql-client');
      return 2;
    }
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query('create database pgbench');
    await client.end();
    const url = server.urlFor('pgbench');
    log(`pgbench -i -s ${s.pgbenchScale}: ${fmt(await initPgbench(pgbench.bin, url, s.pgbenchScale), 1)} s`);
    const roots = [process.pid, postmasterPid(path.join(tmpDir, 'pg'))];
    // One round as the verdicts see it (bench/lib/quiet.ts): each run probed before and measured during.
    const runs: { target: string; round: number; perSecond: number; quiet: boolean }[] = [];
    for (const [target, clients] of [
      ['pgbench-few', FEW_CLIENTS],
      ['pgbench', s.clients],
    ] as const) {
      const startOutsidePercent = await probeOutside(roots);
      const a = procSnapshot();
      const run = await runPgbench(pgbench.bin, url, {
        clients,
        threads: s.pgbenchThreads,
        seconds: SECONDS,
        logDir: path.join(tmpDir, target),
      });
      const b = procSnapshot();
      const outsidePercent = outsideCpuPercent(a, b, roots);
      const steal = stealPercent(a, b);
      const quiet = isQuiet({ startOutsidePercent, outsidePercent, stealPercent: steal });
      log(
        `TPC-B at ${clients} clients: ${fmt(run.tps, 0)} tps, p99 ${fmt(run.latencyMs.p99, 0)} ms; outside CPU ${fmt(startOutsidePercent, 0)} % before, ${fmt(outsidePercent, 0)} % during, steal ${fmt(steal, 0)} % of a core${quiet ? '' : ' (BUSY)'}`,
      );
      runs.push({ target, round: 1, perSecond: run.tps, quiet });
    }
    const [few, many] = runs as [(typeof runs)[number], (typeof runs)[number]];
    const quiet = few.quiet && many.quiet;
    const scaling = many.perSecond / few.perSecond;
    const [throttled] = throttledRounds([{ round: 1, quiet }], runs);
    const fit = quiet && !throttled;
    const rates = `TPC-B ${fmt(few.perSecond, 0)} / ${fmt(many.perSecond, 0)} tps at ${FEW_CLIENTS} / ${s.clients} clients, ${fmt(scaling, 2)}`;
    console.log(
      fit
        ? `machine: fit to judge (${rates})`
        : `machine: NOT fit to judge (${rates}: ${throttled ? `TPC-B throttled, ${throttledText(throttled)}` : 'other work on the machine'}); orders and wallet would answer "no verdict"`,
    );
    return fit ? 0 : 1;
  });
}
