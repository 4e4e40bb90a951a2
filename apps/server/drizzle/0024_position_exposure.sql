-- The close-out screen's running sums (issue 14; docs/trading.md "The matching job"). The screen used to join every
-- open position with the prices each second, so its cost grew with the number of open positions (at a few tens of
-- thousands it doubled PostgreSQL's CPU per order in the open-loop bench). A wallet's equity is linear in sums per
-- (customer, wallet, instrument, direction): units (quantity x multiplier), cost (open price x units), margin and
-- initial margin; and "some position has lost its own margin" is bounded by the largest (long) or smallest (short)
-- open price and the smallest margin per unit. Those sums live in trade_exposure, one row per group.
--
-- Every change of an open position is recorded by statement triggers on trade_positions as rows of
-- trade_exposure_changes (insert-only, so a customer's order never waits on another's row), and the trading job
-- folds them into trade_exposure each pass (trade_exposure_fold, modules/trading/sql). Hand-written like 0016-0020;
-- the tables are declared in modules/trading/schema.ts.
CREATE TABLE "trade_exposure" (
	"user_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"source" integer NOT NULL,
	"code" text NOT NULL,
	"direction" smallint NOT NULL,
	"positions" integer NOT NULL,
	"units" numeric NOT NULL,
	"cost" numeric NOT NULL,
	"margin" numeric NOT NULL,
	"initial_margin" numeric NOT NULL,
	"max_open" numeric,
	"min_open" numeric,
	"min_cushion" numeric,
	"bounds_stale" boolean DEFAULT false NOT NULL,
	CONSTRAINT "trade_exposure_user_id_wallet_source_code_direction_pk" PRIMARY KEY("user_id","wallet","source","code","direction")
);
--> statement-breakpoint
CREATE TABLE "trade_exposure_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"source" integer NOT NULL,
	"code" text NOT NULL,
	"direction" smallint NOT NULL,
	"positions" integer NOT NULL,
	"units" numeric NOT NULL,
	"cost" numeric NOT NULL,
	"margin" numeric NOT NULL,
	"initial_margin" numeric NOT NULL,
	"open_price" numeric,
	"cushion" numeric
);
--> statement-breakpoint
-- The open positions of a database made before this migration.
INSERT INTO "trade_exposure" ("user_id", "wallet", "source", "code", "direction", "positions", "units", "cost",
	"margin", "initial_margin", "max_open", "min_open", "min_cushion")
SELECT user_id, wallet, source, code, direction, count(*), sum(quantity * multiplier),
	sum(open_price * quantity * multiplier), sum(margin), sum(initial_margin), max(open_price), min(open_price),
	min((margin - 0.01) / (quantity * multiplier))
FROM trade_positions WHERE status = 1
GROUP BY user_id, wallet, source, code, direction;
--> statement-breakpoint
-- The trigger function's body is its current source, modules/trading/sql/trade_exposure_track.sql, applied right
-- after the migrations (platform/db/sql-functions.ts); this placeholder only lets the triggers be created here.
CREATE FUNCTION trade_exposure_track() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER trade_exposure_inserted AFTER INSERT ON trade_positions
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trade_exposure_track();
--> statement-breakpoint
CREATE TRIGGER trade_exposure_updated AFTER UPDATE ON trade_positions
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trade_exposure_track();
--> statement-breakpoint
CREATE TRIGGER trade_exposure_deleted AFTER DELETE ON trade_positions
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trade_exposure_track();
