-- idempotency_begin: the first half of an idempotent request (platform/idempotency.ts). Guarantees: it waits
-- for any request holding the same key (a transaction-scoped advisory lock on the key's hash), then answers
-- {"response"} stored by a request that committed with this key, NULL when there is none (do the work), or raises
-- 'idempotency.mismatch' (P0001) when the key was used for another endpoint or body. The second half is inserting
-- the key with the answer, in the same transaction as the work.
CREATE OR REPLACE FUNCTION idempotency_begin(p_scope text, p_key text, p_endpoint text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  found_endpoint text;
  found_hash text;
  found_response jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_scope || E'\n' || p_key, 7127));
  SELECT endpoint, request_hash, response INTO found_endpoint, found_hash, found_response
  FROM idempotency_keys WHERE scope = p_scope AND key = p_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF found_endpoint <> p_endpoint OR found_hash <> p_hash THEN
    RAISE EXCEPTION 'idempotency.mismatch' USING ERRCODE = 'P0001';
  END IF;
  RETURN jsonb_build_object('response', found_response);
END $$;
