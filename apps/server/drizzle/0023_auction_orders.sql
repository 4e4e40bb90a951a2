-- The opening (pre-market) auction (issue 15, docs/primary-markets.md "Pre-market auction"). An auction order is an
-- ordinary entrusted limit order of the trading module (trade_orders, status 0, its amount and fee held) that waits
-- for its market's regular open: opens_at. The matching job leaves such orders alone; the auction job fills them at
-- the opening price or cancels them at the open. auction_orders records which open each order waits for and what the
-- open decided. The drizzle schema lives in apps/server/src/modules/auction/schema.ts; this migration is
-- hand-written, like 0017, and their source of truth.
ALTER TABLE "trade_orders" ADD COLUMN "opens_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "auction_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"source" integer NOT NULL,
	"code" text NOT NULL,
	"market" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"open_price" numeric,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_orders_outcome" CHECK ("auction_orders"."outcome" in ('filled', 'notCrossed')),
	CONSTRAINT "auction_orders_decided" CHECK (("auction_orders"."outcome" is null) = ("auction_orders"."decided_at" is null) and ("auction_orders"."outcome" is null) = ("auction_orders"."open_price" is null))
);
--> statement-breakpoint
ALTER TABLE "auction_orders" ADD CONSTRAINT "auction_orders_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auction_orders" ADD CONSTRAINT "auction_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "auction_orders_order" ON "auction_orders" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "auction_orders_user" ON "auction_orders" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "auction_orders_due" ON "auction_orders" USING btree ("opens_at") WHERE "auction_orders"."outcome" is null;
