/** Database schema (drizzle). Migrations are generated from this file into ../../drizzle. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

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
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner').on(t.ownerUserId), index('files_created_at').on(t.createdAt)],
);

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    idType: text('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    /** role -> file id: front, back, licence, bank. */
    files: jsonb('files').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
    reviewedAt: ts('reviewed_at'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
  },
  (t) => [
    index('kyc_user').on(t.userId),
    // At most one submission waiting for review per user.
    uniqueIndex('kyc_one_pending').on(t.userId).where(sql`${t.status} = 1`),
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

/** The scheduled trial balance (modules/console/trial-balance-job.ts): one row per check, append-only. */
export const trialBalanceChecks = pgTable(
  'trial_balance_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkedAt: ts('checked_at').notNull(),
    balanced: boolean('balanced').notNull(),
    /** What did not hold, in words (empty when balanced). */
    problems: jsonb('problems').$type<string[]>().notNull(),
    /** The trial balance as the Books page shows it. */
    figures: jsonb('figures').notNull(),
  },
  (t) => [
    index('trial_balance_checks_unbalanced').on(t.checkedAt).where(sql`not ${t.balanced}`),
    index('trial_balance_checks_checked_at').on(t.checkedAt),
  ],
);

/** Operator-editable content served by /dict/data. */
export const dict = pgTable(
  'dict',
  {
    type: text('type').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dict_type_key').on(t.type, t.key)],
);

/**
 * The watchlist (SPEC: userSelfSecurity): one row per user and instrument, in the user's order (`sort`
 * ascending; new items get a smaller sort than any other, so they come first).
 */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: smallint('source').notNull(),
    code: text('code').notNull(),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watchlist_items_user_instrument').on(t.userId, t.source, t.code),
    index('watchlist_items_user_sort').on(t.userId, t.sort),
  ],
);

// ------------------------------------------------------------------------------------------- the ledger
// docs/money.md. Only apps/server/src/ledger writes these tables.

const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

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
    index('journal_entries_created').on(t.createdAt),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
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
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
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
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);

// ----------------------------------------------------------------------------- deposits and withdrawals

export const depositChannels = pgTable('deposit_channels', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  asset: text('asset').notNull(),
  network: text('network'),
  address: text('address'),
  bank: jsonb('bank'),
  wallet: text('wallet').notNull(),
  currency: text('currency').notNull(),
  minAmount: money('min_amount').notNull().default('1'),
  confirmations: integer('confirmations').notNull().default(3),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => depositChannels.id),
    /** The channel as it was when the deposit was reported. */
    channel: jsonb('channel').notNull(),
    amount: money('amount').notNull(),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    proofFileId: text('proof_file_id').notNull(),
    txHash: text('tx_hash'),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => operators.id),
    createdAt: createdAt(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('recharge_orders_user').on(t.userId, t.id),
    index('recharge_orders_status').on(t.status, t.id),
    check('recharge_orders_amount', sql`${t.amount} > 0`),
    check('recharge_orders_status', sql`${t.status} in (1, 2, 3)`),
  ],
);

/** Bank cards and crypto wallets a customer withdraws to (SPEC UserAccount). */
export const userAccounts = pgTable(
  'user_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** The fields of a bank card or crypto wallet (contracts: wallet.userAccountInput). */
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('user_accounts_user').on(t.userId), check('user_accounts_kind', sql`${t.kind} in ('bank','crypto')`)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    userAccountId: bigint('user_account_id', { mode: 'number' })
      .notNull()
      .references(() => userAccounts.id),
    /** Where the money goes, as it was when asked for. */
    destination: jsonb('destination').notNull(),
    amount: money('amount').notNull(),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    holdId: bigint('hold_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerHolds.id),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => operators.id),
    /** The bank reference or transaction hash of the payout, entered on approval; the customer sees it. */
    payoutReference: text('payout_reference'),
    createdAt: createdAt(),
    /** When it stopped pending: paid, rejected or cancelled by the customer (status 4, no reviewer). */
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_status').on(t.status, t.id),
    check('withdrawals_amount', sql`${t.amount} > 0`),
    check('withdrawals_status', sql`${t.status} in (1, 2, 3, 4)`),
    check('withdrawals_paid_reference', sql`${t.status} <> 3 OR ${t.payoutReference} IS NOT NULL`),
  ],
);

/** Awards shown to customers: only named ones with their source, entered by an operator (docs/decisions.md). */
export const awards = pgTable(
  'awards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    year: smallint('year').notNull(),
    awardedBy: text('awarded_by').notNull(),
    source: text('source').notNull(),
    url: text('url'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [check('awards_year', sql`${t.year} BETWEEN 1900 AND 2200`)],
);

/**
 * Manual adjustments under four eyes (docs/security.md): one operator proposes, a different one approves
 * (which posts the journal entry `adjustment` with reference `adjustment:<id>`, so it is posted at most once)
 * or rejects; the maker may cancel while it is proposed. The database refuses a checker equal to the maker.
 */
export const adjustmentProposals = pgTable(
  'adjustment_proposals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    direction: text('direction').notNull(),
    /** Always positive; `direction` says credit or debit. */
    amount: money('amount').notNull(),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('proposed'),
    makerId: bigint('maker_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    checkerId: bigint('checker_id', { mode: 'number' }).references(() => operators.id),
    decisionReason: text('decision_reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('adjustment_proposals_status').on(t.status, t.id),
    index('adjustment_proposals_user').on(t.userId, t.id),
    check('adjustment_proposals_amount', sql`${t.amount} > 0`),
    check('adjustment_proposals_direction', sql`${t.direction} in ('credit','debit')`),
    check('adjustment_proposals_status', sql`${t.status} in ('proposed','approved','rejected','cancelled')`),
    check('adjustment_proposals_four_eyes', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    check('adjustment_proposals_entry', sql`(${t.status} = 'approved') = (${t.entryId} is not null)`),
  ],
);

/** The inbox: a kind and its figures, written out in the reader's language when read. */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_messages_user').on(t.userId, t.id),
    index('user_messages_unread').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------- trading
// docs/trading.md. Money columns are in the wallet's currency; prices in the instrument's currency.

/** Orders: entrusted limit orders (status 0), filled (1) and cancelled (2) orders, and close orders (1). */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The position opened, added to or closed; null while a new-position limit order waits. */
    positionId: bigint('position_id', { mode: 'number' }),
    /** An addition: the position it adds to (set at placement). */
    addToPositionId: bigint('add_to_position_id', { mode: 'number' }),
    source: integer('source').notNull(),
    code: text('code').notNull(),
    wallet: text('wallet').notNull(),
    /** 0 buy, 1 sell. */
    direction: smallint('direction').notNull(),
    /** 0 market, 1 limit. */
    orderType: smallint('order_type').notNull(),
    /** 0 open, 1 close. */
    openClose: smallint('open_close').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Limit price, or the fill price of a market order. */
    price: numeric('price').notNull(),
    fillPrice: numeric('fill_price'),
    leverage: integer('leverage').notNull(),
    margin: money('margin').notNull(),
    fee: money('fee').notNull(),
    /** Notional at the order price in the wallet's currency. */
    amount: money('amount').notNull(),
    /** Instrument currency -> wallet currency. */
    rate: numeric('rate').notNull(),
    /**
     * Orders that open or add: the fee rate that will be charged on closing what they open (the schedule shown on
     * the ticket, kept for a resting limit order until it fills); null on close orders.
     */
    closeFeeRate: numeric('close_fee_rate'),
    /** Entrusted orders: the hold of margin + fee. */
    holdId: bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id),
    status: smallint('status').notNull(),
    profit: money('profit'),
    closeReason: text('close_reason'),
    stopLoss: numeric('stop_loss'),
    takeProfit: numeric('take_profit'),
    createdAt: createdAt(),
    filledAt: ts('filled_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    index('trade_orders_user').on(t.userId, t.id),
    // The matching job reads only the entrusted orders.
    index('trade_orders_entrusted').on(t.source, t.code).where(sql`${t.status} = 0`),
    check('trade_orders_status', sql`${t.status} in (0, 1, 2)`),
    check('trade_orders_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Positions: open (status 1) and closed (4). A partial close cuts a closed row off its open parent. */
export const tradePositions = pgTable(
  'trade_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    parentId: bigint('parent_id', { mode: 'number' }),
    source: integer('source').notNull(),
    code: text('code').notNull(),
    wallet: text('wallet').notNull(),
    assetClass: text('asset_class').notNull(),
    /** 0 long, 1 short. */
    direction: smallint('direction').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    leverage: integer('leverage').notNull(),
    /** Average open price. */
    openPrice: numeric('open_price').notNull(),
    multiplier: numeric('multiplier').notNull(),
    /** Instrument currency -> wallet currency at open (weighted for additions). */
    openRate: numeric('open_rate').notNull(),
    /** Margin held (initial + added), wallet currency. */
    margin: money('margin').notNull(),
    initialMargin: money('initial_margin').notNull(),
    addedMargin: money('added_margin').notNull().default('0'),
    openFee: money('open_fee').notNull(),
    /**
     * The fee rate of the close (sellRate for a long, buyRate for a short) from the schedule the position opened
     * under; additions blend it by quantity. An operator's later change does not reach it (docs/trading.md).
     */
    closeFeeRate: numeric('close_fee_rate').notNull(),
    /** The active hold of `margin` (open positions). */
    holdId: bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id),
    /** Bumped at every re-hold so hold references stay unique. */
    holdSeq: integer('hold_seq').notNull().default(0),
    stopLoss: numeric('stop_loss'),
    takeProfit: numeric('take_profit'),
    status: smallint('status').notNull(),
    closePrice: numeric('close_price'),
    closeRate: numeric('close_rate'),
    sellProfit: money('sell_profit'),
    closeFee: money('close_fee'),
    absorbedLoss: money('absorbed_loss'),
    closeReason: text('close_reason'),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('trade_positions_user').on(t.userId, t.status, t.id),
    // The matching job reads only open positions.
    index('trade_positions_open').on(t.wallet, t.userId).where(sql`${t.status} = 1`),
    // The job's list of what is held walks this index (one probe per instrument and wallet, not every position;
    // migration 0018), and its stop scan reads only the positions that have a stop.
    index('trade_positions_held').on(t.source, t.code, t.wallet).where(sql`${t.status} = 1`),
    index('trade_positions_stops')
      .on(t.id)
      .where(sql`${t.status} = 1 and (${t.stopLoss} is not null or ${t.takeProfit} is not null)`),
    check('trade_positions_status', sql`${t.status} in (1, 4)`),
    check('trade_positions_quantity', sql`${t.quantity} > 0`),
    check('trade_positions_margin', sql`${t.margin} >= 0`),
  ],
);

/** The operator's trading rules per asset class; an asset class without a row uses the defaults (ESMA caps). */
export const tradingSettings = pgTable('trading_settings', {
  assetClass: text('asset_class').primaryKey(),
  leverageCap: integer('leverage_cap').notNull(),
  buyRate: numeric('buy_rate').notNull(),
  sellRate: numeric('sell_rate').notNull(),
  minQuantity: integer('min_quantity').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
