-- ledger_assert_balanced: the ledger's balance check, for the journal entries listed; the one query both the
-- deferred trigger (ledger_check_entry, one entry at commit) and the batch writers' check (ledger_check_postings,
-- all the entries of a batch at once) run. Guarantees: each listed entry that has postings has at least two, each in
-- its account's currency, summing to zero per currency, or this raises check_violation naming the entry (the
-- lowest id among those that fail). Answers the highest posting id it read, null when no listed entry has any.
--
-- plan_cache_mode: the array's length is unknown to a generic plan, so PostgreSQL would plan the query again on
-- every call (a custom plan looks cheaper for one entry); the generic plan (an index scan of the entries' postings)
-- is right for one entry and for a batch, and planning each time cost the trigger about 80 µs an entry (issue 14).
CREATE OR REPLACE FUNCTION ledger_assert_balanced(p_entries bigint[]) RETURNS bigint LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  e record;
  seen bigint;
BEGIN
  FOR e IN
    SELECT s.entry_id, sum(s.n) AS postings, bool_or(s.misplaced) AS misplaced, max(s.last_id) AS last_id,
        string_agg(s.currency || ' ' || s.total, ', ') FILTER (WHERE s.total <> 0) AS unbalanced
    FROM (
      SELECT p.entry_id, p.currency, sum(p.amount) AS total, count(*) AS n, bool_or(a.currency <> p.currency) AS misplaced,
        max(p.id) AS last_id
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.entry_id = ANY (p_entries)
      GROUP BY p.entry_id, p.currency
    ) s
    GROUP BY s.entry_id
    ORDER BY s.entry_id
  LOOP
    IF e.unbalanced IS NOT NULL THEN
      RAISE EXCEPTION 'journal entry % does not balance: %', e.entry_id, e.unbalanced USING ERRCODE = 'check_violation';
    END IF;
    IF e.postings < 2 THEN
      RAISE EXCEPTION 'journal entry % has % posting(s)', e.entry_id, e.postings USING ERRCODE = 'check_violation';
    END IF;
    IF e.misplaced THEN
      RAISE EXCEPTION 'journal entry % has a posting not in its account currency', e.entry_id USING ERRCODE = 'check_violation';
    END IF;
    seen := greatest(seen, e.last_id);
  END LOOP;
  RETURN seen;
END $$;
