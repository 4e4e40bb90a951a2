/**
 * The meta module's tables: operator-edited content (/dict/data) and the awards shown to customers.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.js';
import { operators } from '../../platform/db/schema.js';

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
