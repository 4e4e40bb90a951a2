-- Ledger invariants the database enforces on its own, whatever code writes (docs/money.md).

-- 1. Every journal entry balances: at commit, its postings sum to zero in each currency, there are at
--    least two of them, and each posting is in its account's currency.
CREATE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
  postings int;
BEGIN
  SELECT string_agg(currency || ' ' || total, ', ') INTO unbalanced
  FROM (
    SELECT currency, sum(amount) AS total FROM ledger_postings WHERE entry_id = NEW.entry_id
    GROUP BY currency HAVING sum(amount) <> 0
  ) s;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', NEW.entry_id, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  SELECT count(*) INTO postings FROM ledger_postings WHERE entry_id = NEW.entry_id;
  IF postings < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s)', NEW.entry_id, postings USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.currency <> NEW.currency) THEN
    RAISE EXCEPTION 'posting % is not in its account currency', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
--> statement-breakpoint

-- 2. Entries and postings are immutable: a mistake is corrected by a new entry, never by an edit.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
