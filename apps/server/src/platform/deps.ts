import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Ledger } from '../ledger/ledger.js';
import type { MarketProvider } from '../market/provider.js';
import type { Sessions } from './auth.js';
import type { Bus } from './bus.js';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import type { EmailCodes } from './email-codes.js';
import type { FileStore } from './files.js';
import type { Mailer } from './mail.js';
import type { Throttle } from './throttle.js';

/** What modules are built from; tests build the same with a test clock and database. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  sessions: Sessions;
  mailer: Mailer;
  codes: EmailCodes;
  throttle: Throttle;
  files: FileStore;
  /** The configured brand name (dict type `brand`, key `name`). */
  brandName: () => Promise<string>;
  /** The one market provider of the process (the simulator, seeded from config, on `clock`). */
  market: MarketProvider;
  /** Publish/subscribe (live quotes); in-process today. */
  bus: Bus;
  /** The double-entry ledger: the only writer of money. */
  ledger: Ledger;
}
