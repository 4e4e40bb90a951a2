/** Column helpers shared by the schema files (platform/db/schema.ts and each module's schema.ts). */
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** A point in time, with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at`, set by the database. */
export const createdAt = () => ts('created_at').notNull().defaultNow();
/** An amount of money: numeric(24, 8), read as a string (docs/money.md). */
export const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
