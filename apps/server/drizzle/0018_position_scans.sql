-- The trading job's scans of open positions, bounded by indexes instead of reading every open position each second
-- (issue 14: at 100,000 open positions the two scans below cost PostgreSQL about 50 ms of CPU a pass).
-- Hand-written like 0016 and 0017; the same indexes are declared in platform/db/schema.ts.
--
-- What is held (instrument and wallet): the job walks this index with a skip scan, one probe per distinct entry.
CREATE INDEX "trade_positions_held" ON "trade_positions" USING btree ("source","code","wallet") WHERE "trade_positions"."status" = 1;--> statement-breakpoint
-- Stops: only the open positions that carry a stop-loss or a take-profit.
CREATE INDEX "trade_positions_stops" ON "trade_positions" USING btree ("id") WHERE "trade_positions"."status" = 1 AND ("trade_positions"."stop_loss" IS NOT NULL OR "trade_positions"."take_profit" IS NOT NULL);
