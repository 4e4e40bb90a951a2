-- ledger_check_entry: the deferred constraint trigger on ledger_postings (trigger ledger_postings_balanced,
-- migration 0003). Guarantees, at commit and whatever code wrote the entry: every journal entry has at least two
-- postings, each in its account's currency, summing to zero per currency; otherwise the commit fails
-- (check_violation). The check itself is ledger_assert_balanced's, the query the batch writers run too.
--
-- One query per entry, not per posting: the trigger fires once for each posting, but a check of an entry reads
-- all of its postings there are at that moment, so it records (transaction-locally, in `ledger.checked`) the entry
-- and the highest posting id it saw, and a later firing for a posting of that entry with an id no higher is
-- already covered. A posting added after the check (a higher id; ids rise within a transaction, and no other
-- transaction can add to an entry this one has not committed) is checked again with the whole entry, so
-- SET CONSTRAINTS ... IMMEDIATE midway leaves no posting unchecked (issue 14: the order batch writes two postings
-- per order, and this halves the trigger's queries). A posting in the range that ledger_check_postings
-- recorded in `ledger.covered` was checked there with its whole entry, and a posting written after that check has
-- a higher id (see there): skipped too.
CREATE OR REPLACE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_id bigint;
  checked text[] := string_to_array(current_setting('ledger.checked', true), ':');
  covered text[] := string_to_array(current_setting('ledger.covered', true), ':');
BEGIN
  IF NEW.id BETWEEN covered[1]::bigint AND covered[2]::bigint THEN
    RETURN NULL;
  END IF;
  IF checked[1]::bigint = NEW.entry_id AND NEW.id <= checked[2]::bigint THEN
    RETURN NULL;
  END IF;
  last_id := ledger_assert_balanced(ARRAY[NEW.entry_id]);
  PERFORM set_config('ledger.checked', NEW.entry_id || ':' || last_id, true);
  RETURN NULL;
END $$;
