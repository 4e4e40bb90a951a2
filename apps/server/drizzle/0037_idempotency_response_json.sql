-- The idempotency keys' stored answer as json instead of jsonb (issue 14). An answer is stored once and read back
-- whole on a retry, never queried inside, so jsonb's parsed form buys nothing; trade_open_batch now stores each
-- order's answer as the text it is sent (json checks it is JSON and keeps it as sent) instead of parsing it into
-- jsonb to write three ids into it, 8 % of the function's time (docs/trading.md "The placement path"). The SQL functions that store jsonb answers (ledger_post_once,
-- trade_open_now) go through the assignment cast; idempotency_begin reads it back as jsonb the same way.
-- Hand-written; the column is declared in platform/db/schema.ts.
ALTER TABLE "idempotency_keys" ALTER COLUMN "response" SET DATA TYPE json USING "response"::json;
