-- Treasury bonds (issue 16, docs/fixed-income.md): one row per purchase of a simulated government bond, with the
-- bond's terms copied from the universe, the purchase, the coupons received, and the sale or redemption. The drizzle
-- schema lives in apps/server/src/modules/bonds/schema.ts; this migration is hand-written, like 0022, and their
-- source of truth. The money moves only in the ledger (bondBuy, bondCoupon, bondRedemption, bondSale entries, each
-- reference unique per type); paid_through is the last coupon date paid, moved with each coupon's entry, and
-- next_due the date the leader job next owes the holding something (its index is what the job reads).
CREATE TABLE "bond_holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"issuer" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"wallet" text NOT NULL,
	"coupon_rate" numeric(12, 8) NOT NULL,
	"frequency" integer NOT NULL,
	"dated_date" date NOT NULL,
	"maturity" date NOT NULL,
	"face_value" numeric(24, 8) NOT NULL,
	"quantity" integer NOT NULL,
	"settlement_date" date NOT NULL,
	"clean_price" numeric(24, 8) NOT NULL,
	"accrued" numeric(24, 8) NOT NULL,
	"yield" numeric(12, 8) NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"fee" numeric(24, 8) NOT NULL,
	"status" text DEFAULT 'bought' NOT NULL,
	"paid_through" date NOT NULL,
	"next_due" date,
	"income" numeric(24, 8) DEFAULT '0' NOT NULL,
	"sale_settlement_date" date,
	"sale_price" numeric(24, 8),
	"sale_amount" numeric(24, 8),
	"sale_fee" numeric(24, 8),
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bond_holdings_status" CHECK ("bond_holdings"."status" in ('bought', 'sold', 'redeemed')),
	CONSTRAINT "bond_holdings_quantity" CHECK ("bond_holdings"."quantity" > 0),
	CONSTRAINT "bond_holdings_terms" CHECK ("bond_holdings"."frequency" in (0, 1, 2) and "bond_holdings"."coupon_rate" >= 0 and "bond_holdings"."face_value" > 0),
	CONSTRAINT "bond_holdings_dates" CHECK ("bond_holdings"."dated_date" < "bond_holdings"."maturity" and "bond_holdings"."settlement_date" < "bond_holdings"."maturity"),
	CONSTRAINT "bond_holdings_amounts" CHECK ("bond_holdings"."amount" > 0 and "bond_holdings"."fee" >= 0 and "bond_holdings"."income" >= 0),
	CONSTRAINT "bond_holdings_closed" CHECK (("bond_holdings"."status" = 'bought') = ("bond_holdings"."closed_at" is null) and ("bond_holdings"."status" = 'sold') = ("bond_holdings"."sale_amount" is not null))
);
--> statement-breakpoint
ALTER TABLE "bond_holdings" ADD CONSTRAINT "bond_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bond_holdings_user" ON "bond_holdings" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "bond_holdings_due" ON "bond_holdings" USING btree ("next_due");
