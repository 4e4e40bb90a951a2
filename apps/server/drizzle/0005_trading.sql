CREATE TABLE "trade_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"position_id" bigint,
	"add_to_position_id" bigint,
	"source" integer NOT NULL,
	"code" text NOT NULL,
	"wallet" text NOT NULL,
	"direction" smallint NOT NULL,
	"order_type" smallint NOT NULL,
	"open_close" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"price" numeric NOT NULL,
	"fill_price" numeric,
	"leverage" integer NOT NULL,
	"margin" numeric(24, 8) NOT NULL,
	"fee" numeric(24, 8) NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"rate" numeric NOT NULL,
	"hold_id" bigint,
	"status" smallint NOT NULL,
	"profit" numeric(24, 8),
	"close_reason" text,
	"stop_loss" numeric,
	"take_profit" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trade_orders_status" CHECK ("trade_orders"."status" in (0, 1, 2)),
	CONSTRAINT "trade_orders_quantity" CHECK ("trade_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"parent_id" bigint,
	"source" integer NOT NULL,
	"code" text NOT NULL,
	"wallet" text NOT NULL,
	"asset_class" text NOT NULL,
	"direction" smallint NOT NULL,
	"quantity" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"open_price" numeric NOT NULL,
	"multiplier" numeric NOT NULL,
	"open_rate" numeric NOT NULL,
	"margin" numeric(24, 8) NOT NULL,
	"initial_margin" numeric(24, 8) NOT NULL,
	"added_margin" numeric(24, 8) DEFAULT '0' NOT NULL,
	"open_fee" numeric(24, 8) NOT NULL,
	"hold_id" bigint,
	"hold_seq" integer DEFAULT 0 NOT NULL,
	"stop_loss" numeric,
	"take_profit" numeric,
	"status" smallint NOT NULL,
	"close_price" numeric,
	"close_rate" numeric,
	"sell_profit" numeric(24, 8),
	"close_fee" numeric(24, 8),
	"absorbed_loss" numeric(24, 8),
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trade_positions_status" CHECK ("trade_positions"."status" in (1, 4)),
	CONSTRAINT "trade_positions_quantity" CHECK ("trade_positions"."quantity" > 0),
	CONSTRAINT "trade_positions_margin" CHECK ("trade_positions"."margin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trading_settings" (
	"asset_class" text PRIMARY KEY NOT NULL,
	"leverage_cap" integer NOT NULL,
	"buy_rate" numeric NOT NULL,
	"sell_rate" numeric NOT NULL,
	"min_quantity" integer NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_positions" ADD CONSTRAINT "trade_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_positions" ADD CONSTRAINT "trade_positions_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_settings" ADD CONSTRAINT "trading_settings_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_orders_user" ON "trade_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_orders_entrusted" ON "trade_orders" USING btree ("source","code") WHERE "trade_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "trade_positions_user" ON "trade_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "trade_positions_open" ON "trade_positions" USING btree ("wallet","user_id") WHERE "trade_positions"."status" = 1;