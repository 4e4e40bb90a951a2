-- Loans (issue 18, docs/loans.md): one row per application and, once approved, its loan; and one row per repayment.
-- The drizzle schema lives in apps/server/src/modules/loans/schema.ts; this migration is hand-written, like 0026, and
-- their source of truth. `status` is the review status (1 in review, 2 rejected, 3 approved); an approved loan is in
-- use until `repaid_at`. The money moves only in the ledger (loanDisbursement, loanInterest and loanRepayment entries,
-- each reference unique per type): `principal` and `interest` are what is owed, moved in the same transaction as the
-- entry that changes them, and `accrued_through` the last UTC day whose interest was charged.
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"wallet" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"annual_rate" numeric(12, 8) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"reviewer_id" bigint,
	"reviewed_at" timestamp with time zone,
	"principal" numeric(24, 8) DEFAULT '0' NOT NULL,
	"interest" numeric(24, 8) DEFAULT '0' NOT NULL,
	"interest_charged" numeric(24, 8) DEFAULT '0' NOT NULL,
	"repaid" numeric(24, 8) DEFAULT '0' NOT NULL,
	"accrued_through" date,
	"alerted_at" timestamp with time zone,
	"repaid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loans_status" CHECK ("loans"."status" in (1, 2, 3)),
	CONSTRAINT "loans_amounts" CHECK ("loans"."amount" > 0 and "loans"."principal" >= 0 and "loans"."interest" >= 0 and "loans"."principal" <= "loans"."amount" and "loans"."repaid" >= 0 and "loans"."interest_charged" >= 0),
	CONSTRAINT "loans_approved" CHECK (("loans"."status" = 3) = ("loans"."accrued_through" is not null) and ("loans"."repaid_at" is null or "loans"."status" = 3))
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"interest" numeric(24, 8) NOT NULL,
	"principal" numeric(24, 8) NOT NULL,
	"due_after" numeric(24, 8) NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_repayments_amounts" CHECK ("loan_repayments"."amount" > 0 and "loan_repayments"."amount" = "loan_repayments"."interest" + "loan_repayments"."principal" and "loan_repayments"."due_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reviewer_id_operators_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "loans_user" ON "loans" USING btree ("user_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_in_review" ON "loans" USING btree ("user_id") WHERE "loans"."status" = 1;
--> statement-breakpoint
CREATE INDEX "loans_in_use" ON "loans" USING btree ("id") WHERE "loans"."status" = 3 and "loans"."repaid_at" is null;
--> statement-breakpoint
CREATE INDEX "loan_repayments_user" ON "loan_repayments" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "loan_repayments_loan" ON "loan_repayments" USING btree ("loan_id","id");
