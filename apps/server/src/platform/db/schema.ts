/**
 * The platform's tables (drizzle): identities, sessions and second factors, sign-in throttles, e-mail codes and
 * mail, files, the operators' audit log, idempotency keys, and the ledger's tables (src/ledger sits below the
 * modules, like platform, and every module holds money through it). Each module's own tables live in its folder
 * (modules/<name>/schema.ts) and are reached from another module through its index. drizzle.config.ts reads this
 * file and every module's schema.ts; migrations are generated into ../../../drizzle.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The user ID chosen at registration, as typed; unique case-insensitively. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    accountType: smallint('account_type').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    country: text('country'),
    addressLine: text('address_line'),
    city: text('city'),
    postalCode: text('postal_code'),
    nationalNumber: text('national_number'),
    invitationCode: text('invitation_code').notNull(),
    referrerId: bigint('referrer_id', { mode: 'number' }),
    creditScore: integer('credit_score').notNull().default(100),
    kycStatus: smallint('kyc_status').notNull().default(0),
    kycReason: text('kyc_reason'),
    language: text('language').notNull().default('en'),
    disabled: boolean('disabled').notNull().default(false),
    company: jsonb('company'),
    createdAt: createdAt(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email').on(t.email),
    uniqueIndex('users_invitation_code').on(t.invitationCode),
    index('users_referrer').on(t.referrerId),
    check('users_account_type', sql`${t.accountType} in (2, 4)`),
    check('users_kyc_status', sql`${t.kycStatus} between 0 and 3`),
  ],
);

/** Customer and operator sessions; only the SHA-256 of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    operatorId: bigint('operator_id', { mode: 'number' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_user').on(t.userId),
    check('sessions_owner', sql`(${t.userId} is null) <> (${t.operatorId} is null)`),
  ],
);

/**
 * Failed secret checks per key within a window that starts at the first attempt. A slot is
 * taken (pending + 1) before the secret is checked only while failures + pending < allowed, and
 * turns into a failure or is given back, so concurrent guesses cannot overrun the limit
 * (platform/throttle.ts).
 */
export const signinAttempts = pgTable(
  'signin_attempts',
  {
    /** `login:<userId>`, `login:<userId>@<ip>`, `pay:<userId>`, `op:<name>`, ... */
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    /** Checks in flight: slots taken whose outcome is not known yet. */
    pending: integer('pending').notNull().default(0),
    windowStartedAt: ts('window_started_at').notNull(),
    /** Set when the account's owner was mailed about this lockout: once per window. */
    notifiedAt: ts('notified_at'),
  },
  (t) => [index('signin_attempts_window').on(t.windowStartedAt)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    attempts: integer('attempts').notNull().default(0),
    /** The address the code was asked from: the hourly cap is per address and source. */
    source: text('source'),
  },
  (t) => [index('email_codes_email_purpose').on(t.email, t.purpose, t.createdAt)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    transport: text('transport').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_recipient').on(t.recipient)],
);

export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    /** A customer's upload, or (ownerOperatorId) an operator's: exactly one of the two (files_one_owner). */
    ownerUserId: bigint('owner_user_id', { mode: 'number' }),
    ownerOperatorId: bigint('owner_operator_id', { mode: 'number' }).references((): AnyPgColumn => operators.id),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner').on(t.ownerUserId),
    index('files_owner_operator').on(t.ownerOperatorId),
    index('files_created_at').on(t.createdAt),
    check('files_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerOperatorId} is null)`),
  ],
);

export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operators_username').on(t.username),
    check('operators_role', sql`${t.role} in ('supervisor','admin','reviewer')`),
  ],
);

/**
 * TOTP second factor of a customer or an operator (modules/auth/second-factor.ts): pending until confirmed.
 * The secret never leaves the server after the enrolment start; recovery codes are kept as SHA-256 only.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    secret: text('secret').notNull(),
    confirmedAt: ts('confirmed_at'),
    /** Time step of the last code accepted: a code is good once. */
    lastStep: bigint('last_step', { mode: 'number' }),
    recoveryHashes: text('recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('second_factors_user').on(t.userId),
    uniqueIndex('second_factors_operator').on(t.operatorId),
    check('second_factors_owner', sql`(${t.userId} is null) <> (${t.operatorId} is null)`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_created').on(t.createdAt)],
);

// ------------------------------------------------------------------------------------------- the ledger
// docs/money.md. Only apps/server/src/ledger writes these tables.

/**
 * A customer wallet (user_id, wallet) or a system account (user_id null, system name), in one currency.
 * `balance` is the sum of the account's postings and `held` the sum of its active holds, both kept in the
 * same transaction as the posting or hold; customer accounts can never have held > balance.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    wallet: text('wallet'),
    system: text('system'),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default('0'),
    held: money('held').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_wallet').on(t.userId, t.wallet).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_system').on(t.system, t.currency).where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_owner',
      sql`(${t.userId} is not null and ${t.wallet} is not null and ${t.system} is null) or (${t.userId} is null and ${t.wallet} is null and ${t.system} is not null)`,
    ),
    check('ledger_accounts_held', sql`${t.held} >= 0`),
    // Customer money never goes below zero available; system accounts (clearing) may.
    check('ledger_accounts_available', sql`${t.userId} is null or ${t.balance} - ${t.held} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The operator's words, or null for system entries described by type and detail. */
    reason: text('reason'),
    reference: text('reference'),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    /** Units of the credited currency per unit of the debited one, for conversions. */
    rate: numeric('rate', { precision: 24, scale: 12 }),
    /** Figures for the description (ids, wallet names, channel): never amounts that matter. */
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    // A reference (a deposit, a withdrawal, a transfer being reversed) is posted once per type.
    uniqueIndex('journal_entries_reference').on(t.type, t.reference).where(sql`${t.reference} is not null`),
    // Appended in time order and read by period only: a BRIN, which an insert barely touches (migration 0036).
    index('journal_entries_created_brin').using('brin', t.createdAt),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The entry and the account exist: checked with the balance by ledger_assert_balanced, for every posting, and
    // neither row can go away (migration 0038), instead of by two foreign keys that each cost a query a posting.
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Signed: + into the account, − out of it. */
    amount: money('amount').notNull(),
    /** A customer account's balance right after this posting (system accounts are not cached: null). */
    balanceAfter: money('balance_after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account').on(t.accountId, t.id),
    index('ledger_postings_entry').on(t.entryId),
    check('ledger_postings_nonzero', sql`${t.amount} <> 0`),
  ],
);

export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The account exists: checked once per statement by a trigger, and an account with holds is never deleted
    // (migration 0040).
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    /** active, posted, released */
    status: text('status').notNull().default('active'),
    reference: text('reference').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('ledger_holds_account').on(t.accountId),
    uniqueIndex('ledger_holds_reference').on(t.reference),
    check('ledger_holds_amount', sql`${t.amount} > 0`),
    check('ledger_holds_status', sql`${t.status} in ('active','posted','released')`),
  ],
);

/** Money-moving requests by key: the first answer, replayed to any retry (platform/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `u:<userId>` or `op:<operatorId>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    // json, not jsonb: stored as sent and never queried inside; the order batch writes its answers' text as it
    // comes, without parsing each into jsonb (0037, modules/trading/sql/trade_open_batch.sql).
    response: json('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    // Appended in time order, read by range only (purgeExpiredKeys): a BRIN, which an insert barely touches (0036).
    index('idempotency_keys_created_brin').using('brin', t.createdAt),
  ],
);
