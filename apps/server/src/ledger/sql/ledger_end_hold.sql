-- ledger_end_hold: ends an active hold, released or posted by entry p_entry (ledger.release, ledger.settleHold).
-- Guarantees: a hold ends once; its amount goes back to the account's available balance in the same statement.
-- Answers {"accountId", "amount"}, or NULL when the hold was not active any more (nothing written).
CREATE OR REPLACE FUNCTION ledger_end_hold(p_hold bigint, p_status text, p_at timestamptz, p_entry bigint DEFAULT NULL)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  account bigint;
  amount numeric;
BEGIN
  UPDATE ledger_holds SET status = p_status, settled_at = p_at, entry_id = p_entry
  WHERE id = p_hold AND status = 'active'
  RETURNING account_id, ledger_holds.amount INTO account, amount;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE ledger_accounts SET held = held - amount WHERE id = account;
  RETURN jsonb_build_object('accountId', account, 'amount', amount::text);
END $$;
