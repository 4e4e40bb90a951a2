-- AI quantification (issue 17, docs/strategies.md "AI quantification"): a strategy gains its product kind (follow: a
-- copy-trading institution, quant: an AI quant strategy) and, for a quant strategy, its published minimum and
-- subscription periods; a quant subscription is a follows row of a quant strategy (the same units, fee and payout).
-- checkSecret's single-use confirmations keep only their hash. Hand-written like 0032; schema in
-- apps/server/src/modules/strategies/schema.ts.
ALTER TABLE "strategies" ADD COLUMN "kind" text DEFAULT 'follow' NOT NULL;
--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "min_amount" numeric(24, 8);
--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "terms" integer[];
--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_kind" CHECK ("strategies"."kind" in ('follow', 'quant'));
--> statement-breakpoint
CREATE TABLE "quant_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"strategy_id" bigint NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"term_days" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "quant_confirmations_expiry" CHECK ("quant_confirmations"."expires_at" > "quant_confirmations"."created_at")
);
--> statement-breakpoint
ALTER TABLE "quant_confirmations" ADD CONSTRAINT "quant_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quant_confirmations" ADD CONSTRAINT "quant_confirmations_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "quant_confirmations_token" ON "quant_confirmations" USING btree ("token_hash");
