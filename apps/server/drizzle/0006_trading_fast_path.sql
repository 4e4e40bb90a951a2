-- An order that opens a new position and fills at once (a market order, or a limit the market has already
-- reached), written in one statement: the hot path of the order bench (docs/trading.md "How an order is
-- written"). The server decides everything before calling it (instrument, price, rate, margin, fee, the rows
-- and the answer); this function only writes, with the ledger's own functions (migration 0004), in one
-- implicit transaction:
--   the idempotency key (idempotency_begin: a replay answers the stored answer and writes nothing),
--   the identity check (raises 'trade.kycRequired'),
--   the money check: margin + fee must fit in the wallet's available balance (raises 'trade.insufficientMargin'
--   with {"available"} as DETAIL), with the account row locked so both writes below then succeed,
--   the margin hold ('position:<id>:0'), the fee entry to the fees account ('order:<id>'),
--   the position and the filled order (rows given as JSON with snake_case keys, ids and hold filled in here),
--   the inbox message (its params get the order id, its link the position),
--   the key with the answer (the answer given, with the ids filled in at order.id, order.positionId, position.id).
-- Answers {"replayed": bool, "answer": ...}.
CREATE FUNCTION trade_open_now(
  p_scope text,
  p_key text,
  p_endpoint text,
  p_hash text,
  p_user bigint,
  p_account bigint,
  p_fees_account bigint,
  p_currency text,
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
  available numeric;
  order_id bigint;
  position_id bigint;
  hold bigint;
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

  SELECT balance - held INTO available FROM ledger_accounts
  WHERE id = p_account AND user_id = p_user AND currency = p_currency
  FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'trade: account % is not a % account of user %', p_account, p_currency, p_user;
  END IF;
  IF available < p_margin + p_fee THEN
    RAISE EXCEPTION 'trade.insufficientMargin' USING ERRCODE = 'P0001',
      DETAIL = json_build_object('available', available::text)::text;
  END IF;

  order_id := nextval('trade_orders_id_seq');
  position_id := nextval('trade_positions_id_seq');
  hold := ledger_hold(p_account, p_margin, 'position:' || position_id || ':0', p_at);
  IF p_fee > 0 THEN
    PERFORM ledger_post('tradeFee', p_at, ARRAY[p_account, p_fees_account], ARRAY[p_currency, p_currency],
      ARRAY[-p_fee, p_fee], NULL, 'order:' || order_id, NULL, NULL,
      jsonb_build_object('order', order_id, 'position', position_id, 'code', p_order ->> 'code'));
  END IF;

  INSERT INTO trade_positions
  SELECT * FROM jsonb_populate_record(NULL::trade_positions,
    p_position || jsonb_build_object('id', position_id, 'user_id', p_user, 'hold_id', hold, 'hold_seq', 0));
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
  RETURN jsonb_build_object('replayed', false, 'answer', answer);
END $$;
