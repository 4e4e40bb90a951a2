-- Best execution keeps its price improvement (docs/trading.md "Orders"): an order that opens or adds stores the fee
-- rate of its open, from the schedule its ticket showed, beside close_fee_rate (0015). A resting limit order filled
-- at a better price is then charged that rate on the fill's notional and holds notional / leverage at the fill,
-- each never more than was held at placement; before, it kept the margin and fee of its limit.
--
-- trade_open_now and trade_open_batch write the order row the server gives them by column name (0015 says how), so
-- they write the new column unchanged. Resting orders from before this migration keep NULL, and keep the margin
-- and fee held at their limit when they fill: their rate is not known (the schedule may have changed since).
ALTER TABLE "trade_orders" ADD COLUMN "fee_rate" numeric;
