-- The popular list's 30-day count of orders (modules/market/popular.ts; docs/markets.md "Popular"): a BRIN on
-- created_at, since orders are appended in time order. EXPLAIN on 400,000 orders over a year uses it for the window
-- (a bitmap scan of 550 buffers instead of a sequential scan of 6,664); it is 24 kB and an insert barely touches
-- it. Hand-written; the index is declared in modules/trading/schema.ts.
CREATE INDEX "trade_orders_created_brin" ON "trade_orders" USING brin ("created_at");
