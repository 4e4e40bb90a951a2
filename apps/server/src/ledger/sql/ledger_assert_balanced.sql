-- ledger_assert_balanced: the ledger's balance check, for the journal entries listed; the one query both the
-- deferred trigger (ledger_check_entry, one entry at commit) and the batch writers' check (ledger_check_postings,
-- all the entries of a batch at once) run. Guarantees: each listed entry that has postings has at least two, each in
-- its account's currency, summing to zero per currency, or this raises check_violation naming the entry (the
-- lowest id among those that fail); and each such entry and each of its postings' accounts exists, or this raises
-- foreign_key_violation (the postings have no foreign keys: this check, run for every posting, is theirs, and
-- neither row can be removed; migration 0038). Answers the highest posting id it read, null when no listed entry
-- has any.
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
        string_agg(s.currency || ' ' || s.total, ', ') FILTER (WHERE s.total <> 0) AS unbalanced,
        bool_or(s.no_account) AS no_account,
        -- A probe of the entry's primary key per entry: written as NOT EXISTS (which PostgreSQL may plan as an
        -- anti-join) it made an order batch cost about 60 % more (bench/batch, 215-250 µs an order against 130).
        (SELECT j.id FROM journal_entries j WHERE j.id = s.entry_id) IS NULL AS no_entry
    FROM (
      SELECT p.entry_id, p.currency, sum(p.amount) AS total, count(*) AS n,
        bool_or(p.account_currency <> p.currency) AS misplaced, max(p.id) AS last_id,
        bool_or(p.account_currency IS NULL) AS no_account
      FROM (
        -- Each posting's account by a probe of its primary key (currency is never null, so null is no account).
        SELECT p.id, p.entry_id, p.currency, p.amount,
          (SELECT a.currency FROM ledger_accounts a WHERE a.id = p.account_id) AS account_currency
        FROM ledger_postings p
        WHERE p.entry_id = ANY (p_entries)
      ) p
      GROUP BY p.entry_id, p.currency
    ) s
    GROUP BY s.entry_id
    ORDER BY s.entry_id
  LOOP
    IF e.no_entry THEN
      RAISE EXCEPTION 'postings of journal entry %, which does not exist', e.entry_id
        USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF e.no_account THEN
      RAISE EXCEPTION 'journal entry % has a posting to an account that does not exist', e.entry_id
        USING ERRCODE = 'foreign_key_violation';
    END IF;
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
