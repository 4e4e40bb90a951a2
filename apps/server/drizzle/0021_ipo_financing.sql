-- IPO financing (issue 15, docs/primary-markets.md "IPO financing"): a subscription may be financed (only the published
-- deposit and the fee held). At the allotment a financed subscription whose allotted amount is above its deposit
-- enters `pendingPayment` with the make-up difference (interest included) due by its deadline; unpaid by then it is
-- `lapsed`. Hand-written like 0017 and 0019; the drizzle table is modules/primary/schema.ts.
ALTER TABLE "offering_subscriptions" ADD COLUMN "financed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD COLUMN "deposit" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD COLUMN "interest" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD COLUMN "make_up" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offering_subscriptions" DROP CONSTRAINT "offering_subscriptions_status";--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD CONSTRAINT "offering_subscriptions_status" CHECK ("offering_subscriptions"."status" in ('subscribed', 'allotted', 'notAllotted', 'pendingPayment', 'lapsed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "offering_subscriptions" ADD CONSTRAINT "offering_subscriptions_financing" CHECK (not "offering_subscriptions"."financed" or ("offering_subscriptions"."deposit" > 0 and "offering_subscriptions"."payment_due_at" is not null));--> statement-breakpoint
CREATE INDEX "offering_subscriptions_payment_due" ON "offering_subscriptions" USING btree ("payment_due_at") WHERE "offering_subscriptions"."status" = 'pendingPayment';
