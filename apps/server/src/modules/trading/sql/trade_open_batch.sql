-- trade_open_batch: what trade_open_now writes, for several orders in one transaction (docs/trading.md "The
-- placement path"), so the statement start-up, the commit and the WAL flush are paid once per batch. The money is
-- written by the ledger alone (ledger_hold_and_charge_each: every order's margin hold and fee, set-wise); this
-- function writes the keys, positions, orders and messages around it.
--
-- The orders come as one array per field, order k at index k of each, typed (not a JSON array of objects: parsing
-- it and taking its fields out, the row merges and the JSON built for the ledger were a fifth of a batch's time;
-- docs/trading.md "The placement path"): the idempotency key (scope, key, endpoint, request hash), the customer,
-- the wallet account, the fees account, margin, fee, the time, the instrument's code, the position's and the
-- order's row as record literals of their tables (the server's rowRecord: every column in the table's own order,
-- with format() placeholders where this function writes its values: %1$s the id, %2$s the owner, %3$s the hold
-- (position) or the position (order), %4$s the hold's sequence (position, 0) or the hold (order, none)), the inbox
-- message's kind and params, the answer's order and position as the JSON texts after their ids (the server's
-- JSON.stringify of each, with ids first, less `{"id":0,"positionId":0` and `{"id":0`), and the column lists the
-- server wrote the rows by (read from the catalog once, at its start), checked here against the tables' own, so a
-- row is never read in another column order than it was written in. A record literal costs PostgreSQL about a
-- quarter of what the same row as JSON cost (json_populate_recordset hashes every key and copies every value;
-- docs/trading.md "The placement path"). The rows are parsed once, and refused unless they carry this function's
-- ids, owner and hold in those columns. The stored answer is the answer's text with the ids written in front,
-- `{"order":{"id":n,"positionId":m...},"position":{"id":m...}}`, checked as JSON and stored as it is
-- (idempotency_keys.response is json, migration 0037). The server never puts two orders of one account, nor two
-- orders with one key, in the same batch (this function refuses such a batch), so every order's guarded update
-- decides on its own account alone.
--
-- Answers a JSON array in the order of the orders, one element per order:
--   {"replayed": true, "answer": ...}     the key was used before with the same request: its first answer
--   {"replayed": false, "orderId": n, "positionId": n}   written now: key, hold + fee, position, filled order,
--                                         message; the server holds the answer and fills in these ids (sending the
--                                         stored answer back would cost both sides its JSON for nothing)
--   {"error": "mismatch"}                 the key was used before for another endpoint or body
--   {"error": "kycRequired"}              the customer's identity is not verified
--   {"error": "insufficient", "available": "..."}   margin + fee do not fit in the available balance
-- Guarantees: an order refused writes nothing and does not stop the others; anything else raises, and nothing of
-- the batch stays (the server then writes the batch's orders one by one with trade_open_now).
--
-- plan_cache_mode: as for ledger_hold_and_charge_each, generic plans, made once, rather than a plan for each
-- call's arrays, made again on every call of a few orders.
DROP FUNCTION IF EXISTS trade_open_batch(jsonb);
DROP FUNCTION IF EXISTS trade_open_batch(text[], text[], text[], text[], bigint[], bigint[], bigint[], numeric[],
  numeric[], timestamptz[], text[], text[], text[], text[], jsonb[], text[], text[]);
CREATE OR REPLACE FUNCTION trade_open_batch(
  p_scope text[], p_key text[], p_endpoint text[], p_hash text[], p_user bigint[], p_account bigint[],
  p_fees_account bigint[], p_margin numeric[], p_fee numeric[], p_at timestamptz[], p_code text[],
  p_position text[], p_order text[], p_message_kind text[], p_message_params jsonb[], p_answer_order text[],
  p_answer_position text[], p_position_columns text, p_order_columns text)
RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n int := coalesce(cardinality(p_user), 0);
  twice boolean;
  bad_money boolean;
  no_answer boolean;
  bad_rows boolean;
  fee_accounts bigint[];
  -- Per order (index k of the batch): what is stored under its key (found, same request, answer), its new ids,
  -- and what the ledger did (hold written, or the available balance that refused it).
  stored_found boolean[];
  stored_same boolean[];
  stored_answer json[];
  order_ids bigint[];
  position_ids bigint[];
  charged_at int[];
  -- The charged orders' rows, parsed, and whether each carries this function's ids, owner and hold.
  new_positions trade_positions[];
  new_orders trade_orders[];
  rows_ours boolean;
  -- The charged orders' items for the ledger, one array per field.
  l_account bigint[];
  l_amount numeric[];
  l_reference text[];
  l_at timestamptz[];
  l_fee numeric[];
  l_fee_account bigint[];
  l_fee_reference text[];
  l_fee_detail jsonb[];
  held bigint[];
  refused text[];
  hold_of bigint[];
  available_of text[];
  results jsonb;
BEGIN
  IF coalesce(cardinality(p_scope), 0) <> n OR coalesce(cardinality(p_key), 0) <> n
     OR coalesce(cardinality(p_endpoint), 0) <> n OR coalesce(cardinality(p_hash), 0) <> n
     OR coalesce(cardinality(p_account), 0) <> n OR coalesce(cardinality(p_fees_account), 0) <> n
     OR coalesce(cardinality(p_margin), 0) <> n OR coalesce(cardinality(p_fee), 0) <> n
     OR coalesce(cardinality(p_at), 0) <> n OR coalesce(cardinality(p_code), 0) <> n
     OR coalesce(cardinality(p_position), 0) <> n OR coalesce(cardinality(p_order), 0) <> n
     OR coalesce(cardinality(p_message_kind), 0) <> n OR coalesce(cardinality(p_message_params), 0) <> n
     OR coalesce(cardinality(p_answer_order), 0) <> n OR coalesce(cardinality(p_answer_position), 0) <> n THEN
    RAISE EXCEPTION 'trade_open_batch: the orders'' arrays are not of one length';
  END IF;
  IF n = 0 THEN
    RETURN '[]';
  END IF;
  -- The batch's own checks in one pass over it (one account and one key per order, money, answers and rows), then
  -- its few fee accounts.
  SELECT count(DISTINCT t.account) <> n OR count(DISTINCT t.scope || E'\n' || t.key) <> n,
         coalesce(bool_or(coalesce(NOT (t.margin > 0 AND t.fee >= 0), true)), false),
         coalesce(bool_or(t.answer_order IS NULL OR t.answer_position IS NULL), false),
         coalesce(bool_or(coalesce(NOT (t.position LIKE '(%)' AND t.orders LIKE '(%)'), true)), false),
         array_agg(DISTINCT t.fees_account)
    INTO twice, bad_money, no_answer, bad_rows, fee_accounts
  FROM unnest(p_account, p_scope, p_key, p_margin, p_fee, p_answer_order, p_answer_position, p_position, p_order,
    p_fees_account) AS t(account, scope, key, margin, fee, answer_order, answer_position, position, orders, fees_account);
  IF twice THEN
    RAISE EXCEPTION 'trade_open_batch: two orders of one account or with one key in a batch';
  END IF;
  IF bad_money THEN
    RAISE EXCEPTION 'trade_open_batch: a margin must be positive and a fee not negative';
  END IF;
  IF no_answer THEN
    RAISE EXCEPTION 'trade_open_batch: an order without its answer';
  END IF;
  IF bad_rows THEN
    RAISE EXCEPTION 'trade_open_batch: an order''s position or order row is not a record literal';
  END IF;
  IF p_position_columns IS DISTINCT FROM trade_row_columns('trade_positions')
     OR p_order_columns IS DISTINCT FROM trade_row_columns('trade_orders') THEN
    RAISE EXCEPTION 'trade_open_batch: the rows were written for other columns than the tables have now';
  END IF;
  IF (SELECT count(*) FROM ledger_accounts a WHERE a.id = ANY (fee_accounts) AND a.user_id IS NULL)
     <> cardinality(fee_accounts) THEN
    RAISE EXCEPTION 'trade_open_batch: a fee account is not a system account';
  END IF;

  -- 1, 2. The keys' locks, in one order, then what is stored under them (idempotency_begin_each).
  SELECT b.key_found, b.key_same, b.key_response INTO stored_found, stored_same, stored_answer
  FROM idempotency_begin_each(p_scope, p_key, p_endpoint, p_hash) b;

  -- 3. Ids for the new orders of verified customers, and which of those orders name an account of their customer
  --    (only those are charged; the others are refused as insufficient, as before).
  SELECT array_agg(CASE WHEN u.ok THEN nextval('trade_orders_id_seq') END ORDER BY t.i),
         array_agg(CASE WHEN u.ok THEN nextval('trade_positions_id_seq') END ORDER BY t.i),
         array_agg(t.i ORDER BY t.i) FILTER (WHERE u.ok AND a.mine)
    INTO order_ids, position_ids, charged_at
  FROM unnest(p_user, p_account) WITH ORDINALITY AS t(user_id, account, i)
  -- Probes of the customer's and the account's primary keys per order, as for the keys above (a join hashed the
  -- whole table).
  LEFT JOIN LATERAL (
    SELECT true AS ok FROM users u WHERE u.id = t.user_id AND u.kyc_status = 3 AND stored_found[t.i] IS NULL LIMIT 1
  ) u ON true
  LEFT JOIN LATERAL (
    SELECT true AS mine FROM ledger_accounts a WHERE a.id = t.account AND a.user_id = t.user_id LIMIT 1
  ) a ON true;

  -- 4. The money, by the ledger: each charged order's margin hold and fee in one guarded update of its wallet account
  --    (ledger_hold_and_charge_each, which locks the accounts in id order as every writer of accounts does).
  SELECT array_agg(p_account[c.i] ORDER BY c.k), array_agg(p_margin[c.i] ORDER BY c.k),
         array_agg('position:' || position_ids[c.i] || ':0' ORDER BY c.k), array_agg(p_at[c.i] ORDER BY c.k),
         array_agg(p_fee[c.i] ORDER BY c.k), array_agg(p_fees_account[c.i] ORDER BY c.k),
         array_agg('order:' || order_ids[c.i] ORDER BY c.k),
         array_agg(jsonb_build_object('order', order_ids[c.i], 'position', position_ids[c.i], 'code', p_code[c.i])
           ORDER BY c.k)
    INTO l_account, l_amount, l_reference, l_at, l_fee, l_fee_account, l_fee_reference, l_fee_detail
  FROM unnest(charged_at) WITH ORDINALITY AS c(i, k);
  SELECT l.hold_ids, l.available INTO held, refused
  FROM ledger_hold_and_charge_each(l_account, l_amount, l_reference, l_at, l_fee, l_fee_account, l_fee_reference,
    l_fee_detail, 'tradeFee') l;
  -- The ledger's answers at the orders' own places in the batch.
  SELECT array_agg(c.hold ORDER BY t.i), array_agg(c.available ORDER BY t.i) INTO hold_of, available_of
  FROM generate_series(1, n) AS t(i)
  LEFT JOIN (
    SELECT c.i, held[c.k] AS hold, refused[c.k] AS available FROM unnest(charged_at) WITH ORDINALITY AS c(i, k)
  ) c ON c.i = t.i;

  -- 5. The rows of the orders that were charged: position, filled order, inbox message, key with the answer. Each
  --    row is the server's record literal with this function's values put in its placeholders, parsed once (the
  --    subquery is kept apart, OFFSET 0, so that each cast runs once, not once for every column read from it) and
  --    checked to carry them where the function writes them.
  SELECT array_agg(r.p ORDER BY r.i), array_agg(r.o ORDER BY r.i),
         -- IS NOT DISTINCT FROM: a field left empty (null) is not the value, where `=` would answer null, which
         -- bool_and passes over.
         coalesce(bool_and((r.p).id IS NOT DISTINCT FROM r.position_id AND (r.p).user_id IS NOT DISTINCT FROM r.user_id
           AND (r.p).hold_id IS NOT DISTINCT FROM r.hold_id AND (r.p).hold_seq IS NOT DISTINCT FROM 0
           AND (r.o).id IS NOT DISTINCT FROM r.order_id AND (r.o).user_id IS NOT DISTINCT FROM r.user_id
           AND (r.o).position_id IS NOT DISTINCT FROM r.position_id AND (r.o).hold_id IS NULL), true)
    INTO new_positions, new_orders, rows_ours
  FROM (
    SELECT t.i, p_user[t.i] AS user_id, order_ids[t.i] AS order_id, position_ids[t.i] AS position_id,
      hold_of[t.i] AS hold_id,
      format(p_position[t.i], position_ids[t.i], p_user[t.i], hold_of[t.i], 0)::trade_positions AS p,
      format(p_order[t.i], order_ids[t.i], p_user[t.i], position_ids[t.i], NULL)::trade_orders AS o
    FROM generate_series(1, n) AS t(i)
    WHERE hold_of[t.i] IS NOT NULL
    OFFSET 0
  ) r;
  IF NOT rows_ours THEN
    RAISE EXCEPTION 'trade_open_batch: an order''s rows do not carry its ids, owner and hold where this function writes them';
  END IF;
  WITH ok AS (
    SELECT t.i, p_user[t.i] AS user_id, p_at[t.i] AS at, order_ids[t.i] AS order_id,
      position_ids[t.i] AS position_id
    FROM generate_series(1, n) AS t(i)
    WHERE hold_of[t.i] IS NOT NULL
  ),
  positions AS (
    INSERT INTO trade_positions SELECT * FROM unnest(new_positions)
  ),
  orders AS (
    INSERT INTO trade_orders SELECT * FROM unnest(new_orders)
  ),
  messages AS (
    INSERT INTO user_messages (user_id, kind, params, link, created_at)
    SELECT user_id, p_message_kind[i], coalesce(p_message_params[i], '{}') || jsonb_build_object('order', order_id),
      '/pages/trade/detail?positionId=' || position_id, at
    FROM ok
  )
  INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
  SELECT p_scope[i], p_key[i], p_endpoint[i], p_hash[i],
    ('{"order":{"id":' || order_id || ',"positionId":' || position_id || p_answer_order[i]
      || ',"position":{"id":' || position_id || p_answer_position[i] || '}')::json,
    at
  FROM ok;

  -- 6. One answer per order, in the batch's order. The available balance of a refused order is the ledger's
  --    answer, read under its lock, so it is the one the guarded update saw.
  SELECT jsonb_agg(CASE
      WHEN stored_found[t.i] AND stored_same[t.i]
        THEN jsonb_build_object('replayed', true, 'answer', stored_answer[t.i])
      WHEN stored_found[t.i] THEN jsonb_build_object('error', 'mismatch')
      WHEN hold_of[t.i] IS NOT NULL
        THEN jsonb_build_object('replayed', false, 'orderId', order_ids[t.i], 'positionId', position_ids[t.i])
      WHEN order_ids[t.i] IS NOT NULL THEN jsonb_build_object('error', 'insufficient', 'available', available_of[t.i])
      ELSE jsonb_build_object('error', 'kycRequired')
    END ORDER BY t.i)
    INTO results
  FROM generate_series(1, n) AS t(i);
  RETURN results;
END $$;
