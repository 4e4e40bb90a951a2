-- Primary markets (issue 15, docs/primary-markets.md): IPO offerings and the customers' subscriptions to them.
-- The drizzle schema of both tables lives in their module (apps/server/src/modules/primary/schema.ts), outside
-- drizzle.config.ts's schema file, so this migration is hand-written like 0016 and their source of truth.
--
-- An offering's dates are ordered (prospectus <= opens < closes <= listing), its range is positive and ordered, and
-- the shares offered are whole lots, so every rule that works in lots (the subscription, the allotment) can rely on it.
CREATE TABLE "offerings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"issuer" text NOT NULL,
	"issuer_zh" text,
	"market" text NOT NULL,
	"exchange" text NOT NULL,
	"currency" text NOT NULL,
	"prospectus_at" timestamp with time zone NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"listing_at" timestamp with time zone NOT NULL,
	"price_min" numeric(24, 8) NOT NULL,
	"price_max" numeric(24, 8) NOT NULL,
	"lot_size" integer NOT NULL,
	"shares_offered" bigint NOT NULL,
	"fee" numeric(24, 8) DEFAULT 0 NOT NULL,
	"allotment_rule" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"simulated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offerings_market" CHECK ("offerings"."market" in ('US', 'HK')),
	CONSTRAINT "offerings_currency" CHECK (("offerings"."market" = 'US' and "offerings"."currency" = 'USD') or ("offerings"."market" = 'HK' and "offerings"."currency" = 'HKD')),
	CONSTRAINT "offerings_dates" CHECK ("offerings"."prospectus_at" <= "offerings"."opens_at" and "offerings"."opens_at" < "offerings"."closes_at" and "offerings"."closes_at" <= "offerings"."listing_at"),
	CONSTRAINT "offerings_price" CHECK ("offerings"."price_min" > 0 and "offerings"."price_min" <= "offerings"."price_max"),
	CONSTRAINT "offerings_lots" CHECK ("offerings"."lot_size" > 0 and "offerings"."shares_offered" > 0 and "offerings"."shares_offered" % "offerings"."lot_size" = 0),
	CONSTRAINT "offerings_fee" CHECK ("offerings"."fee" >= 0),
	CONSTRAINT "offerings_rule" CHECK ("offerings"."allotment_rule" in ('ballot', 'proRata')),
	CONSTRAINT "offerings_state" CHECK ("offerings"."state" in ('scheduled', 'allotted', 'listed', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offerings_code" ON "offerings" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "offerings_closes_at" ON "offerings" USING btree ("closes_at");
--> statement-breakpoint
-- A subscription holds its total (amount + fee, wallet currency) under one ledger hold. One live subscription per
-- customer and offering (the partial unique index): a second one, even racing the first, is refused.
CREATE TABLE "offering_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offering_id" bigint NOT NULL,
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
	"amount_paid" numeric(24, 8) DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offering_subscriptions_quantity" CHECK ("offering_subscriptions"."quantity" > 0),
	CONSTRAINT "offering_subscriptions_amounts" CHECK ("offering_subscriptions"."amount" > 0 and "offering_subscriptions"."fee" >= 0 and "offering_subscriptions"."amount_paid" >= 0 and "offering_subscriptions"."rate" > 0),
	CONSTRAINT "offering_subscriptions_status" CHECK ("offering_subscriptions"."status" in ('subscribed', 'allotted', 'notAllotted', 'cancelled')),
	CONSTRAINT "offering_subscriptions_allotted" CHECK ("offering_subscriptions"."allotted_quantity" is null or ("offering_subscriptions"."allotted_quantity" >= 0 and "offering_subscriptions"."allotted_quantity" <= "offering_subscriptions"."quantity"))
);
--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD CONSTRAINT "offering_subscriptions_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD CONSTRAINT "offering_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD CONSTRAINT "offering_subscriptions_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "offering_subscriptions_one_per_customer" ON "offering_subscriptions" USING btree ("offering_id", "user_id") WHERE "offering_subscriptions"."status" <> 'cancelled';
--> statement-breakpoint
CREATE INDEX "offering_subscriptions_user" ON "offering_subscriptions" USING btree ("user_id", "id");
