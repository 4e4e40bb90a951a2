-- Withdrawals cannot be frozen, and claims are true (docs/security.md, docs/money.md "Withdrawals").

-- 1. A customer may cancel a pending withdrawal: status 4, its time in reviewed_at (when it stopped pending).
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in (1, 2, 3, 4));
--> statement-breakpoint

-- 2. A paid withdrawal carries the payout reference the operator entered (bank reference or transaction hash),
--    which the customer sees. NOT VALID: withdrawals paid before this migration have none, new ones must.
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_reference"
  CHECK ("withdrawals"."status" <> 3 OR "withdrawals"."payout_reference" IS NOT NULL) NOT VALID;
--> statement-breakpoint

-- 3. Awards are shown only as named awards with their source, entered by an operator.
CREATE TABLE "awards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"year" smallint NOT NULL,
	"awarded_by" text NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"created_by" bigint CONSTRAINT "awards_created_by_operators_id_fk" REFERENCES "operators"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awards_year" CHECK ("awards"."year" BETWEEN 1900 AND 2200)
);
--> statement-breakpoint

-- 4. The typed marketing figures ("135 exchanges, 18 countries, 65 awards, 50 markets") were claims we cannot
--    back: the figures are now counted from the instrument universe and the awards table.
DELETE FROM "dict" WHERE "type" = 'marketing';
