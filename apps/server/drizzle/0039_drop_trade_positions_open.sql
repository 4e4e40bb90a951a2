-- trade_positions_open (open positions by wallet and customer) dropped (issue 14). Every query that reads open
-- positions names the customer (the close-out of a wallet, its margins, the customer's lists), which
-- trade_positions_user (customer, status, id) finds; the job's scans by instrument use trade_positions_held and the
-- close-out screen reads trade_exposure. The index cost every order a B-tree insert: 3-6 % of the order batch's
-- backend CPU at 64 orders a batch (bench/batch, BENCH_BATCH_TOGGLE dropping it before each B block: B / A 0.942
-- and 0.971). Hand-written; the indexes are declared in modules/trading/schema.ts.
DROP INDEX IF EXISTS "trade_positions_open";
