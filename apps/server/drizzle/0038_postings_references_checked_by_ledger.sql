-- The postings' two references (their journal entry, their account) checked by the ledger's own check instead of two
-- foreign keys (issue 14). A foreign key checks each row on its own: for every posting, a query run through SPI that
-- finds and locks the referenced row, two a posting, so four for each order of a batch (its fee's two postings),
-- about 7 % of the batch writer's time (bench/batch, a foreign key switched off and on between blocks). The check
-- that every entry balances already reads every posting of the entries a transaction writes, once per entry or once
-- per batch (ledger_assert_balanced, run by the deferred trigger ledger_postings_balanced at commit or by the batch
-- writers before they return); it now also refuses a posting whose account or entry does not exist
-- (foreign_key_violation, as the keys did), one probe per entry and per posting that it made anyway for the
-- account's currency.
--
-- What the keys also did, and what does it now: the referenced rows never go away.
-- - Journal entries cannot be updated, deleted or truncated (journal_entries_append_only, _no_truncate; the app
--   role is granted SELECT and INSERT alone).
-- - Ledger accounts: an account with postings cannot be deleted, no account's id can be changed, the table cannot
--   be truncated (the triggers below). The delete takes a SHARE lock on ledger_postings first, so no posting to the
--   account can be in flight while it looks (a transaction inserting postings holds ROW EXCLUSIVE until it ends).
-- Hand-written; the postings' columns are declared in platform/db/schema.ts without .references().
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_entry_id_journal_entries_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk";--> statement-breakpoint
CREATE FUNCTION ledger_account_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    LOCK TABLE ledger_postings IN SHARE MODE;
    IF EXISTS (SELECT 1 FROM ledger_postings p WHERE p.account_id = OLD.id) THEN
      RAISE EXCEPTION 'ledger account % has postings and is kept', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger accounts keep their ids and are never truncated (%)', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_kept();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_id_kept BEFORE UPDATE OF id ON ledger_accounts
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION ledger_account_kept();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_kept();
