-- trade_open_batch: what trade_open_now writes, for several orders in one transaction (docs/trading.md "The
-- placement path"), so the statement start-up, the commit and the WAL flush are paid once per batch. The money is
-- written by the ledger alone (ledger_hold_and_charge_each: every order's margin hold and fee, set-wise); this
-- function writes the keys, positions, orders and messages around it.
--
-- p_orders is a JSON array; each element carries what trade_open_now takes, under the names scope, key,
-- endpoint, hash, user, account, feesAccount, margin, fee, at, position, order, message, and the answer as two
-- strings: answerOrder and answerPosition, the JSON texts of the answer's order and position after their ids (the
-- server's JSON.stringify of each, with ids first, less `{"id":0,"positionId":0` and `{"id":0`). The stored answer
-- is that text with the new ids written in front, `{"order":{"id":n,"positionId":m...},"position":{"id":m...}}`,
-- checked as JSON and stored as it is (idempotency_keys.response is json, migration 0037): the answer is more than
-- half of an order's JSON, and parsing it into jsonb to write three ids into it made this function 8 % slower
-- (docs/trading.md "The placement path"). The server never puts two orders of one account, nor two orders with one
-- key, in the same batch (this function refuses such a batch), so every order's guarded update decides on its own
-- account alone.
--
-- Answers a JSON array in the order of p_orders, one element per order:
--   {"replayed": true, "answer": ...}     the key was used before with the same request: its first answer
--   {"replayed": false, "orderId": n, "positionId": n}   written now: key, hold + fee, position, filled order,
--                                         message; the server holds the answer and fills in these ids (sending the
--                                         stored answer back would cost both sides its JSON for nothing)
--   {"error": "mismatch"}                 the key was used before for another endpoint or body
--   {"error": "kycRequired"}              the customer's identity is not verified
--   {"error": "insufficient", "available": "..."}   margin + fee do not fit in the available balance
-- Guarantees: an order refused writes nothing and does not stop the others; anything else raises, and nothing of
-- the batch stays (the server then writes the batch's orders one by one with trade_open_now).
CREATE OR REPLACE FUNCTION trade_open_batch(p_orders jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  twice boolean;
  bad_money boolean;
  fee_accounts bigint[];
  no_answer boolean;
  stored jsonb;
  numbered jsonb;
  charges jsonb;
  charged_at jsonb;
  charged jsonb;
  done jsonb;
  results jsonb;
BEGIN
  -- The batch's own checks in one pass over it (one account and one key per order, money, answers), then its few
  -- fee accounts.
  SELECT count(DISTINCT o ->> 'account') <> count(*)
           OR count(DISTINCT (o ->> 'scope') || E'\n' || (o ->> 'key')) <> count(*),
         coalesce(bool_or(NOT ((o ->> 'margin')::numeric > 0 AND (o ->> 'fee')::numeric >= 0)), false),
         coalesce(bool_or(jsonb_typeof(o -> 'answerOrder') IS DISTINCT FROM 'string'
                       OR jsonb_typeof(o -> 'answerPosition') IS DISTINCT FROM 'string'), false),
         array_agg(DISTINCT (o ->> 'feesAccount')::bigint)
    INTO twice, bad_money, no_answer, fee_accounts
  FROM jsonb_array_elements(p_orders) o;
  IF twice THEN
    RAISE EXCEPTION 'trade_open_batch: two orders of one account or with one key in a batch';
  END IF;
  IF bad_money THEN
    RAISE EXCEPTION 'trade_open_batch: a margin must be positive and a fee not negative';
  END IF;
  IF no_answer THEN
    RAISE EXCEPTION 'trade_open_batch: an order without its answer';
  END IF;
  IF (SELECT count(*) FROM ledger_accounts a WHERE a.id = ANY (fee_accounts) AND a.user_id IS NULL)
     <> cardinality(fee_accounts) THEN
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
  -- One probe of the key's primary key per request, never a plain join, which the cached generic plan ran as a
  -- scan of the whole key table (docs/money.md, "How a posting is written"; ledger/key-lookup.test.ts).
  CROSS JOIN LATERAL (
    SELECT i.endpoint, i.request_hash, i.response FROM idempotency_keys i
    WHERE i.scope = t.o ->> 'scope' AND i.key = t.o ->> 'key'
    LIMIT 1
  ) k;
  stored := coalesce(stored, '{}');

  -- 3. Ids for the new orders of verified customers.
  SELECT jsonb_object_agg(n.i, jsonb_build_object('order', n.order_id, 'position', n.position_id)) INTO numbered
  FROM (
    SELECT (t.ord - 1)::text AS i, nextval('trade_orders_id_seq') AS order_id,
      nextval('trade_positions_id_seq') AS position_id
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)
    -- A probe of the customer's primary key per order, as for the keys above (a join hashed the whole table).
    CROSS JOIN LATERAL (
      SELECT 1 FROM users u WHERE u.id = (t.o ->> 'user')::bigint AND u.kyc_status = 3 LIMIT 1
    ) u
    WHERE NOT stored ? (t.ord - 1)::text
  ) n;
  numbered := coalesce(numbered, '{}');

  -- 4. The money, by the ledger: each order's margin hold and fee in one guarded update of its wallet account
  --    (ledger_hold_and_charge_each, which locks the accounts in id order as every writer of accounts does). An
  --    order whose account is not its customer's is not charged (refused as insufficient, as before).
  SELECT jsonb_agg(jsonb_build_object(
           'account', t.o -> 'account', 'amount', t.o -> 'margin',
           'reference', 'position:' || (numbered -> x.i ->> 'position') || ':0', 'at', t.o -> 'at',
           'fee', t.o -> 'fee', 'feeAccount', t.o -> 'feesAccount',
           'feeReference', 'order:' || (numbered -> x.i ->> 'order'),
           'feeDetail', jsonb_build_object('order', (numbered -> x.i ->> 'order')::bigint,
             'position', (numbered -> x.i ->> 'position')::bigint, 'code', t.o -> 'order' ->> 'code'))
         ORDER BY t.ord),
         jsonb_agg(x.i ORDER BY t.ord)
    INTO charges, charged_at
  FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)
  CROSS JOIN LATERAL (SELECT (t.ord - 1)::text AS i) x
  CROSS JOIN LATERAL (
    SELECT 1 FROM ledger_accounts a
    WHERE a.id = (t.o ->> 'account')::bigint AND a.user_id = (t.o ->> 'user')::bigint
    LIMIT 1
  ) a
  WHERE numbered ? x.i;
  SELECT jsonb_object_agg(k.i, r.answer) INTO charged
  FROM jsonb_array_elements_text(coalesce(charged_at, '[]')) WITH ORDINALITY AS k(i, n)
  JOIN jsonb_array_elements(ledger_hold_and_charge_each(coalesce(charges, '[]'), 'tradeFee'))
    WITH ORDINALITY AS r(answer, n) ON r.n = k.n;
  charged := coalesce(charged, '{}');

  -- 5. The rows of the orders that were charged: position, filled order, inbox message, key with the answer.
  WITH ok AS (
    SELECT x.i, t.o, (t.o ->> 'user')::bigint AS user_id, (t.o ->> 'at')::timestamptz AS at,
      (numbered -> x.i ->> 'order')::bigint AS order_id, (numbered -> x.i ->> 'position')::bigint AS position_id,
      (charged -> x.i ->> 'holdId')::bigint AS hold_id
    FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)
    CROSS JOIN LATERAL (SELECT (t.ord - 1)::text AS i) x
    WHERE charged -> x.i ? 'holdId'
  ),
  positions AS (
    INSERT INTO trade_positions
    SELECT r.* FROM ok
    CROSS JOIN LATERAL jsonb_populate_record(NULL::trade_positions, (ok.o -> 'position')
      || jsonb_build_object('id', ok.position_id, 'user_id', ok.user_id, 'hold_id', ok.hold_id, 'hold_seq', 0)) r
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
  keys AS (
    INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
    SELECT o ->> 'scope', o ->> 'key', o ->> 'endpoint', o ->> 'hash',
      ('{"order":{"id":' || order_id || ',"positionId":' || position_id || (o ->> 'answerOrder')
        || ',"position":{"id":' || position_id || (o ->> 'answerPosition') || '}')::json,
      at
    FROM ok
  )
  SELECT jsonb_object_agg(i, jsonb_build_object('orderId', order_id, 'positionId', position_id)) INTO done FROM ok;
  done := coalesce(done, '{}');

  -- 6. One answer per order, in the batch's order. The available balance of a refused order is the ledger's
  --    answer, read under its lock, so it is the one the guarded update saw.
  SELECT jsonb_agg(CASE
      WHEN stored ? x.i AND (stored -> x.i ->> 'same')::boolean
        THEN jsonb_build_object('replayed', true, 'answer', stored -> x.i -> 'response')
      WHEN stored ? x.i THEN jsonb_build_object('error', 'mismatch')
      WHEN done ? x.i THEN jsonb_build_object('replayed', false) || (done -> x.i)
      WHEN numbered ? x.i THEN jsonb_build_object('error', 'insufficient', 'available', charged -> x.i ->> 'available')
      ELSE jsonb_build_object('error', 'kycRequired')
    END ORDER BY x.ord)
    INTO results
  FROM (SELECT t.o, t.ord, (t.ord - 1)::text AS i FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS t(o, ord)) x;
  RETURN results;
END $$;
