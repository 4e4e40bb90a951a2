-- created_at of the idempotency keys and of the journal as BRIN instead of B-tree (issue 14). Both tables are
-- appended in time order; the keys' created_at is read by range only (those older than the retention,
-- platform/idempotency.ts `purgeExpiredKeys`) and the journal's by no query today, so neither needs a sorted index.
-- A B-tree insert costs every order and every transfer a descent and a page write per index; a BRIN insert touches
-- one summary tuple, as for trade_orders (0030). Hand-written; the indexes are declared in platform/db/schema.ts.
DROP INDEX IF EXISTS "idempotency_keys_created";--> statement-breakpoint
DROP INDEX IF EXISTS "journal_entries_created";--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_brin" ON "idempotency_keys" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_created_brin" ON "journal_entries" USING brin ("created_at");
