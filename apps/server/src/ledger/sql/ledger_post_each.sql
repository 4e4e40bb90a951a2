-- ledger_post_each: ledger_post for several journal entries in one statement (the transfer batch,
-- ledger_post_once_each), where one short wallet must not stop the others. Guarantees, for each entry on its own:
-- the entry, the guarded balance updates of its customer accounts and its postings with each customer account's
-- balance after, or nothing; an entry that would take a customer account below zero available writes nothing and
-- answers that account's available balance instead of raising. The customer accounts are locked in id order
-- first, as every writer of accounts does (ledger_post), so what is answered is what the guarded update sees.
-- System accounts keep no cached balance (theirs is the sum of their postings): never locked, never updated.
--
-- The entries come as one array per field, entry k at index k of each (p_type, p_at, p_rate, p_detail, p_reason,
-- p_reference), and their postings as one array per field too (p_leg_*), each naming its entry's index in
-- p_leg_entry, in the order they are written: typed arrays, not a JSON array of objects, as the order batch takes
-- them (docs/trading.md "The placement path"). Arrays of different lengths, a posting of no entry of the call, an
-- entry without postings, or one customer account in two entries raise, and nothing is written (the caller keeps
-- such entries apart, so each entry decides on its own accounts alone); balance per currency is checked for all
-- the call's entries at once by ledger_check_postings before it returns.
-- Answers three arrays in the order of the entries: entry_ids, the id of each entry written (null for the others);
-- short_accounts and short_available, for an entry refused, its first short account in id order and that
-- account's available balance (null for the others).
--
-- plan_cache_mode: generic plans, made once, as for ledger_hold_and_charge_each (a statement reading an array
-- parameter is otherwise planned again on every call of a few entries).
DROP FUNCTION IF EXISTS ledger_post_each(jsonb);
CREATE OR REPLACE FUNCTION ledger_post_each(
  p_type text[], p_at timestamptz[], p_rate numeric[], p_detail jsonb[], p_reason text[], p_reference text[],
  p_leg_entry int[], p_leg_account bigint[], p_leg_currency text[], p_leg_amount numeric[],
  OUT entry_ids bigint[], OUT short_accounts bigint[], OUT short_available text[])
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n_entries int := coalesce(cardinality(p_type), 0);
  n_legs int := coalesce(cardinality(p_leg_entry), 0);
  bad_legs boolean;
  customers bigint[];
  updated bigint;
  expected bigint;
  first_posting bigint;
  last_posting bigint;
BEGIN
  IF coalesce(cardinality(p_at), 0) <> n_entries OR coalesce(cardinality(p_rate), 0) <> n_entries
     OR coalesce(cardinality(p_detail), 0) <> n_entries OR coalesce(cardinality(p_reason), 0) <> n_entries
     OR coalesce(cardinality(p_reference), 0) <> n_entries OR coalesce(cardinality(p_leg_account), 0) <> n_legs
     OR coalesce(cardinality(p_leg_currency), 0) <> n_legs OR coalesce(cardinality(p_leg_amount), 0) <> n_legs THEN
    RAISE EXCEPTION 'ledger: the entries'' arrays are not of one length';
  END IF;
  IF n_entries = 0 AND n_legs = 0 THEN
    entry_ids := '{}';
    short_accounts := '{}';
    short_available := '{}';
    RETURN;
  END IF;
  SELECT coalesce(bool_or(l.entry IS NULL OR l.entry < 1 OR l.entry > n_entries), false)
         OR count(DISTINCT l.entry) <> n_entries
    INTO bad_legs
  FROM unnest(p_leg_entry) AS l(entry);
  IF bad_legs THEN
    RAISE EXCEPTION 'ledger: a posting of no entry of the call, or an entry without postings';
  END IF;

  -- The call's customer accounts, found by their primary key (`= ANY` of the postings' accounts; every statement
  -- below reads the accounts through this list), never by a join with the postings: a cached plan counts 100
  -- postings a call and hashed them against the whole table (docs/money.md).
  SELECT coalesce(array_agg(a.id), '{}') INTO customers FROM ledger_accounts a
  WHERE a.user_id IS NOT NULL AND a.id = ANY (p_leg_account);

  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT l.entry, l.account FROM unnest(p_leg_entry, p_leg_account) AS l(entry, account)) x
    WHERE x.account = ANY (customers)
    GROUP BY x.account HAVING count(*) > 1
  ) THEN
    RAISE EXCEPTION 'ledger: one customer account in two entries of one call';
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (customers) ORDER BY a.id FOR NO KEY UPDATE;

  -- Under the locks: the entries that do not fit, each with its first short account in id order (as ledger_post
  -- would have raised).
  SELECT array_agg(s.account ORDER BY t.k), array_agg(s.available ORDER BY t.k)
    INTO short_accounts, short_available
  FROM generate_series(1, n_entries) AS t(k)
  LEFT JOIN (
    SELECT DISTINCT ON (d.entry) d.entry, d.account, (a.balance - a.held)::text AS available
    FROM (
      SELECT l.entry, l.account, sum(l.amount) AS delta
      FROM unnest(p_leg_entry, p_leg_account, p_leg_amount) AS l(entry, account, amount)
      WHERE l.account = ANY (customers)
      GROUP BY 1, 2
    ) d
    JOIN ledger_accounts a ON a.id = d.account AND a.id = ANY (customers)
    WHERE a.balance - a.held + d.delta < 0
    ORDER BY d.entry, d.account
  ) s ON s.entry = t.k;

  WITH input AS MATERIALIZED (
    SELECT t.k, nextval('journal_entries_id_seq') AS entry_id
    FROM generate_series(1, n_entries) AS t(k)
    WHERE short_accounts[t.k] IS NULL
  ),
  legs AS (
    SELECT i.k, i.entry_id, l.leg, l.account, l.currency, l.amount
    FROM unnest(p_leg_entry, p_leg_account, p_leg_currency, p_leg_amount) WITH ORDINALITY
      AS l(entry, account, currency, amount, leg)
    JOIN input i ON i.k = l.entry
  ),
  changed AS (
    -- A customer account is in one entry only, so its sum over the legs is its entry's change.
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (SELECT account, sum(amount) AS delta FROM legs GROUP BY account) d
    WHERE a.id = ANY (customers) AND a.id = d.account AND a.user_id IS NOT NULL AND a.balance - a.held + d.delta >= 0
    RETURNING a.id, a.balance
  ),
  entries AS (
    INSERT INTO journal_entries (id, type, reason, reference, rate, detail, created_at)
    SELECT entry_id, p_type[k], p_reason[k], p_reference[k], p_rate[k], nullif(p_detail[k], 'null'::jsonb), p_at[k]
    FROM input
  ),
  postings AS (
    INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at)
    SELECT l.entry_id, l.account, l.currency, l.amount, c.balance, p_at[l.k]
    FROM legs l LEFT JOIN changed c ON c.id = l.account
    ORDER BY l.k, l.leg
    RETURNING id
  )
  SELECT (SELECT count(*) FROM changed),
    (SELECT count(DISTINCT l.account) FROM legs l WHERE l.account = ANY (customers)),
    (SELECT array_agg(i.entry_id ORDER BY t.k) FROM generate_series(1, n_entries) AS t(k) LEFT JOIN input i ON i.k = t.k),
    (SELECT min(id) FROM postings), (SELECT max(id) FROM postings)
    INTO updated, expected, entry_ids, first_posting, last_posting;
  -- Cannot happen under the locks; if it did, an entry would be half written: nothing of the call stays.
  IF updated <> expected THEN
    RAISE EXCEPTION 'ledger: % of % customer accounts updated', updated, expected;
  END IF;
  -- The entries balanced, checked now in one query instead of at commit one by one.
  IF first_posting IS NOT NULL THEN
    PERFORM ledger_check_postings(first_posting, last_posting);
  END IF;
END $$;
