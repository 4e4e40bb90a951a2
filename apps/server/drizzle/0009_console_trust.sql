-- Operators' trust (docs/security.md "Operators: what they can and cannot do").

-- 1. The audit log is append-only like the ledger: what an operator did cannot be edited or erased, by the app
--    or by anyone who is not the owner switching the trigger off (ledger_immutable comes from 0003).
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint

-- 2. Codes already kept readable in the outbox are redacted: a code mail's subject ends in its code, and
--    the body carries the same code.
UPDATE mail_outbox
SET body = replace(body, substring(subject from '([0-9]{6})\s*$'), '••••••'),
    subject = regexp_replace(subject, '[0-9]{6}(\s*)$', '••••••\1')
WHERE subject ~ '[0-9]{6}\s*$';
--> statement-breakpoint

-- 3. The scheduled trial balance: one row per check, with the figures it saw; an unbalanced one is a console
--    alert. The record of checks is append-only too.
CREATE TABLE "trial_balance_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"balanced" boolean NOT NULL,
	"problems" jsonb NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trial_balance_checks_unbalanced" ON "trial_balance_checks" USING btree ("checked_at") WHERE NOT "balanced";
--> statement-breakpoint
CREATE INDEX "trial_balance_checks_checked_at" ON "trial_balance_checks" USING btree ("checked_at");
--> statement-breakpoint
CREATE TRIGGER trial_balance_checks_append_only BEFORE UPDATE OR DELETE ON trial_balance_checks
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER trial_balance_checks_no_truncate BEFORE TRUNCATE ON trial_balance_checks
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
