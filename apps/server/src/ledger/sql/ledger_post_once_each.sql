-- ledger_post_once_each: ledger_post_once for several requests in one transaction (the transfer batch: group
-- commit, platform/batcher.ts), so the statement start-up, the commit and the WAL flush are paid once per batch.
-- Guarantees, for each request on its own: its key (the advisory lock idempotency_begin takes), its entry
-- (ledger_post_each) and the answer with its "entryId" commit together; or a replay answers the stored answer and
-- writes nothing; or a refusal writes nothing and does not stop the others.
--
-- p_requests is a JSON array of {"scope", "key", "endpoint", "hash", "answer", "entry"}, "entry" as ledger_post_each
-- takes it. Two requests with one key, or one customer account in two entries, raise and nothing is written (the
-- server keeps them in separate batches, and after a raise writes the batch's requests one by one with
-- ledger_post_once).
-- Answers a JSON array in the order of p_requests:
--   {"replayed": true, "answer": ...}    the key was used before with the same request: its first answer
--   {"replayed": false, "answer": ...}   written now: the entry, and the key with the answer and its entryId
--   {"error": "mismatch"}                the key was used before for another endpoint or body
--   {"error": "insufficient", "accountId", "available": "..."}   a customer account would go below zero available
CREATE OR REPLACE FUNCTION ledger_post_once_each(p_requests jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  fresh jsonb;
  fresh_at jsonb;
  each_answer jsonb;
  posted jsonb;
  done jsonb;
  results jsonb;
BEGIN
  IF (SELECT count(DISTINCT (r ->> 'scope') || E'\n' || (r ->> 'key')) <> count(*)
      FROM jsonb_array_elements(p_requests) r) THEN
    RAISE EXCEPTION 'ledger_post_once_each: two requests with one key in a call';
  END IF;

  -- 1. The keys, always in the same order, so two batches never wait on each other in a cycle; the locks are the
  --    ones idempotency_begin takes, so a batch also waits for a single request holding one of its keys.
  PERFORM pg_advisory_xact_lock(k.h) FROM (
    SELECT DISTINCT hashtextextended((r ->> 'scope') || E'\n' || (r ->> 'key'), 7127) AS h
    FROM jsonb_array_elements(p_requests) r
    ORDER BY 1
    OFFSET 0
  ) k;

  -- 2. What is stored under the keys (a new statement: it sees every request that held a key and committed).
  SELECT coalesce(jsonb_object_agg(t.ord, jsonb_build_object(
           'same', k.endpoint = t.r ->> 'endpoint' AND k.request_hash = t.r ->> 'hash', 'response', k.response)), '{}')
    INTO stored
  FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS t(r, ord)
  -- One probe of the key's primary key per request, never a plain join, which the cached generic plan ran as a
  -- scan of the whole key table (docs/money.md, "How a posting is written"; ledger/key-lookup.test.ts).
  CROSS JOIN LATERAL (
    SELECT i.endpoint, i.request_hash, i.response FROM idempotency_keys i
    WHERE i.scope = t.r ->> 'scope' AND i.key = t.r ->> 'key'
    LIMIT 1
  ) k;

  -- 3. The money of the others, by the ledger; called once, into a variable (a call inside a join could be run
  --    again by the plan).
  SELECT jsonb_agg(t.r -> 'entry' ORDER BY t.ord), jsonb_agg(t.ord ORDER BY t.ord)
    INTO fresh, fresh_at
  FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS t(r, ord)
  WHERE NOT stored ? t.ord::text;
  each_answer := ledger_post_each(coalesce(fresh, '[]'));
  SELECT coalesce(jsonb_object_agg(k.ord, p.answer), '{}') INTO posted
  FROM jsonb_array_elements_text(coalesce(fresh_at, '[]')) WITH ORDINALITY AS k(ord, n)
  JOIN jsonb_array_elements(each_answer) WITH ORDINALITY AS p(answer, n) ON p.n = k.n;

  -- 4. The key with the answer of each entry written.
  WITH answers AS (
    SELECT t.ord, t.r, (t.r -> 'answer') || jsonb_build_object('entryId', (posted -> t.ord::text ->> 'entryId')::bigint)
      AS answer
    FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS t(r, ord)
    WHERE posted -> t.ord::text ? 'entryId'
  ),
  keys AS (
    INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
    SELECT r ->> 'scope', r ->> 'key', r ->> 'endpoint', r ->> 'hash', answer, (r -> 'entry' ->> 'at')::timestamptz
    FROM answers
  )
  SELECT coalesce(jsonb_object_agg(ord, answer), '{}') INTO done FROM answers;

  -- 5. One answer per request, in the call's order.
  SELECT jsonb_agg(CASE
      WHEN stored ? x.i AND (stored -> x.i ->> 'same')::boolean
        THEN jsonb_build_object('replayed', true, 'answer', stored -> x.i -> 'response')
      WHEN stored ? x.i THEN jsonb_build_object('error', 'mismatch')
      WHEN done ? x.i THEN jsonb_build_object('replayed', false, 'answer', done -> x.i)
      ELSE jsonb_build_object('error', 'insufficient') || (posted -> x.i)
    END ORDER BY x.ord)
    INTO results
  FROM (SELECT t.ord, t.ord::text AS i FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS t(r, ord)) x;
  RETURN coalesce(results, '[]');
END $$;
