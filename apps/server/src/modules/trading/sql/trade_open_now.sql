-- trade_open_now: an order that opens a new position and fills at once, in one statement (docs/trading.md
-- "How an order is written"). The server decides everything before (instrument, price, margin, fee, the rows and
-- the answer); this only writes, in one transaction, with the ledger's functions for the money:
--   the idempotency key (idempotency_begin: a replay answers the stored answer and writes nothing),
--   the identity check (raises 'trade.kycRequired'),
--   the margin hold ('position:<id>:0') and the fee entry ('order:<id>') by ledger_hold_and_charge (a short
--   wallet raises 'ledger.insufficient'),
--   the position and the filled order (rows as JSON with snake_case keys, ids and hold filled in here),
--   the inbox message, and the key with the answer (ids filled in at order.id, order.positionId, position.id).
-- Answers {"replayed": true, "answer": ...} (the stored answer) or {"replayed": false, "orderId": n, "positionId": n}
-- (the server fills these ids into the answer it holds).
CREATE OR REPLACE FUNCTION trade_open_now(
  p_scope text,
  p_key text,
  p_endpoint text,
  p_hash text,
  p_user bigint,
  p_account bigint,
  p_fees_account bigint,
  p_margin numeric,
  p_fee numeric,
  p_at timestamptz,
  p_position jsonb,
  p_order jsonb,
  p_message jsonb,
  p_answer jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  kyc smallint;
  order_id bigint;
  position_id bigint;
  held jsonb;
  answer jsonb;
BEGIN
  stored := idempotency_begin(p_scope, p_key, p_endpoint, p_hash);
  IF stored IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'answer', stored -> 'response');
  END IF;

  SELECT kyc_status INTO kyc FROM users WHERE id = p_user;
  IF kyc IS DISTINCT FROM 3 THEN
    RAISE EXCEPTION 'trade.kycRequired' USING ERRCODE = 'P0001';
  END IF;

  order_id := nextval('trade_orders_id_seq');
  position_id := nextval('trade_positions_id_seq');
  held := ledger_hold_and_charge(p_account, p_margin, 'position:' || position_id || ':0', p_at,
    p_fee, p_fees_account, 'tradeFee', 'order:' || order_id,
    jsonb_build_object('order', order_id, 'position', position_id, 'code', p_order ->> 'code'));

  INSERT INTO trade_positions
  SELECT * FROM jsonb_populate_record(NULL::trade_positions,
    p_position || jsonb_build_object('id', position_id, 'user_id', p_user, 'hold_id', held -> 'holdId', 'hold_seq', 0));
  INSERT INTO trade_orders
  SELECT * FROM jsonb_populate_record(NULL::trade_orders,
    p_order || jsonb_build_object('id', order_id, 'user_id', p_user, 'position_id', position_id, 'hold_id', NULL));
  INSERT INTO user_messages (user_id, kind, params, link, created_at)
  VALUES (p_user, p_message ->> 'kind', coalesce(p_message -> 'params', '{}') || jsonb_build_object('order', order_id),
    '/pages/trade/detail?positionId=' || position_id, p_at);

  answer := jsonb_set(jsonb_set(jsonb_set(p_answer,
    '{order,id}', to_jsonb(order_id)),
    '{order,positionId}', to_jsonb(position_id)),
    '{position,id}', to_jsonb(position_id));
  INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
  VALUES (p_scope, p_key, p_endpoint, p_hash, answer, p_at);
  RETURN jsonb_build_object('replayed', false, 'orderId', order_id, 'positionId', position_id);
END $$;
