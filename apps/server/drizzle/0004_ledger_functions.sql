-- The ledger's writes as SQL functions (docs/money.md "How a posting is written"): one round trip per
-- journal entry instead of one per statement, and an idempotent posting in a single statement. The rules
-- are those of 0002/0003 and ledger.ts; the database still checks them on its own at commit.

-- 1. The balance check at commit, as one query (it was three): at least two postings, each in its
--    account's currency, summing to zero per currency.
CREATE OR REPLACE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  postings bigint;
  misplaced boolean;
  unbalanced text;
BEGIN
  SELECT sum(s.n), bool_or(s.misplaced), string_agg(s.currency || ' ' || s.total, ', ') FILTER (WHERE s.total <> 0)
    INTO postings, misplaced, unbalanced
  FROM (
    SELECT p.currency, sum(p.amount) AS total, count(*) AS n, bool_or(a.currency <> p.currency) AS misplaced
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id = NEW.entry_id
    GROUP BY p.currency
  ) s;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', NEW.entry_id, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  IF coalesce(postings, 0) < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s)', NEW.entry_id, coalesce(postings, 0) USING ERRCODE = 'check_violation';
  END IF;
  IF misplaced THEN
    RAISE EXCEPTION 'journal entry % has a posting not in its account currency', NEW.entry_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- 2. One journal entry: the entry, the guarded balance updates of the customer accounts in account-id
--    order (two entries never wait on each other in a cycle), the postings with the balances after.
--    A customer account that would go below zero available raises 'ledger.insufficient' (SQLSTATE P0001)
--    with {"accountId", "available"} as DETAIL, and nothing of the entry stays. System accounts keep no
--    cached balance (their balance is the sum of their postings), so they are never locked.
--    Answers {"entryId", "postings": [{"id", "accountId", "currency", "amount", "balanceAfter"}]}.
CREATE FUNCTION ledger_post(
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
      -- A system account (or none: the posting's foreign key then refuses it).
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
--> statement-breakpoint

-- 3. Idempotency keys (platform/idempotency.ts), first half: waits for any request holding the same key
--    (a transaction-scoped advisory lock on its hash), then answers the stored answer of a request that
--    committed with this key, NULL when there is none (do the work), or raises 'idempotency.mismatch'
--    (P0001) when the key was used for another endpoint or body. The second half is inserting the key with
--    the answer, in the same transaction as the work.
CREATE FUNCTION idempotency_begin(p_scope text, p_key text, p_endpoint text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  found_endpoint text;
  found_hash text;
  found_response jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_scope || E'\n' || p_key, 7127));
  SELECT endpoint, request_hash, response INTO found_endpoint, found_hash, found_response
  FROM idempotency_keys WHERE scope = p_scope AND key = p_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF found_endpoint <> p_endpoint OR found_hash <> p_hash THEN
    RAISE EXCEPTION 'idempotency.mismatch' USING ERRCODE = 'P0001';
  END IF;
  RETURN jsonb_build_object('response', found_response);
END $$;
--> statement-breakpoint

-- 4. An idempotent request whose whole work is one journal entry (a wallet transfer), in one statement:
--    the key, the entry, the answer. `p_answer` is the answer without its "entryId", which is added.
--    Answers {"replayed": bool, "answer": ...}.
CREATE FUNCTION ledger_post_once(
  p_scope text,
  p_key text,
  p_endpoint text,
  p_hash text,
  p_answer jsonb,
  p_type text,
  p_at timestamptz,
  p_accounts bigint[],
  p_currencies text[],
  p_amounts numeric[],
  p_rate numeric DEFAULT NULL,
  p_detail jsonb DEFAULT NULL,
  p_reason text DEFAULT NULL,
  p_reference text DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  stored jsonb;
  posted jsonb;
  answer jsonb;
BEGIN
  stored := idempotency_begin(p_scope, p_key, p_endpoint, p_hash);
  IF stored IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'answer', stored -> 'response');
  END IF;
  posted := ledger_post(p_type, p_at, p_accounts, p_currencies, p_amounts, p_reason, p_reference, NULL, p_rate, p_detail);
  answer := p_answer || jsonb_build_object('entryId', (posted ->> 'entryId')::bigint);
  INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
  VALUES (p_scope, p_key, p_endpoint, p_hash, answer, p_at);
  RETURN jsonb_build_object('replayed', false, 'answer', answer);
END $$;
--> statement-breakpoint

-- 5. A hold on a customer account: the guarded increase of `held` and the hold row, in one round trip.
--    Not enough available raises 'ledger.insufficient' as ledger_post does. Answers the hold's id.
CREATE FUNCTION ledger_hold(p_account bigint, p_amount numeric, p_reference text, p_at timestamptz)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  available numeric;
  created bigint;
BEGIN
  UPDATE ledger_accounts SET held = held + p_amount
  WHERE id = p_account AND user_id IS NOT NULL AND balance - held >= p_amount;
  IF NOT FOUND THEN
    SELECT balance - held INTO available FROM ledger_accounts WHERE id = p_account AND user_id IS NOT NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: account % is not a customer account', p_account;
    END IF;
    RAISE EXCEPTION 'ledger.insufficient' USING ERRCODE = 'P0001',
      DETAIL = json_build_object('accountId', p_account, 'available', available::text)::text;
  END IF;
  INSERT INTO ledger_holds (account_id, amount, reference, created_at)
  VALUES (p_account, p_amount, p_reference, p_at) RETURNING id INTO created;
  RETURN created;
END $$;
--> statement-breakpoint

-- 6. Ends an active hold (released, or posted by entry p_entry) and gives its amount back to the account's
--    available balance. Answers {"accountId", "amount"}, or NULL when the hold was not active any more.
CREATE FUNCTION ledger_end_hold(p_hold bigint, p_status text, p_at timestamptz, p_entry bigint DEFAULT NULL)
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
