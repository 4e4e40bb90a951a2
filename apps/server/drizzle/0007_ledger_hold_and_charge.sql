-- An order's margin and its fee on the same account in one guarded update (docs/money.md "How a posting is
-- written", docs/trading.md "How an order is written"). Before, an order that fills locked its account row
-- (SELECT ... FOR NO KEY UPDATE), raised `held` (ledger_hold), then lowered `balance` (ledger_post, which also
-- tried the fees account's row in vain and looked it up again): three touches of a customer row and two of a
-- system row for what is one decision. The rules are those of ledger_hold and ledger_post: the available
-- balance must carry hold + fee, the account's CHECK constraint guards it again, the fee is a balanced journal
-- entry checked at commit by the deferred trigger of 0003/0004, and system accounts keep no cached balance.

-- 1. A hold on a customer account and a charge of `p_fee` from the same account to a system account, in one
--    guarded update. Not enough available for both raises 'ledger.insufficient' (SQLSTATE P0001) with
--    {"accountId", "available"} as DETAIL, as ledger_hold and ledger_post do, and nothing is written. A fee of 0
--    writes no entry. Answers {"holdId", "entryId"} (entryId null without a fee).
CREATE FUNCTION ledger_hold_and_charge(
  p_account bigint,
  p_amount numeric,
  p_reference text,
  p_at timestamptz,
  p_fee numeric,
  p_fee_account bigint,
  p_fee_type text,
  p_fee_reference text,
  p_fee_detail jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  currency text;
  new_balance numeric;
  available numeric;
  hold bigint;
  entry bigint;
BEGIN
  IF p_amount <= 0 OR p_fee < 0 THEN
    RAISE EXCEPTION 'ledger: a hold must be positive and a fee not negative (% and %)', p_amount, p_fee;
  END IF;
  UPDATE ledger_accounts SET held = held + p_amount, balance = balance - p_fee
  WHERE id = p_account AND user_id IS NOT NULL AND balance - held >= p_amount + p_fee
  RETURNING ledger_accounts.currency, balance INTO currency, new_balance;
  IF NOT FOUND THEN
    SELECT balance - held INTO available FROM ledger_accounts WHERE id = p_account AND user_id IS NOT NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: account % is not a customer account', p_account;
    END IF;
    RAISE EXCEPTION 'ledger.insufficient' USING ERRCODE = 'P0001',
      DETAIL = json_build_object('accountId', p_account, 'available', available::text)::text;
  END IF;
  INSERT INTO ledger_holds (account_id, amount, reference, created_at)
  VALUES (p_account, p_amount, p_reference, p_at) RETURNING id INTO hold;
  IF p_fee > 0 THEN
    -- The fee goes to a system account only: its balance is the sum of its postings, so no row to update.
    PERFORM 1 FROM ledger_accounts WHERE id = p_fee_account AND user_id IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: fee account % is not a system account', p_fee_account;
    END IF;
    INSERT INTO journal_entries (type, reference, detail, created_at)
    VALUES (p_fee_type, p_fee_reference, p_fee_detail, p_at) RETURNING id INTO entry;
    INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at)
    VALUES (entry, p_account, currency, -p_fee, new_balance, p_at),
           (entry, p_fee_account, currency, p_fee, NULL, p_at);
  END IF;
  RETURN jsonb_build_object('holdId', hold, 'entryId', entry);
END $$;
--> statement-breakpoint

-- 2. ledger_hold (0004) is now a hold without a fee: the same guarded update and refusal, written once.
CREATE OR REPLACE FUNCTION ledger_hold(p_account bigint, p_amount numeric, p_reference text, p_at timestamptz)
RETURNS bigint LANGUAGE sql AS $$
  SELECT (ledger_hold_and_charge(p_account, p_amount, p_reference, p_at, 0, NULL, NULL, NULL, NULL) ->> 'holdId')::bigint
$$;
--> statement-breakpoint

-- 3. trade_open_now (0006) with the margin and the fee written by ledger_hold_and_charge, so without its
--    currency argument (the fee's postings take the account's). A short wallet now raises 'ledger.insufficient'
--    (the server answers insufficientMargin with the available balance). The rest is unchanged: key, identity
--    check, hold + fee, position, filled order, inbox message, key with the answer.
DROP FUNCTION trade_open_now(text, text, text, text, bigint, bigint, bigint, text, numeric, numeric, timestamptz,
  jsonb, jsonb, jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION trade_open_now(
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
  RETURN jsonb_build_object('replayed', false, 'answer', answer);
END $$;
