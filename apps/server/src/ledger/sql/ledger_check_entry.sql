-- ledger_check_entry: the deferred constraint trigger on ledger_postings (trigger ledger_postings_balanced,
-- migration 0003). Guarantees, at commit and whatever code wrote the entry: every journal entry has at least two
-- postings, each in its account's currency, summing to zero per currency; otherwise the commit fails
-- (check_violation). One query per entry.
CREATE OR REPLACE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  postings bigint;
  misplaced boolean;
  unbalanced text;
BEGIN
  SELECT sum(s.n), bool_or(s.misplaced), string_agg(s.currency || ' ' || s.total, ', ') FILTER (WHERE s.total <> 0)
    INTO postings, misplaced, unbalanced
  FROM (
    SELECT p.currency, sum(p.amount) AS total, count(*) AS n, bool_or(a.currency <> p.currency) AS misplaced
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id = NEW.entry_id
    GROUP BY p.currency
  ) s;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', NEW.entry_id, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  IF coalesce(postings, 0) < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s)', NEW.entry_id, coalesce(postings, 0) USING ERRCODE = 'check_violation';
  END IF;
  IF misplaced THEN
    RAISE EXCEPTION 'journal entry % has a posting not in its account currency', NEW.entry_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
