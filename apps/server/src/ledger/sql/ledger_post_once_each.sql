-- ledger_post_once_each: ledger_post_once for several requests in one transaction (the transfer batch: group
-- commit, platform/batcher.ts), so the statement start-up, the commit and the WAL flush are paid once per batch.
-- Guarantees, for each request on its own: its key (the advisory lock idempotency_begin takes), its entry
-- (ledger_post_each) and the stored answer with its "entryId" commit together; or a replay answers the stored
-- answer and writes nothing; or a refusal writes nothing and does not stop the others.
--
-- The requests come as one array per field, request k at index k of each (typed arrays, as the order batch takes
-- them; docs/trading.md "The placement path"): its key (scope, key, endpoint, request hash), its answer as the
-- JSON text of an object without the entry's id, and its entry as ledger_post_each takes it (entry k is request
-- k's; its postings name k in p_leg_entry). The stored answer is that text with `"entryId":n` written before its
-- last brace (the last of two equal keys counts in `json`, so the entry's own wins), checked as JSON and stored as
-- it is (idempotency_keys.response is json, migration 0037). Arrays of different lengths, two requests with one
-- key, an answer that is not a JSON object, a posting of no request, or one customer account in two entries raise
-- and nothing is written (the server keeps such requests in separate batches, and after a raise writes the
-- batch's requests one by one with ledger_post_once).
-- Answers a JSON array in the order of the requests:
--   {"replayed": true, "answer": ...}    the key was used before with the same request: its first answer
--   {"replayed": false, "entryId": n}    written now: the entry, and the key with the answer and its entryId (the
--                                        server holds the answer and adds the id: sending it back would cost both
--                                        sides its JSON for nothing)
--   {"error": "mismatch"}                the key was used before for another endpoint or body
--   {"error": "insufficient", "accountId", "available": "..."}   a customer account would go below zero available
--
-- plan_cache_mode: generic plans, made once, as for trade_open_batch.
DROP FUNCTION IF EXISTS ledger_post_once_each(jsonb);
CREATE OR REPLACE FUNCTION ledger_post_once_each(
  p_scope text[], p_key text[], p_endpoint text[], p_hash text[], p_answer text[],
  p_type text[], p_at timestamptz[], p_rate numeric[], p_detail jsonb[], p_reason text[], p_reference text[],
  p_leg_entry int[], p_leg_account bigint[], p_leg_currency text[], p_leg_amount numeric[])
RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n int := coalesce(cardinality(p_scope), 0);
  n_legs int := coalesce(cardinality(p_leg_entry), 0);
  twice boolean;
  bad_answers boolean;
  bad_legs boolean;
  -- Per request (index k): what is stored under its key (found, same request, answer).
  stored_found boolean[];
  stored_same boolean[];
  stored_answer json[];
  -- The requests not stored, in order: their entries go to the ledger, request fresh[j] as its entry j.
  fresh int[];
  e_type text[];
  e_at timestamptz[];
  e_rate numeric[];
  e_detail jsonb[];
  e_reason text[];
  e_reference text[];
  g_entry int[];
  g_account bigint[];
  g_currency text[];
  g_amount numeric[];
  posted_ids bigint[];
  posted_short bigint[];
  posted_available text[];
  -- Per request: the ledger's answer at its own place.
  entry_of bigint[];
  short_of bigint[];
  available_of text[];
  results jsonb;
BEGIN
  IF coalesce(cardinality(p_key), 0) <> n OR coalesce(cardinality(p_endpoint), 0) <> n
     OR coalesce(cardinality(p_hash), 0) <> n OR coalesce(cardinality(p_answer), 0) <> n
     OR coalesce(cardinality(p_type), 0) <> n OR coalesce(cardinality(p_at), 0) <> n
     OR coalesce(cardinality(p_rate), 0) <> n OR coalesce(cardinality(p_detail), 0) <> n
     OR coalesce(cardinality(p_reason), 0) <> n OR coalesce(cardinality(p_reference), 0) <> n
     OR coalesce(cardinality(p_leg_account), 0) <> n_legs OR coalesce(cardinality(p_leg_currency), 0) <> n_legs
     OR coalesce(cardinality(p_leg_amount), 0) <> n_legs THEN
    RAISE EXCEPTION 'ledger_post_once_each: the requests'' arrays are not of one length';
  END IF;
  IF n = 0 AND n_legs = 0 THEN
    RETURN '[]';
  END IF;
  -- The call's own checks in one pass over it, then over its postings.
  SELECT count(DISTINCT t.scope || E'\n' || t.key) <> n,
         coalesce(bool_or(coalesce(NOT (t.answer LIKE '{%}'), true)), false)
    INTO twice, bad_answers
  FROM unnest(p_scope, p_key, p_answer) AS t(scope, key, answer);
  IF twice THEN
    RAISE EXCEPTION 'ledger_post_once_each: two requests with one key in a call';
  END IF;
  IF bad_answers THEN
    RAISE EXCEPTION 'ledger_post_once_each: an answer that is not a JSON object';
  END IF;
  SELECT coalesce(bool_or(l.entry IS NULL OR l.entry < 1 OR l.entry > n), false) INTO bad_legs
  FROM unnest(p_leg_entry) AS l(entry);
  IF bad_legs THEN
    RAISE EXCEPTION 'ledger_post_once_each: a posting of no request of the call';
  END IF;

  -- 1, 2. The keys' locks, in one order, then what is stored under them (idempotency_begin_each).
  SELECT b.key_found, b.key_same, b.key_response INTO stored_found, stored_same, stored_answer
  FROM idempotency_begin_each(p_scope, p_key, p_endpoint, p_hash) b;

  -- 3. The entries of the others, by the ledger; called once, into variables (a call inside a join could be run
  --    again by the plan).
  SELECT array_agg(t.i ORDER BY t.i) INTO fresh FROM generate_series(1, n) AS t(i) WHERE stored_found[t.i] IS NULL;
  IF fresh IS NOT NULL THEN
    SELECT array_agg(p_type[f.i] ORDER BY f.j), array_agg(p_at[f.i] ORDER BY f.j), array_agg(p_rate[f.i] ORDER BY f.j),
           array_agg(p_detail[f.i] ORDER BY f.j), array_agg(p_reason[f.i] ORDER BY f.j),
           array_agg(p_reference[f.i] ORDER BY f.j)
      INTO e_type, e_at, e_rate, e_detail, e_reason, e_reference
    FROM unnest(fresh) WITH ORDINALITY AS f(i, j);
    SELECT coalesce(array_agg(f.j ORDER BY l.leg), '{}'), coalesce(array_agg(l.account ORDER BY l.leg), '{}'),
           coalesce(array_agg(l.currency ORDER BY l.leg), '{}'), coalesce(array_agg(l.amount ORDER BY l.leg), '{}')
      INTO g_entry, g_account, g_currency, g_amount
    FROM unnest(p_leg_entry, p_leg_account, p_leg_currency, p_leg_amount) WITH ORDINALITY
      AS l(entry, account, currency, amount, leg)
    JOIN unnest(fresh) WITH ORDINALITY AS f(i, j) ON f.i = l.entry;
    SELECT l.entry_ids, l.short_accounts, l.short_available INTO posted_ids, posted_short, posted_available
    FROM ledger_post_each(e_type, e_at, e_rate, e_detail, e_reason, e_reference, g_entry, g_account, g_currency,
      g_amount) l;
  END IF;
  SELECT array_agg(p.entry_id ORDER BY t.i), array_agg(p.short ORDER BY t.i), array_agg(p.available ORDER BY t.i)
    INTO entry_of, short_of, available_of
  FROM generate_series(1, n) AS t(i)
  LEFT JOIN (
    SELECT f.i, posted_ids[f.j] AS entry_id, posted_short[f.j] AS short, posted_available[f.j] AS available
    FROM unnest(fresh) WITH ORDINALITY AS f(i, j)
  ) p ON p.i = t.i;

  -- 4. The key with the answer of each entry written.
  INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
  SELECT p_scope[t.i], p_key[t.i], p_endpoint[t.i], p_hash[t.i],
    (CASE WHEN p_answer[t.i] = '{}' THEN '{"entryId":' || entry_of[t.i] || '}'
          ELSE left(p_answer[t.i], -1) || ',"entryId":' || entry_of[t.i] || '}' END)::json,
    p_at[t.i]
  FROM generate_series(1, n) AS t(i)
  WHERE entry_of[t.i] IS NOT NULL;

  -- 5. One answer per request, in the call's order.
  SELECT jsonb_agg(CASE
      WHEN stored_found[t.i] AND stored_same[t.i]
        THEN jsonb_build_object('replayed', true, 'answer', stored_answer[t.i])
      WHEN stored_found[t.i] THEN jsonb_build_object('error', 'mismatch')
      WHEN entry_of[t.i] IS NOT NULL THEN jsonb_build_object('replayed', false, 'entryId', entry_of[t.i])
      ELSE jsonb_build_object('error', 'insufficient', 'accountId', short_of[t.i], 'available', available_of[t.i])
    END ORDER BY t.i)
    INTO results
  FROM generate_series(1, n) AS t(i);
  RETURN coalesce(results, '[]');
END $$;
