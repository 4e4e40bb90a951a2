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
  pgTable,
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

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased login name as typed, or `op:<name>` for operators. */
    loginKey: text('login_key').notNull(),
    at: createdAt(),
  },
  (t) => [index('login_failures_key_at').on(t.loginKey, t.at)],
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
  (t) => [index('files_owner').on(t.ownerUserId)],
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
    check('operators_role', sql`${t.role} in ('admin','reviewer')`),
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
