-- Four eyes on manual adjustments (docs/security.md): proposals, and a supervisor role above admin.
ALTER TABLE "operators" DROP CONSTRAINT "operators_role";--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role" CHECK ("operators"."role" in ('supervisor','admin','reviewer'));--> statement-breakpoint
CREATE TABLE "adjustment_proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"maker_id" bigint NOT NULL,
	"checker_id" bigint,
	"decision_reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "adjustment_proposals_amount" CHECK ("adjustment_proposals"."amount" > 0),
	CONSTRAINT "adjustment_proposals_direction" CHECK ("adjustment_proposals"."direction" in ('credit','debit')),
	CONSTRAINT "adjustment_proposals_status" CHECK ("adjustment_proposals"."status" in ('proposed','approved','rejected','cancelled')),
	CONSTRAINT "adjustment_proposals_four_eyes" CHECK ("adjustment_proposals"."checker_id" is null or "adjustment_proposals"."checker_id" <> "adjustment_proposals"."maker_id"),
	CONSTRAINT "adjustment_proposals_entry" CHECK (("adjustment_proposals"."status" = 'approved') = ("adjustment_proposals"."entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_proposals_status" ON "adjustment_proposals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "adjustment_proposals_user" ON "adjustment_proposals" USING btree ("user_id","id");
