/** Process configuration from the environment, read once at start. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENCIES, type Currency, WALLETS, type Wallet } from '@beurs/contracts';
import { workerCount } from './platform/workers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  /** Where to listen (HOST). Loopback unless set: opening the server to the network is a decision. */
  host: string;
  /**
   * The role the serving processes connect as, when a DBA made it (APP_DATABASE_URL); DATABASE_URL is then the
   * owner that migrates. Unset: the app makes its own role (platform/db/roles.ts).
   */
  appDatabaseUrl: string | undefined;
  /** Unset: an embedded PostgreSQL is started under dataDir. */
  databaseUrl: string | undefined;
  /** Connections in each serving process's PostgreSQL pool (DB_POOL_MAX, default 20). */
  dbPoolMax: number;
  dataDir: string;
  uploadsDir: string;
  /** What one customer may keep in uploaded files, in MiB (UPLOAD_QUOTA_MB, default 50); unused ones go after a day. */
  uploadQuotaMb: number;
  /** Secret for signed file URLs; made and kept in dataDir when not given. */
  fileUrlSecret: string | undefined;
  publicUrl: string | undefined;
  tokenIdleSeconds: number;
  tokenAbsoluteSeconds: number;
  /**
   * How long a serving process trusts a session it looked up (SESSION_CACHE_MS, default 2000; 0 looks up on
   * every request). A logout or password change takes effect at once in the process that handles it, and
   * within this time in the others (WORKERS > 1).
   */
  sessionCacheMs: number;
  operatorTokenIdleSeconds: number;
  /**
   * An operator without two-step verification may only enrol it (OPERATOR_TOTP_REQUIRED, default true): every
   * other console endpoint answers 403 until it is on.
   */
  operatorTotpRequired: boolean;
  smtp: { url: string; from: string } | undefined;
  /**
   * With the log transport (no SMTP_URL), also append each `MAIL to=… code=…` line to this file (MAIL_LOG_FILE),
   * where browser tests read codes: the outbox an operator reads never carries them.
   */
  mailLogFile: string | undefined;
  webDist: string;
  consoleDist: string;
  logLevel: string;
  /**
   * Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=true, or the proxy addresses, comma-separated).
   * Off by default: otherwise any client could pick its own address and dodge the per-IP limits.
   */
  trustProxy: boolean | string;
  /** Seed demo users, operators and content on an empty database. */
  seedDemo: boolean;
  /** Seed of the simulated market: the same seed gives the same prices, candles and ticks on every node. */
  marketSeed: string;
  /** How often the live-quotes loop publishes (SPEC: at least once a second). */
  quoteTickMs: number;
  /** Heartbeat of the quotes socket; a socket silent for two heartbeats is dropped. */
  wsHeartbeatMs: number;
  /** Serving processes (WORKERS: 1, `auto` or n); more than 1 runs the app in cluster workers (main.ts). */
  workers: number;
  /** Overrides of the wallet currencies (WALLET_CURRENCIES=US_STOCK=USD,HK_STOCK=EUR); default: $ for US_STOCK, € else. */
  walletCurrency: Partial<Record<Wallet, Currency>>;
  /**
   * How often the trading job (limit orders, stops, close-outs; docs/trading.md) runs, in ms; one node at a time
   * runs it under a PostgreSQL advisory lock. 0 turns it off (tests drive it by hand).
   */
  tradingJobMs: number;
  /**
   * How often the primary-markets job (IPO allotments at the close, listings at the listing date;
   * docs/primary-markets.md) runs, in ms (PRIMARY_JOB_MS, default 5 s); one node at a time under an advisory lock.
   * 0 turns it off (tests drive it by hand).
   */
  primaryJobMs: number;
  /**
   * How often the leader node checks the books (the trial balance, recorded; an unbalanced one is a console alert),
   * in ms (TRIAL_BALANCE_MS, default 5 minutes). 0 turns it off (tests drive it by hand).
   */
  trialBalanceMs: number;
  /**
   * How long a withdrawal may wait for review (WITHDRAWAL_REVIEW_HOURS, default 24): the customer sees the time it
   * is expected by, and the console flags it overdue after it.
   */
  withdrawalReviewHours: number;
  /**
   * Adjustments above this amount (ADJUSTMENT_APPROVAL_LIMIT, default 10000, in the wallet's currency) need the
   * approval of a supervisor instead of a second admin (docs/security.md, four eyes).
   */
  adjustmentApprovalLimit: string;
}

const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, '.data'));
  return {
    port: num(env.PORT, 3000),
    host: env.HOST || 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    dbPoolMax: Math.max(1, num(env.DB_POOL_MAX, 20)),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadQuotaMb: Math.max(1, num(env.UPLOAD_QUOTA_MB, 50)),
    fileUrlSecret: env.FILE_URL_SECRET,
    publicUrl: env.PUBLIC_URL,
    tokenIdleSeconds: num(env.TOKEN_IDLE_SECONDS, 7 * 24 * 3600),
    sessionCacheMs: Math.max(0, num(env.SESSION_CACHE_MS, 2000)),
    tokenAbsoluteSeconds: num(env.TOKEN_ABSOLUTE_SECONDS, 30 * 24 * 3600),
    operatorTokenIdleSeconds: num(env.OPERATOR_TOKEN_IDLE_SECONDS, 8 * 3600),
    operatorTotpRequired: env.OPERATOR_TOTP_REQUIRED !== 'false',
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM ?? 'no-reply@localhost' } : undefined,
    mailLogFile: env.MAIL_LOG_FILE || undefined,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(root, 'apps/web/dist'),
    consoleDist: env.CONSOLE_DIST ? path.resolve(env.CONSOLE_DIST) : path.join(root, 'apps/console/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO !== 'false',
    marketSeed: env.MARKET_SEED || 'kade-2026',
    quoteTickMs: Math.max(100, num(env.QUOTE_TICK_MS, 1000)),
    wsHeartbeatMs: Math.max(1000, num(env.WS_HEARTBEAT_MS, 15_000)),
    workers: workerCount(env.WORKERS),
    walletCurrency: parseWalletCurrencies(env.WALLET_CURRENCIES),
    tradingJobMs: env.TRADING_JOB_MS === '0' ? 0 : Math.max(200, num(env.TRADING_JOB_MS, 1000)),
    primaryJobMs: env.PRIMARY_JOB_MS === '0' ? 0 : Math.max(200, num(env.PRIMARY_JOB_MS, 5000)),
    trialBalanceMs: env.TRIAL_BALANCE_MS === '0' ? 0 : Math.max(1000, num(env.TRIAL_BALANCE_MS, 300_000)),
    withdrawalReviewHours: Math.max(1, num(env.WITHDRAWAL_REVIEW_HOURS, 24)),
    adjustmentApprovalLimit: parseApprovalLimit(env.ADJUSTMENT_APPROVAL_LIMIT),
  };
}

/** A host that only this machine can reach: the demo operators' published passwords are refused elsewhere. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export const migrationsFolder = path.join(root, 'apps/server/drizzle');

/**
 * The SQL functions' current source, one file per function, applied after the migrations in this order (then by
 * file name) when a file's checksum changed (platform/db/sql-functions.ts): the ledger's first, the callers' after.
 */
export const sqlFunctionFolders = [
  path.join(root, 'apps/server/src/ledger/sql'),
  path.join(root, 'apps/server/src/modules/trading/sql'),
];

/** A typo must not lift the supervisor's control: anything but a positive amount stops the start. */
function parseApprovalLimit(value: string | undefined): string {
  if (!value) return '10000';
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(value) || !/[1-9]/.test(value)) {
    throw new Error(`ADJUSTMENT_APPROVAL_LIMIT: "${value}" is not a positive amount such as 10000`);
  }
  return value;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function parseWalletCurrencies(value: string | undefined): Partial<Record<Wallet, Currency>> {
  const out: Partial<Record<Wallet, Currency>> = {};
  for (const pair of (value ?? '').split(',').filter(Boolean)) {
    const [wallet, currency] = pair.split('=').map((s) => s.trim());
    const w = WALLETS.find((x) => x === wallet);
    const c = CURRENCIES.find((x) => x === currency);
    if (!w || !c) throw new Error(`WALLET_CURRENCIES: "${pair}" is not WALLET=EUR|USD`);
    out[w] = c;
  }
  return out;
}
