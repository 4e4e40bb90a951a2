CREATE TABLE "deposit_channels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"asset" text NOT NULL,
	"network" text,
	"address" text,
	"bank" jsonb,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(24, 8) DEFAULT '1' NOT NULL,
	"confirmations" integer DEFAULT 3 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"endpoint" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"reason" text,
	"reference" text,
	"operator_id" bigint,
	"rate" numeric(24, 12),
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"wallet" text,
	"system" text,
	"currency" text NOT NULL,
	"balance" numeric(24, 8) DEFAULT '0' NOT NULL,
	"held" numeric(24, 8) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."wallet" is not null and "ledger_accounts"."system" is null) or ("ledger_accounts"."user_id" is null and "ledger_accounts"."wallet" is null and "ledger_accounts"."system" is not null)),
	CONSTRAINT "ledger_accounts_held" CHECK ("ledger_accounts"."held" >= 0),
	CONSTRAINT "ledger_accounts_available" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" - "ledger_accounts"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reference" text NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_status" CHECK ("ledger_holds"."status" in ('active','posted','released'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"balance_after" numeric(24, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_nonzero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"channel" jsonb NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"proof_file_id" text NOT NULL,
	"tx_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"entry_id" bigint,
	"reviewer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "recharge_orders_amount" CHECK ("recharge_orders"."amount" > 0),
	CONSTRAINT "recharge_orders_status" CHECK ("recharge_orders"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "user_accounts_kind" CHECK ("user_accounts"."kind" in ('bank','crypto'))
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"user_account_id" bigint NOT NULL,
	"destination" jsonb NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"hold_id" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"entry_id" bigint,
	"reviewer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_reviewer_id_operators_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_account_id_user_accounts_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewer_id_operators_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reference" ON "journal_entries" USING btree ("type","reference") WHERE "journal_entries"."reference" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_created" ON "journal_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_wallet" ON "ledger_accounts" USING btree ("user_id","wallet") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system" ON "ledger_accounts" USING btree ("system","currency") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_holds_account" ON "ledger_holds" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_reference" ON "ledger_holds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_postings_account" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "recharge_orders_user" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharge_orders_status" ON "recharge_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "user_accounts_user" ON "user_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_messages_user" ON "user_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_messages_unread" ON "user_messages" USING btree ("user_id") WHERE "user_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");