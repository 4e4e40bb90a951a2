-- ledger_hold_and_charge_each: ledger_hold_and_charge for several accounts in one statement (the order batch,
-- trade_open_batch), where one short wallet must not stop the others. Guarantees, for each item on its own: one
-- guarded update raises its account's `held` by the hold and lowers its `balance` by the fee, so the available
-- balance carries both or neither; then the hold row and, for a fee above zero, the fee's balanced entry of type
-- p_fee_type to a system account (all the call's entries checked at once by ledger_check_postings before it
-- returns). An item that does not fit writes nothing and answers its account's available balance instead of
-- raising. The accounts are locked in id order first, as every writer of accounts does (ledger_post), so the
-- available balance answered is the one the guarded update saw.
--
-- The items come as one array per field, item k at index k of each (typed arrays, not a JSON array of objects:
-- parsing JSON and taking fields out of it was a fifth of the order batch's time; docs/trading.md "The placement
-- path"). Arrays of different lengths, two items on one account or with one hold reference, a hold not positive, a
-- fee negative or missing, an account not a customer's or a fee account not a system account raise, and nothing is
-- written.
-- Answers three arrays in the order of the items: hold_ids and entry_ids (the entry null without a fee) of the
-- items written, null for the others; available: the available balance of the items refused, null for the others.
--
-- plan_cache_mode: PostgreSQL plans a statement that reads an array parameter again on every call of a few items,
-- where its plan for the array's own length looks cheaper than the generic one (issue 14: about 0.5 ms more a batch
-- than with the JSON array, which a generic plan always counts as 100 elements). The generic plans are the same
-- probes by primary key (ledger/key-lookup.test.ts).
DROP FUNCTION IF EXISTS ledger_hold_and_charge_each(jsonb, text);
CREATE OR REPLACE FUNCTION ledger_hold_and_charge_each(
  p_account bigint[], p_amount numeric[], p_reference text[], p_at timestamptz[], p_fee numeric[],
  p_fee_account bigint[], p_fee_reference text[], p_fee_detail jsonb[], p_fee_type text,
  OUT hold_ids bigint[], OUT entry_ids bigint[], OUT available text[])
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  n int := coalesce(cardinality(p_account), 0);
  twice boolean;
  bad_money boolean;
  fee_accounts bigint[];
  customers bigint;
  first_posting bigint;
  last_posting bigint;
BEGIN
  IF coalesce(cardinality(p_amount), 0) <> n OR coalesce(cardinality(p_reference), 0) <> n
     OR coalesce(cardinality(p_at), 0) <> n OR coalesce(cardinality(p_fee), 0) <> n
     OR coalesce(cardinality(p_fee_account), 0) <> n OR coalesce(cardinality(p_fee_reference), 0) <> n
     OR coalesce(cardinality(p_fee_detail), 0) <> n THEN
    RAISE EXCEPTION 'ledger: the items'' arrays are not of one length';
  END IF;
  IF n = 0 THEN
    hold_ids := '{}';
    entry_ids := '{}';
    available := '{}';
    RETURN;
  END IF;
  -- The items' own checks in one pass over them, then their few fee accounts; the accounts are checked as they are
  -- locked (below), so each is looked up once before the update.
  SELECT count(DISTINCT t.account) <> n OR count(DISTINCT t.reference) <> n,
         coalesce(bool_or(coalesce(NOT (t.amount > 0 AND t.fee >= 0), true)), false),
         array_agg(DISTINCT t.fee_account)
    INTO twice, bad_money, fee_accounts
  FROM unnest(p_account, p_reference, p_amount, p_fee, p_fee_account) AS t(account, reference, amount, fee, fee_account);
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
    WHERE a.id = ANY (p_account)
    ORDER BY a.id
    FOR NO KEY UPDATE
  ) l WHERE l.user_id IS NOT NULL;
  IF customers <> n THEN
    RAISE EXCEPTION 'ledger: an account is not a customer account or a fee account not a system account';
  END IF;

  WITH input AS (
    SELECT * FROM unnest(p_account, p_amount, p_reference, p_at, p_fee, p_fee_account, p_fee_reference, p_fee_detail)
      WITH ORDINALITY AS t(account, amount, reference, at, fee, fee_account, fee_reference, fee_detail, ord)
  ),
  charged AS (
    UPDATE ledger_accounts a SET held = a.held + i.amount, balance = a.balance - i.fee
    FROM input i
    WHERE a.id = ANY (p_account) AND a.id = i.account AND a.user_id IS NOT NULL AND a.balance - a.held >= i.amount + i.fee
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
  SELECT array_agg(h.id ORDER BY i.ord), array_agg(e.id ORDER BY i.ord),
    array_agg(CASE WHEN h.id IS NULL
      THEN (SELECT (a.balance - a.held)::text FROM ledger_accounts a WHERE a.id = i.account) END ORDER BY i.ord),
    (SELECT min(id) FROM postings), (SELECT max(id) FROM postings)
    INTO hold_ids, entry_ids, available, first_posting, last_posting
  FROM input i
  LEFT JOIN ok ON ok.ord = i.ord
  LEFT JOIN holds h ON h.reference = ok.reference
  LEFT JOIN entries e ON e.reference = ok.fee_reference;
  -- The fees' entries balanced, checked now in one query instead of at commit one by one.
  IF first_posting IS NOT NULL THEN
    PERFORM ledger_check_postings(first_posting, last_posting);
  END IF;
END $$;
