-- ledger_hold_and_charge_each: ledger_hold_and_charge for several accounts in one statement (the order batch,
-- trade_open_batch), where one short wallet must not stop the others. Guarantees, for each item on its own: one
-- guarded update raises its account's `held` by the hold and lowers its `balance` by the fee, so the available
-- balance carries both or neither; then the hold row and, for a fee above zero, the fee's balanced entry of type
-- p_fee_type to a system account (all the call's entries checked at once by ledger_check_postings before it
-- returns). An item that does not fit writes nothing and answers its account's available balance instead of
-- raising. The accounts are locked in id order first, as every writer of accounts does (ledger_post), so the
-- available balance answered is the one the guarded update saw.
--
-- p_items is a JSON array of {"account", "amount", "reference", "at", "fee", "feeAccount", "feeReference",
-- "feeDetail"}. Two items on one account or with one hold reference, a hold not positive, a fee negative, an
-- account not a customer's or a fee account not a system account raise, and nothing is written.
-- Answers a JSON array in the order of p_items: {"holdId", "entryId"} (entryId null without a fee) or
-- {"available": "..."}.
CREATE OR REPLACE FUNCTION ledger_hold_and_charge_each(p_items jsonb, p_fee_type text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  twice boolean;
  bad_money boolean;
  fee_accounts bigint[];
  accounts bigint[];
  customers bigint;
  results jsonb;
  first_posting bigint;
  last_posting bigint;
BEGIN
  -- The items' own checks in one pass over them, then their few fee accounts; the accounts are checked as they are
  -- locked (below), so each is looked up once before the update.
  SELECT count(DISTINCT t.i ->> 'account') <> count(*) OR count(DISTINCT t.i ->> 'reference') <> count(*),
         coalesce(bool_or(NOT ((t.i ->> 'amount')::numeric > 0 AND (t.i ->> 'fee')::numeric >= 0)), false),
         array_agg(DISTINCT (t.i ->> 'feeAccount')::bigint),
         array_agg((t.i ->> 'account')::bigint)
    INTO twice, bad_money, fee_accounts, accounts
  FROM jsonb_array_elements(p_items) t(i);
  IF twice THEN
    RAISE EXCEPTION 'ledger: two holds on one account or with one reference in one call';
  END IF;
  IF bad_money THEN
    RAISE EXCEPTION 'ledger: a hold must be positive and a fee not negative';
  END IF;
  IF (SELECT count(*) FROM ledger_accounts a WHERE a.id = ANY (fee_accounts) AND a.user_id IS NULL)
     <> cardinality(fee_accounts) THEN
    RAISE EXCEPTION 'ledger: an account is not a customer account or a fee account not a system account';
  END IF;

  -- The accounts in id order, as every writer of accounts locks them (ledger_post); each must be a customer's. Found
  -- by their primary key (`= ANY` of the call's ids, here and in the update below), never by a join with the items:
  -- a cached plan counts 100 items a call and hashed them against the whole table (docs/money.md).
  SELECT count(*) INTO customers FROM (
    SELECT a.user_id FROM ledger_accounts a
    WHERE a.id = ANY (accounts)
    ORDER BY a.id
    FOR NO KEY UPDATE
  ) l WHERE l.user_id IS NOT NULL;
  IF customers <> jsonb_array_length(p_items) THEN
    RAISE EXCEPTION 'ledger: an account is not a customer account or a fee account not a system account';
  END IF;

  WITH input AS (
    SELECT t.ord,
      (t.i ->> 'account')::bigint AS account,
      (t.i ->> 'amount')::numeric AS amount,
      t.i ->> 'reference' AS reference,
      (t.i ->> 'at')::timestamptz AS at,
      (t.i ->> 'fee')::numeric AS fee,
      (t.i ->> 'feeAccount')::bigint AS fee_account,
      t.i ->> 'feeReference' AS fee_reference,
      t.i -> 'feeDetail' AS fee_detail
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS t(i, ord)
  ),
  charged AS (
    UPDATE ledger_accounts a SET held = a.held + i.amount, balance = a.balance - i.fee
    FROM input i
    WHERE a.id = ANY (accounts) AND a.id = i.account AND a.user_id IS NOT NULL AND a.balance - a.held >= i.amount + i.fee
    RETURNING i.ord, a.currency, a.balance AS balance_after
  ),
  ok AS (
    SELECT i.*, c.currency, c.balance_after FROM input i JOIN charged c ON c.ord = i.ord
  ),
  holds AS (
    INSERT INTO ledger_holds (account_id, amount, reference, created_at)
    SELECT account, amount, reference, at FROM ok
    RETURNING id, reference
  ),
  entries AS (
    INSERT INTO journal_entries (type, reference, detail, created_at)
    SELECT p_fee_type, fee_reference, fee_detail, at FROM ok WHERE fee > 0
    RETURNING id, reference
  ),
  postings AS (
    -- The fee goes to a system account only: its balance is the sum of its postings, so no row to update.
    INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at)
    SELECT e.id, p.account_id, ok.currency, p.amount, p.balance_after, ok.at
    FROM ok
    JOIN entries e ON e.reference = ok.fee_reference
    CROSS JOIN LATERAL (VALUES (ok.account, -ok.fee, ok.balance_after), (ok.fee_account, ok.fee, NULL::numeric))
      AS p(account_id, amount, balance_after)
    RETURNING id
  )
  -- A refused item's account was not updated by this statement, so its row as the statement began is current.
  SELECT jsonb_agg(CASE
      WHEN h.id IS NOT NULL THEN jsonb_build_object('holdId', h.id, 'entryId', e.id)
      ELSE jsonb_build_object('available', (SELECT (a.balance - a.held)::text FROM ledger_accounts a WHERE a.id = i.account))
    END ORDER BY i.ord),
    (SELECT min(id) FROM postings), (SELECT max(id) FROM postings)
    INTO results, first_posting, last_posting
  FROM input i
  LEFT JOIN ok ON ok.ord = i.ord
  LEFT JOIN holds h ON h.reference = ok.reference
  LEFT JOIN entries e ON e.reference = ok.fee_reference;
  -- The fees' entries balanced, checked now in one query instead of at commit one by one.
  IF first_posting IS NOT NULL THEN
    PERFORM ledger_check_postings(first_posting, last_posting);
  END IF;
  RETURN coalesce(results, '[]');
END $$;
