-- ledger_hold: a hold on a customer account (ledger.hold), which is ledger_hold_and_charge with no fee, so the
-- guarded hold is written once. Guarantees what that function does; answers the hold's id.
CREATE OR REPLACE FUNCTION ledger_hold(p_account bigint, p_amount numeric, p_reference text, p_at timestamptz)
RETURNS bigint LANGUAGE sql AS $$
  SELECT (ledger_hold_and_charge(p_account, p_amount, p_reference, p_at, 0, NULL, NULL, NULL, NULL) ->> 'holdId')::bigint
$$;
