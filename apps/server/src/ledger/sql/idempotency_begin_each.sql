-- idempotency_begin_each: idempotency_begin for the requests of a batch (the order batch, trade_open_batch; the
-- transfer batch, ledger_post_once_each), one array per field, request k at index k of each. Guarantees: it waits
-- for any request holding one of the keys (the advisory locks idempotency_begin takes, in one order, the hashes'
-- ascending, so two batches never wait on each other in a cycle), then, in a statement of its own that sees every
-- request that held a key and committed, answers three arrays in the order of the requests: key_found (true, or
-- null when nothing is stored under the key), key_same (the stored request had this endpoint and body) and
-- key_response (the stored answer). It refuses nothing: the caller answers a mismatch per request.
--
-- Each key is found by one probe of the table's primary key, never by a plain join, which the cached generic plan
-- ran as a scan of the whole key table (docs/money.md, "How a posting is written"; ledger/key-lookup.test.ts).
-- plan_cache_mode: generic plans, made once, as for the batch functions that call it.
CREATE OR REPLACE FUNCTION idempotency_begin_each(p_scope text[], p_key text[], p_endpoint text[], p_hash text[],
  OUT key_found boolean[], OUT key_same boolean[], OUT key_response json[])
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(k.h) FROM (
    SELECT DISTINCT hashtextextended(t.scope || E'\n' || t.key, 7127) AS h
    FROM unnest(p_scope, p_key) AS t(scope, key)
    ORDER BY 1
    OFFSET 0
  ) k;
  SELECT array_agg(k.found ORDER BY t.i), array_agg(k.same ORDER BY t.i), array_agg(k.response ORDER BY t.i)
    INTO key_found, key_same, key_response
  FROM unnest(p_scope, p_key, p_endpoint, p_hash) WITH ORDINALITY AS t(scope, key, endpoint, hash, i)
  LEFT JOIN LATERAL (
    SELECT true AS found, x.endpoint = t.endpoint AND x.request_hash = t.hash AS same, x.response
    FROM idempotency_keys x
    WHERE x.scope = t.scope AND x.key = t.key
    LIMIT 1
  ) k ON true;
END $$;
