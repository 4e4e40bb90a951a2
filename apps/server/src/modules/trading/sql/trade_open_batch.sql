-- trade_open_batch: what trade_open_now writes, for several orders in one transaction (docs/trading.md "The
-- placement path"), so the statement start-up, the commit and the WAL flush are paid once per batch.
--
-- p_orders is a JSON array; each element carries what trade_open_now takes, under the names scope, key,
-- endpoint, hash, user, account, feesAccount, margin, fee, at, position, order, message, answer. The server
-- never puts two orders of one account, nor two orders with one key, in the same batch (this function refuses
-- such a batch), so every order's guarded update decides on its own account alone.
--
-- Answers a JSON array in the order of p_orders, one element per order:
--   {"replayed": true, "answer": ...}     the key was used before with the same request: its first answer
--   {"replayed": false, "answer": ...}    written now: key, hold + fee, position, filled order, message
--   {"error": "mismatch"}                 the key was used before for another endpoint or body
--   {"error": "kycRequired"}              the customer's identity is not verified
--   {"error": "insufficient", "available": "..."}   margin + fee do not fit in the available balance
-- Guarantees: an order refused writes nothing and does not stop the others; anything else raises, and nothing of
-- the batch stays (the server then writes the batch's orders one by one with trade_open_now).
CREATE OR REPLACE FUNCTION trade_open_batch(p_orders jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  done jsonb;
  verified jsonb;
  results jsonb;
BEGIN
  IF (SELECT count(DISTINCT o ->> 'account') <> count(*)
        OR count(DISTINCT (o ->> 'scope') || E'\n' || (o ->> 'key')) <> count(*)
      FROM jsonb_array_elements(p_orders) o) THEN
    RAISE EXCEPTION 'trade_open_batch: two orders of one account or with one key in a batch';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_orders) o
             WHERE NOT ((o ->> 'margin')::numeric > 0 AND (o ->> 'fee')::numeric >= 0)) THEN
    RAISE EXCEPTION 'trade_open_batch: a margin must be positive and a fee not negative';
  END IF;
  IF EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_orders) o
    LEFT JOIN ledger_accounts a ON a.id = (o ->> 'feesAccount')::bigint AND a.user_id IS NULL
    WHERE a.id IS NULL
  ) THEN
    RAISE EXCEPTION 'trade_open_batch: a fee account is not a system account';
  END IF;

  -- 1. The keys, always in the same order, so two batches never wait on each other in a cycle; the keys' locks
  --    are the ones idempotency_begin takes, so a batch also waits for a single request with one of its keys.
  PERFORM pg_advisory_xact_lock(k.h) FROM (
    SELECT DISTINCT hashtextextended((o ->> 'scope') || E'\n' || (o ->> 'key'), 7127) AS h
    FROM jsonb_array_elements(p_orders) o
    ORDER BY 1
    OFFSET 0
  ) k;

  -- 2. What is stored under the keys (a new statement: it sees every request that held a key and committed).
  SELECT jsonb_object_agg(t.ord - 1, jsonb_build_object(
           'same', k.endpoint = t.o ->> 'endpoint' AND k.request_hash = t.o ->> 'hash', 'response', k.response))
    INTO stored
  FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)
  JOIN idempotency_keys k ON k.scope = t.o ->> 'scope' AND k.key = t.o ->> 'key';
  stored := coalesce(stored, '{}');

  -- 3. The wallet accounts, locked in id order as every other writer of accounts does (ledger_post).
  PERFORM 1 FROM ledger_accounts a
  WHERE a.id IN (SELECT (o ->> 'account')::bigint FROM jsonb_array_elements(p_orders) o)
  ORDER BY a.id
  FOR NO KEY UPDATE;

  -- 4. The writes, set-wise: the orders of verified customers whose margin + fee fit get their hold and fee in
  --    one guarded update of their account each, then their rows.
  WITH input AS (
    SELECT (t.ord - 1)::int AS i, t.o,
      (t.o ->> 'user')::bigint AS user_id,
      (t.o ->> 'account')::bigint AS account,
      (t.o ->> 'feesAccount')::bigint AS fees_account,
      (t.o ->> 'margin')::numeric AS margin,
      (t.o ->> 'fee')::numeric AS fee,
      (t.o ->> 'at')::timestamptz AS at
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)
    WHERE NOT stored ? (t.ord - 1)::text
  ),
  checked AS (
    SELECT input.*, nextval('trade_orders_id_seq') AS order_id, nextval('trade_positions_id_seq') AS position_id
    FROM input JOIN users u ON u.id = input.user_id AND u.kyc_status = 3
  ),
  charged AS (
    UPDATE ledger_accounts a SET held = a.held + c.margin, balance = a.balance - c.fee
    FROM checked c
    WHERE a.id = c.account AND a.user_id = c.user_id AND a.balance - a.held >= c.margin + c.fee
    RETURNING c.i, a.currency, a.balance AS balance_after
  ),
  ok AS (
    SELECT c.*, ch.currency, ch.balance_after FROM checked c JOIN charged ch ON ch.i = c.i
  ),
  holds AS (
    INSERT INTO ledger_holds (account_id, amount, reference, created_at)
    SELECT account, margin, 'position:' || position_id || ':0', at FROM ok
    RETURNING id, reference
  ),
  entries AS (
    INSERT INTO journal_entries (type, reference, detail, created_at)
    SELECT 'tradeFee', 'order:' || order_id,
      jsonb_build_object('order', order_id, 'position', position_id, 'code', o -> 'order' ->> 'code'), at
    FROM ok WHERE fee > 0
    RETURNING id, reference
  ),
  postings AS (
    INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at)
    SELECT e.id, p.account_id, ok.currency, p.amount, p.balance_after, ok.at
    FROM ok
    JOIN entries e ON e.reference = 'order:' || ok.order_id
    CROSS JOIN LATERAL (VALUES (ok.account, -ok.fee, ok.balance_after), (ok.fees_account, ok.fee, NULL::numeric))
      AS p(account_id, amount, balance_after)
  ),
  positions AS (
    INSERT INTO trade_positions
    SELECT r.* FROM ok
    JOIN holds h ON h.reference = 'position:' || ok.position_id || ':0'
    CROSS JOIN LATERAL jsonb_populate_record(NULL::trade_positions, (ok.o -> 'position')
      || jsonb_build_object('id', ok.position_id, 'user_id', ok.user_id, 'hold_id', h.id, 'hold_seq', 0)) r
  ),
  orders AS (
    INSERT INTO trade_orders
    SELECT r.* FROM ok
    CROSS JOIN LATERAL jsonb_populate_record(NULL::trade_orders, (ok.o -> 'order')
      || jsonb_build_object('id', ok.order_id, 'user_id', ok.user_id, 'position_id', ok.position_id, 'hold_id', NULL)) r
  ),
  messages AS (
    INSERT INTO user_messages (user_id, kind, params, link, created_at)
    SELECT user_id, o -> 'message' ->> 'kind',
      coalesce(o -> 'message' -> 'params', '{}') || jsonb_build_object('order', order_id),
      '/pages/trade/detail?positionId=' || position_id, at
    FROM ok
  ),
  answers AS (
    SELECT i, o, at, jsonb_set(jsonb_set(jsonb_set(o -> 'answer',
      '{order,id}', to_jsonb(order_id)),
      '{order,positionId}', to_jsonb(position_id)),
      '{position,id}', to_jsonb(position_id)) AS answer
    FROM ok
  ),
  keys AS (
    INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
    SELECT o ->> 'scope', o ->> 'key', o ->> 'endpoint', o ->> 'hash', answer, at FROM answers
  )
  SELECT (SELECT jsonb_object_agg(i, answer) FROM answers), (SELECT jsonb_object_agg(i, true) FROM checked)
    INTO done, verified;
  done := coalesce(done, '{}');
  verified := coalesce(verified, '{}');

  -- 5. One answer per order, in the batch's order. The available balance of a refused order is read under the
  --    lock of step 3, so it is the one the guarded update saw.
  SELECT jsonb_agg(CASE
      WHEN stored ? x.i AND (stored -> x.i ->> 'same')::boolean
        THEN jsonb_build_object('replayed', true, 'answer', stored -> x.i -> 'response')
      WHEN stored ? x.i THEN jsonb_build_object('error', 'mismatch')
      WHEN done ? x.i THEN jsonb_build_object('replayed', false, 'answer', done -> x.i)
      WHEN verified ? x.i THEN jsonb_build_object('error', 'insufficient', 'available', (
        SELECT (a.balance - a.held)::text FROM ledger_accounts a
        WHERE a.id = (x.o ->> 'account')::bigint AND a.user_id = (x.o ->> 'user')::bigint))
      ELSE jsonb_build_object('error', 'kycRequired')
    END ORDER BY x.ord)
    INTO results
  FROM (SELECT t.o, t.ord, (t.ord - 1)::text AS i FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)) x;
  RETURN results;
END $$;
