-- Funds, Current and Regular (issue 16, docs/fixed-income.md "Funds"): the products, each customer's orders with the
-- product's terms copied at subscription, and one row per order and day accrued. The drizzle schema lives in
-- apps/server/src/modules/funds/schema.ts; this migration is hand-written, like 0026, and their source of truth. The
-- money moves only in the ledger (fundSubscription, fundInterest per order and day, fundRedemption; references
-- unique per type); next_due is the date the leader job next has something to do for an order (its index is what the
-- job reads), and fund_accruals' primary key refuses a second accrual of a day.
CREATE TABLE "fund_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_zh" text NOT NULL,
	"type" text NOT NULL,
	"term_days" integer,
	"annual_rate" numeric(12, 8),
	"management_fee" numeric(12, 8),
	"min_amount" numeric(24, 8) NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fund_products_code_unique" UNIQUE("code"),
	CONSTRAINT "fund_products_terms" CHECK (("fund_products"."type" = 'regular' and "fund_products"."term_days" > 0 and "fund_products"."annual_rate" >= 0 and "fund_products"."management_fee" is null) or ("fund_products"."type" = 'current' and "fund_products"."term_days" is null and "fund_products"."annual_rate" is null and "fund_products"."management_fee" >= 0)),
	CONSTRAINT "fund_products_min" CHECK ("fund_products"."min_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"type" text NOT NULL,
	"term_days" integer,
	"annual_rate" numeric(12, 8),
	"management_fee" numeric(12, 8),
	"amount" numeric(24, 8) NOT NULL,
	"value_date" date NOT NULL,
	"maturity_date" date,
	"accrued_through" date NOT NULL,
	"interest_exact" numeric(36, 18) DEFAULT '0' NOT NULL,
	"income" numeric(24, 8) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"paid_out" numeric(24, 8),
	"next_due" date,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fund_orders_status" CHECK ("fund_orders"."status" in ('inProgress', 'completed')),
	CONSTRAINT "fund_orders_amounts" CHECK ("fund_orders"."amount" > 0 and "fund_orders"."income" >= 0 and "fund_orders"."interest_exact" >= 0),
	CONSTRAINT "fund_orders_terms" CHECK (("fund_orders"."type" = 'regular' and "fund_orders"."term_days" > 0 and "fund_orders"."annual_rate" is not null and "fund_orders"."maturity_date" is not null) or ("fund_orders"."type" = 'current' and "fund_orders"."term_days" is null and "fund_orders"."management_fee" is not null and "fund_orders"."maturity_date" is null)),
	CONSTRAINT "fund_orders_closed" CHECK (("fund_orders"."status" = 'completed') = ("fund_orders"."closed_at" is not null) and ("fund_orders"."status" = 'completed') = ("fund_orders"."paid_out" is not null))
);
--> statement-breakpoint
CREATE TABLE "fund_accruals" (
	"order_id" bigint NOT NULL,
	"day" date NOT NULL,
	"annual_rate" numeric(12, 8) NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fund_accruals_order_id_day_pk" PRIMARY KEY("order_id","day"),
	CONSTRAINT "fund_accruals_amount" CHECK ("fund_accruals"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_product_id_fund_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fund_products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fund_accruals" ADD CONSTRAINT "fund_accruals_order_id_fund_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fund_orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "fund_orders_user" ON "fund_orders" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "fund_orders_due" ON "fund_orders" USING btree ("next_due");
