-- Strategies and copy trading (issue 17, docs/strategies.md): the strategies with their parameters, published texts
-- and fee, and their book's checkpoint; the record of each book (one row per trade and per hourly tick, their
-- primary keys refusing a second write of a tick); the customers' follows with the fee copied at the add. The
-- drizzle schema lives in apps/server/src/modules/strategies/schema.ts; this migration is hand-written, like 0027,
-- and their source of truth. The money moves only in the ledger (followAdd, followPayout; reference follow:<id>).
CREATE TABLE "follows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"strategy_id" bigint NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"currency" text NOT NULL,
	"term_days" integer NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"entry_nav" numeric(24, 8) NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"fee" numeric(24, 8),
	"paid_out" numeric(24, 8),
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follows_status" CHECK ("follows"."status" in ('running', 'paid')),
	CONSTRAINT "follows_amounts" CHECK ("follows"."amount" > 0 and "follows"."entry_nav" > 0 and "follows"."term_days" > 0 and "follows"."end_at" > "follows"."entry_at"),
	CONSTRAINT "follows_closed" CHECK (("follows"."status" = 'paid') = ("follows"."closed_at" is not null) and ("follows"."status" = 'paid') = ("follows"."paid_out" is not null) and ("follows"."status" = 'paid') = ("follows"."fee" is not null))
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"manager" text NOT NULL,
	"name_en" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"description_nl" text NOT NULL,
	"description_zh" text NOT NULL,
	"currency" text NOT NULL,
	"params" jsonb NOT NULL,
	"performance_fee" numeric(12, 8) NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"book" jsonb,
	"book_tick" timestamp with time zone,
	"nav" numeric(24, 8),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategies_code_unique" UNIQUE("code"),
	CONSTRAINT "strategies_fee" CHECK ("strategies"."performance_fee" >= 0 and "strategies"."performance_fee" < 1),
	CONSTRAINT "strategies_book" CHECK (("strategies"."book" is null) = ("strategies"."book_tick" is null))
);
--> statement-breakpoint
CREATE TABLE "strategy_navs" (
	"strategy_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"nav" numeric(24, 8) NOT NULL,
	"value" numeric(24, 8) NOT NULL,
	CONSTRAINT "strategy_navs_strategy_id_at_pk" PRIMARY KEY("strategy_id","at"),
	CONSTRAINT "strategy_navs_positive" CHECK ("strategy_navs"."nav" >= 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_trades" (
	"strategy_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"instrument" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(30, 10) NOT NULL,
	"price" numeric(30, 10) NOT NULL,
	"fee" numeric(24, 8) NOT NULL,
	"profit" numeric(24, 8),
	"cash_after" numeric(24, 8) NOT NULL,
	CONSTRAINT "strategy_trades_strategy_id_seq_pk" PRIMARY KEY("strategy_id","seq"),
	CONSTRAINT "strategy_trades_side" CHECK ("strategy_trades"."side" in ('buy', 'sell')),
	CONSTRAINT "strategy_trades_amounts" CHECK ("strategy_trades"."quantity" > 0 and "strategy_trades"."price" > 0 and "strategy_trades"."fee" >= 0 and "strategy_trades"."cash_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "strategy_navs" ADD CONSTRAINT "strategy_navs_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "strategy_trades" ADD CONSTRAINT "strategy_trades_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "follows_user" ON "follows" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "follows_due" ON "follows" USING btree ("end_at") WHERE "follows"."status" = 'running';

