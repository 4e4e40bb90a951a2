-- Terms hold (issue 12, docs/trading.md "Fees"): a position keeps the close fee rate of the schedule it opened
-- under, and a resting limit order keeps the one its ticket showed until it fills. Before, the close fee was
-- computed from the operator's current rate, so a change reached open positions within the 2-second cache.
--
-- trade_open_now (0007) and trade_open_batch (0008) write the position and order rows the server gives them with
-- jsonb_populate_record(NULL::trade_positions / trade_orders, ...), which fills every column of the row type by
-- name: the new columns are written by them unchanged, so they are not replaced here. The position's column is
-- NOT NULL, so a writer that forgot it fails instead of opening a position without its terms.
ALTER TABLE "trade_orders" ADD COLUMN "close_fee_rate" numeric;
--> statement-breakpoint
ALTER TABLE "trade_positions" ADD COLUMN "close_fee_rate" numeric;
--> statement-breakpoint
-- Positions from before this migration: the schedule in force now (the operator's row, else the defaults of
-- settings.ts), the rate their close would have been charged at until today. Resting orders from before keep
-- NULL: the server takes the schedule of their fill moment for them, as it did before.
WITH defaults(asset_class, buy_rate, sell_rate) AS (
  VALUES ('forexMajor', 0.0002::numeric, 0.0002::numeric), ('forexMinor', 0.0003, 0.0003), ('gold', 0.0005, 0.0005),
         ('indexMajor', 0.0005, 0.0005), ('commodity', 0.0005, 0.0005), ('indexOther', 0.0005, 0.0005),
         ('stock', 0.001, 0.001)
), schedule AS (
  SELECT d.asset_class, coalesce(s.buy_rate, d.buy_rate) AS buy_rate, coalesce(s.sell_rate, d.sell_rate) AS sell_rate
  FROM defaults d LEFT JOIN trading_settings s ON s.asset_class = d.asset_class
)
UPDATE trade_positions p
SET close_fee_rate = CASE WHEN p.direction = 0 THEN s.sell_rate ELSE s.buy_rate END
FROM schedule s WHERE s.asset_class = p.asset_class;
--> statement-breakpoint
UPDATE trade_positions SET close_fee_rate = 0.001 WHERE close_fee_rate IS NULL;
--> statement-breakpoint
ALTER TABLE "trade_positions" ALTER COLUMN "close_fee_rate" SET NOT NULL;
