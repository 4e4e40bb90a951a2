-- Second factor (TOTP, RFC 6238) for customers and operators (docs/security.md "Second factor (TOTP)").
-- One row per account: pending until confirmed with a code. The secret is needed in the clear to check codes;
-- no endpoint ever answers it after the enrolment start. last_step is the time step of the last code accepted,
-- so a code is good once (a guarded update). recovery_hashes are the SHA-256 of the one-time recovery codes
-- left; using one removes it in one guarded update.
CREATE TABLE "second_factors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint CONSTRAINT "second_factors_user_id_users_id_fk" REFERENCES "users"("id"),
	"operator_id" bigint CONSTRAINT "second_factors_operator_id_operators_id_fk" REFERENCES "operators"("id"),
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint,
	"recovery_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_factors_owner" CHECK (("second_factors"."user_id" is null) <> ("second_factors"."operator_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_user" ON "second_factors" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_operator" ON "second_factors" USING btree ("operator_id");
