-- ledger_post_once: an idempotent request whose whole work is one journal entry (a wallet transfer), in one
-- statement (ledger.postOnce). Guarantees: the key (idempotency_begin), the entry (ledger_post) and the answer with
-- its "entryId" commit together, or a replay answers the stored answer and writes nothing.
-- Answers {"replayed": bool, "answer": ...}.
CREATE OR REPLACE FUNCTION ledger_post_once(
  p_scope text,
  p_key text,
  p_endpoint text,
  p_hash text,
  p_answer jsonb,
  p_type text,
  p_at timestamptz,
  p_accounts bigint[],
  p_currencies text[],
  p_amounts numeric[],
  p_rate numeric DEFAULT NULL,
  p_detail jsonb DEFAULT NULL,
  p_reason text DEFAULT NULL,
  p_reference text DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  posted jsonb;
  answer jsonb;
BEGIN
  stored := idempotency_begin(p_scope, p_key, p_endpoint, p_hash);
  IF stored IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'answer', stored -> 'response');
  END IF;
  posted := ledger_post(p_type, p_at, p_accounts, p_currencies, p_amounts, p_reason, p_reference, NULL, p_rate, p_detail);
  answer := p_answer || jsonb_build_object('entryId', (posted ->> 'entryId')::bigint);
  INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
  VALUES (p_scope, p_key, p_endpoint, p_hash, answer, p_at);
  RETURN jsonb_build_object('replayed', false, 'answer', answer);
END $$;
