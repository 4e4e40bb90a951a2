-- ledger_post: one journal entry in one round trip (ledger.post). Guarantees: the entry, the guarded balance
-- updates of its customer accounts in account-id order (two entries never wait on each other in a cycle) and the
-- postings with each customer account's balance after, or nothing: a customer account that would go below zero
-- available raises 'ledger.insufficient' (SQLSTATE P0001) with {"accountId", "available"} as DETAIL. System
-- accounts keep no cached balance (theirs is the sum of their postings), so they are never locked.
-- Answers {"entryId", "postings": [{"id", "accountId", "currency", "amount", "balanceAfter"}]}.
CREATE OR REPLACE FUNCTION ledger_post(
  p_type text,
  p_at timestamptz,
  p_accounts bigint[],
  p_currencies text[],
  p_amounts numeric[],
  p_reason text DEFAULT NULL,
  p_reference text DEFAULT NULL,
  p_operator bigint DEFAULT NULL,
  p_rate numeric DEFAULT NULL,
  p_detail jsonb DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  entry bigint;
  i int;
  after numeric[] := array_fill(NULL::numeric, ARRAY[cardinality(p_accounts)]);
  new_balance numeric;
  customer boolean;
  available numeric;
  result jsonb;
BEGIN
  INSERT INTO journal_entries (type, reason, reference, operator_id, rate, detail, created_at)
  VALUES (p_type, p_reason, p_reference, p_operator, p_rate, p_detail, p_at)
  RETURNING id INTO entry;
  FOR i IN SELECT t.ord FROM unnest(p_accounts) WITH ORDINALITY AS t(account, ord) ORDER BY t.account, t.ord LOOP
    UPDATE ledger_accounts SET balance = balance + p_amounts[i]
    WHERE id = p_accounts[i] AND user_id IS NOT NULL AND balance - held + p_amounts[i] >= 0
    RETURNING balance INTO new_balance;
    IF FOUND THEN
      after[i] := new_balance;
    ELSE
      SELECT user_id IS NOT NULL, balance - held INTO customer, available FROM ledger_accounts WHERE id = p_accounts[i];
      IF customer THEN
        RAISE EXCEPTION 'ledger.insufficient' USING ERRCODE = 'P0001',
          DETAIL = json_build_object('accountId', p_accounts[i], 'available', available::text)::text;
      END IF;
      -- A system account (or none: the balance check, ledger_assert_balanced, then refuses the posting).
    END IF;
  END LOOP;
  WITH inserted AS (
    INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at)
    SELECT entry, t.account, t.currency, t.amount, after[t.ord], p_at
    FROM unnest(p_accounts, p_currencies, p_amounts) WITH ORDINALITY AS t(account, currency, amount, ord)
    ORDER BY t.ord
    RETURNING id, account_id, currency, amount, balance_after
  )
  SELECT jsonb_agg(jsonb_build_object('id', id, 'accountId', account_id, 'currency', currency,
           'amount', amount::text, 'balanceAfter', balance_after::text) ORDER BY id)
    INTO result FROM inserted;
  RETURN jsonb_build_object('entryId', entry, 'postings', result);
END $$;
