-- ledger_post_each: ledger_post for several journal entries in one statement (the transfer batch,
-- ledger_post_once_each), where one short wallet must not stop the others. Guarantees, for each entry on its own:
-- the entry, the guarded balance updates of its customer accounts and its postings with each customer account's
-- balance after, or nothing; an entry that would take a customer account below zero available writes nothing and
-- answers that account's available balance instead of raising. The customer accounts are locked in id order
-- first, as every writer of accounts does (ledger_post), so what is answered is what the guarded update sees.
-- System accounts keep no cached balance (theirs is the sum of their postings): never locked, never updated.
--
-- p_entries is a JSON array of {"type", "at", "postings": [{"account", "currency", "amount"}], "rate", "detail",
-- "reason", "reference"}. One customer account in two entries raises, and nothing is written (the caller keeps
-- such entries apart, so each entry decides on its own accounts alone); balance per currency is checked for all
-- the call's entries at once by ledger_check_postings before it returns.
-- Answers a JSON array in the order of p_entries: {"entryId"} or {"accountId", "available": "..."}.
CREATE OR REPLACE FUNCTION ledger_post_each(p_entries jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customers bigint[];
  short jsonb;
  written jsonb;
  expected bigint;
  updated bigint;
  results jsonb;
  first_posting bigint;
  last_posting bigint;
BEGIN
  -- The call's customer accounts, found by their primary key (`= ANY` of the postings' accounts; every statement
  -- below reads the accounts through this list), never by a join with the postings: a cached plan counts 100 entries
  -- a call and hashed them against the whole table (docs/money.md).
  SELECT array_agg(a.id) INTO customers FROM ledger_accounts a
  WHERE a.user_id IS NOT NULL AND a.id = ANY (ARRAY(
    SELECT (p.p ->> 'account')::bigint
    FROM jsonb_array_elements(p_entries) AS t(e) CROSS JOIN LATERAL jsonb_array_elements(t.e -> 'postings') AS p(p)));
  customers := coalesce(customers, '{}');

  IF EXISTS (
    SELECT 1 FROM (
      SELECT DISTINCT t.ord, (p.p ->> 'account')::bigint AS account
      FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS t(e, ord)
      CROSS JOIN LATERAL jsonb_array_elements(t.e -> 'postings') AS p(p)
    ) x
    WHERE x.account = ANY (customers)
    GROUP BY x.account HAVING count(*) > 1
  ) THEN
    RAISE EXCEPTION 'ledger: one customer account in two entries of one call';
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (customers) ORDER BY a.id FOR NO KEY UPDATE;

  -- Under the locks: the entries that do not fit, each with its first short account in id order (as ledger_post
  -- would have raised).
  SELECT coalesce(jsonb_object_agg(s.ord, jsonb_build_object('accountId', s.account, 'available', s.available::text)),
           '{}')
    INTO short
  FROM (
    SELECT DISTINCT ON (d.ord) d.ord, d.account, a.balance - a.held AS available
    FROM (
      SELECT t.ord, (p.p ->> 'account')::bigint AS account, sum((p.p ->> 'amount')::numeric) AS delta
      FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS t(e, ord)
      CROSS JOIN LATERAL jsonb_array_elements(t.e -> 'postings') AS p(p)
      GROUP BY 1, 2
    ) d
    JOIN ledger_accounts a ON a.id = d.account AND a.id = ANY (customers)
    WHERE a.balance - a.held + d.delta < 0
    ORDER BY d.ord, d.account
  ) s;

  WITH input AS MATERIALIZED (
    SELECT t.ord, t.e, nextval('journal_entries_id_seq') AS entry_id
    FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS t(e, ord)
    WHERE NOT short ? t.ord::text
  ),
  legs AS (
    SELECT i.ord, i.entry_id, (i.e ->> 'at')::timestamptz AS at, p.n, (p.p ->> 'account')::bigint AS account,
      p.p ->> 'currency' AS currency, (p.p ->> 'amount')::numeric AS amount
    FROM input i CROSS JOIN LATERAL jsonb_array_elements(i.e -> 'postings') WITH ORDINALITY AS p(p, n)
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
    SELECT entry_id, e ->> 'type', e ->> 'reason', e ->> 'reference', (e ->> 'rate')::numeric,
      nullif(e -> 'detail', 'null'::jsonb), (e ->> 'at')::timestamptz
    FROM input
  ),
  postings AS (
    INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at)
    SELECT l.entry_id, l.account, l.currency, l.amount, c.balance, l.at
    FROM legs l LEFT JOIN changed c ON c.id = l.account
    ORDER BY l.ord, l.n
    RETURNING id
  )
  SELECT (SELECT count(*) FROM changed),
    (SELECT count(DISTINCT l.account) FROM legs l WHERE l.account = ANY (customers)),
    (SELECT coalesce(jsonb_object_agg(ord, entry_id), '{}') FROM input),
    (SELECT min(id) FROM postings), (SELECT max(id) FROM postings)
    INTO updated, expected, written, first_posting, last_posting;
  -- Cannot happen under the locks; if it did, an entry would be half written: nothing of the call stays.
  IF updated <> expected THEN
    RAISE EXCEPTION 'ledger: % of % customer accounts updated', updated, expected;
  END IF;
  -- The entries balanced, checked now in one query instead of at commit one by one.
  IF first_posting IS NOT NULL THEN
    PERFORM ledger_check_postings(first_posting, last_posting);
  END IF;

  SELECT jsonb_agg(CASE WHEN short ? t.ord::text THEN short -> t.ord::text
                        ELSE jsonb_build_object('entryId', (written ->> t.ord::text)::bigint) END ORDER BY t.ord)
    INTO results
  FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS t(e, ord);
  RETURN coalesce(results, '[]');
END $$;
