/**
 * The reviews module's tables: identity check submissions (a customer submits through modules/users; an
 * operator decides here).
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../platform/db/columns.js';

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
