-- Placings (issue 15, docs/primary-markets.md "Placings"): offers of new shares of a listed stock (SPO / QIP) at a
-- published discount for a window, the customers' applications and the single-use confirmations checkSecret gives.
-- The drizzle schema lives in apps/server/src/modules/placing/schema.ts; this migration is hand-written, like 0017,
-- and their source of truth.
--
-- The price is fixed once, when the window opens: reference_price (the simulator's price at opens_at) and price
-- (reference × (1 − discount)) are both null before, both set after (placings_price). The allotment's published
-- inputs and result are columns of the placing, set in the transaction that sets state 'allotted'. One live
-- application per customer and placing (the partial unique index), as for IPO subscriptions.
CREATE TABLE "placings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" integer NOT NULL,
	"code" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"discount" numeric(6, 4) NOT NULL,
	"reference_price" numeric(24, 8),
	"price" numeric(24, 8),
	"lot_size" integer NOT NULL,
	"shares_offered" bigint NOT NULL,
	"fee" numeric(24, 8) DEFAULT '0' NOT NULL,
	"allotment_rule" text NOT NULL,
	"lockup_days" integer NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"simulated" boolean DEFAULT true NOT NULL,
	"seed" text,
	"lots_applied" bigint,
	"lots_allotted" bigint,
	"applications" jsonb,
	"result" jsonb,
	"allotted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placings_kind" CHECK ("placings"."kind" in ('SPO', 'QIP')),
	CONSTRAINT "placings_market" CHECK ("placings"."market" in ('US', 'HK')),
	CONSTRAINT "placings_dates" CHECK ("placings"."opens_at" < "placings"."closes_at"),
	CONSTRAINT "placings_discount" CHECK ("placings"."discount" > 0 and "placings"."discount" < 0.5),
	CONSTRAINT "placings_price" CHECK (("placings"."price" is null) = ("placings"."reference_price" is null) and ("placings"."price" is null or "placings"."price" > 0)),
	CONSTRAINT "placings_lots" CHECK ("placings"."lot_size" > 0 and "placings"."shares_offered" > 0 and "placings"."shares_offered" % "placings"."lot_size" = 0),
	CONSTRAINT "placings_fee" CHECK ("placings"."fee" >= 0),
	CONSTRAINT "placings_lockup" CHECK ("placings"."lockup_days" >= 0),
	CONSTRAINT "placings_rule" CHECK ("placings"."allotment_rule" in ('ballot', 'proRata')),
	CONSTRAINT "placings_state" CHECK ("placings"."state" in ('scheduled', 'allotted', 'cancelled')),
	CONSTRAINT "placings_allotted" CHECK (("placings"."state" = 'allotted') = ("placings"."allotted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "placing_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"placing_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "placing_confirmations_quantity" CHECK ("placing_confirmations"."quantity" > 0),
	CONSTRAINT "placing_confirmations_expiry" CHECK ("placing_confirmations"."expires_at" > "placing_confirmations"."created_at")
);
--> statement-breakpoint
CREATE TABLE "placing_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"placing_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price" numeric(24, 8) NOT NULL,
	"rate" numeric NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"fee" numeric(24, 8) NOT NULL,
	"hold_id" bigint,
	"status" text DEFAULT 'subscribed' NOT NULL,
	"allotted_quantity" bigint,
	"amount_paid" numeric(24, 8) DEFAULT '0' NOT NULL,
	"position_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "placing_subscriptions_quantity" CHECK ("placing_subscriptions"."quantity" > 0),
	CONSTRAINT "placing_subscriptions_amounts" CHECK ("placing_subscriptions"."amount" > 0 and "placing_subscriptions"."fee" >= 0 and "placing_subscriptions"."amount_paid" >= 0 and "placing_subscriptions"."rate" > 0),
	CONSTRAINT "placing_subscriptions_status" CHECK ("placing_subscriptions"."status" in ('subscribed', 'allotted', 'notAllotted', 'cancelled')),
	CONSTRAINT "placing_subscriptions_allotted" CHECK ("placing_subscriptions"."allotted_quantity" is null or ("placing_subscriptions"."allotted_quantity" >= 0 and "placing_subscriptions"."allotted_quantity" <= "placing_subscriptions"."quantity"))
);
--> statement-breakpoint
ALTER TABLE "placing_confirmations" ADD CONSTRAINT "placing_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "placing_confirmations" ADD CONSTRAINT "placing_confirmations_placing_id_placings_id_fk" FOREIGN KEY ("placing_id") REFERENCES "public"."placings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "placing_subscriptions" ADD CONSTRAINT "placing_subscriptions_placing_id_placings_id_fk" FOREIGN KEY ("placing_id") REFERENCES "public"."placings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "placing_subscriptions" ADD CONSTRAINT "placing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "placing_subscriptions" ADD CONSTRAINT "placing_subscriptions_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "placing_confirmations_token" ON "placing_confirmations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "placing_subscriptions_one_per_customer" ON "placing_subscriptions" USING btree ("placing_id","user_id") WHERE "placing_subscriptions"."status" <> 'cancelled';
--> statement-breakpoint
CREATE INDEX "placing_subscriptions_user" ON "placing_subscriptions" USING btree ("user_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "placings_code_window" ON "placings" USING btree ("source","code","opens_at");
--> statement-breakpoint
CREATE INDEX "placings_closes_at" ON "placings" USING btree ("closes_at");
