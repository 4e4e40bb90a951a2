-- A placing's lock-up on the position it delivered (issue 15; docs/primary-markets.md "Lock-up"). The customer's own
-- close (and their take-profit / stop-loss) is refused while sellable_from is after the close's instant; a stop-out
-- or a liquidation always closes. Null for every other position. A split of a locked position keeps the date on both
-- rows (the close copies the row). Hand-written like 0016-0024; the column is declared in modules/trading/schema.ts.
ALTER TABLE "trade_positions" ADD COLUMN "sellable_from" timestamp with time zone;
