-- Block trades (issue 15, docs/primary-markets.md "Block trades"): the customers' block trading permissions, the
-- single-use confirmations checkSecret gives, and the block orders. The drizzle schema of these tables lives in their
-- module (apps/server/src/modules/blocktrade/schema.ts); this migration is hand-written, like 0017, and their source
-- of truth.
--
-- A permission is reviewed like an identity (status 1 pending, 2 refused, 3 approved). One live application per
-- customer (pending or approved): a second one, even racing the first, is refused by the partial unique index. A
-- refusal always carries its reason, which the customer sees.
CREATE TABLE "block_permissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"reviewer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "block_permissions_status" CHECK ("block_permissions"."status" in (1, 2, 3)),
	CONSTRAINT "block_permissions_refusal_reason" CHECK (("block_permissions"."status" = 2) = ("block_permissions"."reason" is not null)),
	CONSTRAINT "block_permissions_decided" CHECK (("block_permissions"."status" = 1) = ("block_permissions"."reviewed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "block_permissions" ADD CONSTRAINT "block_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "block_permissions" ADD CONSTRAINT "block_permissions_reviewer_id_operators_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "block_permissions_one_live" ON "block_permissions" USING btree ("user_id") WHERE "block_permissions"."status" in (1, 3);
--> statement-breakpoint
CREATE INDEX "block_permissions_status" ON "block_permissions" USING btree ("status", "created_at");
--> statement-breakpoint
-- A confirmation is the customer's transaction password turned into a short-lived token for one block order (stock
-- and quantity). Only its hash is kept. used_at is set by the order that spends it, in that order's transaction.
CREATE TABLE "block_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"code" text NOT NULL,
	"quantity" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "block_confirmations_quantity" CHECK ("block_confirmations"."quantity" >= 10000),
	CONSTRAINT "block_confirmations_expiry" CHECK ("block_confirmations"."expires_at" > "block_confirmations"."created_at")
);
--> statement-breakpoint
ALTER TABLE "block_confirmations" ADD CONSTRAINT "block_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "block_confirmations_token" ON "block_confirmations" USING btree ("token_hash");
--> statement-breakpoint
-- A block order: the ordinary trade order and position it settled into, the quote and the desk price it was bought
-- at. One confirmation, one block order (the unique index), so a confirmation can never be spent twice.
CREATE TABLE "block_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"confirmation_id" bigint NOT NULL,
	"code" text NOT NULL,
	"source" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"quote_price" numeric(24, 8) NOT NULL,
	"desk_price" numeric(24, 8) NOT NULL,
	"order_id" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "block_trades_quantity" CHECK ("block_trades"."quantity" >= 10000),
	CONSTRAINT "block_trades_band" CHECK ("block_trades"."desk_price" > 0 and abs("block_trades"."desk_price" - "block_trades"."quote_price") <= "block_trades"."quote_price" * 0.02 + 0.0001)
);
--> statement-breakpoint
ALTER TABLE "block_trades" ADD CONSTRAINT "block_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "block_trades" ADD CONSTRAINT "block_trades_confirmation_id_fk" FOREIGN KEY ("confirmation_id") REFERENCES "public"."block_confirmations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "block_trades" ADD CONSTRAINT "block_trades_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "block_trades" ADD CONSTRAINT "block_trades_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trade_positions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "block_trades_confirmation" ON "block_trades" USING btree ("confirmation_id");
--> statement-breakpoint
CREATE INDEX "block_trades_user" ON "block_trades" USING btree ("user_id", "id");
