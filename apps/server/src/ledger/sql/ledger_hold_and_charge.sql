-- ledger_hold_and_charge: an order's margin and fee on the same customer account (ledger.holdAndCharge).
-- Guarantees: one guarded update raises `held` by the hold and lowers `balance` by the fee, so the available
-- balance carries both or neither; not enough raises 'ledger.insufficient' (P0001) with {"accountId", "available"}
-- as DETAIL and nothing is written. Then the hold row and, for a fee above zero, the fee's balanced entry to a
-- system account (checked again at commit by ledger_check_entry). Answers {"holdId", "entryId"} (entryId null
-- without a fee).
CREATE OR REPLACE FUNCTION ledger_hold_and_charge(
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
