-- ledger_immutable: the trigger that makes journal_entries, ledger_postings, audit_log and trial_balance_checks
-- append-only (migrations 0003, 0009). Guarantees: no row of them is updated or deleted and none is truncated; a
-- mistake is corrected by a new entry (restrict_violation otherwise).
CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
