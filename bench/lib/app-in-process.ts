/**
 * The real app in the bench's own process (buildApp, app.inject, no HTTP listener), on a bench database: the
 * breakdowns of the money benches and the batch bench. The trading job is off (no orders are matched meanwhile);
 * `at`, when given, is the app's "now" (a market hour), as SIM_CLOCK_START is for the server the benches start.
 */
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { offsetClock } from '../../apps/server/src/platform/clock.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';

export async function appInProcess(opts: { databaseUrl: string; dataDir: string; at?: Date }) {
  const db = createDb(opts.databaseUrl, 4);
  const config: Config = {
    ...loadConfig({}),
    dataDir: opts.dataDir,
    uploadsDir: path.join(opts.dataDir, 'uploads'),
    seedDemo: false,
    tradingJobMs: 0,
  };
  const clock = opts.at ? offsetClock(opts.at) : undefined;
  const { app } = await buildApp({ db, config, clock, logger: false, rateLimits: false, serveClients: false });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}
