/**
 * The record of each offering's allotment (migration 0019, hand-written like 0017): the published inputs and the
 * result, written by the allotment job in the transaction that settles the subscriptions (allotment-job.ts).
 */

import type { AllotmentRule } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offerings } from './schema.js';

/** One application and what it got, in lots. */
export interface AllottedApplication {
  id: number;
  lots: number;
}

export const offeringAllotments = pgTable(
  'offering_allotments',
  {
    offeringId: bigint('offering_id', { mode: 'number' })
      .primaryKey()
      .references(() => offerings.id),
    rule: text('rule').notNull().$type<AllotmentRule>(),
    seed: text('seed').notNull(),
    lotSize: integer('lot_size').notNull(),
    lotsOffered: bigint('lots_offered', { mode: 'number' }).notNull(),
    lotsApplied: bigint('lots_applied', { mode: 'number' }).notNull(),
    lotsAllotted: bigint('lots_allotted', { mode: 'number' }).notNull(),
    /** The applications in id order: {id, lots}. */
    applications: jsonb('applications').notNull().$type<AllottedApplication[]>(),
    /** Lots allotted per application, in the same order: {id, lots}. */
    result: jsonb('result').notNull().$type<AllottedApplication[]>(),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('offering_allotments_rule', sql`${t.rule} in ('ballot', 'proRata')`),
    check(
      'offering_allotments_lots',
      sql`${t.lotSize} > 0 and ${t.lotsAllotted} >= 0 and ${t.lotsAllotted} <= ${t.lotsOffered} and ${t.lotsAllotted} <= ${t.lotsApplied}`,
    ),
  ],
);
