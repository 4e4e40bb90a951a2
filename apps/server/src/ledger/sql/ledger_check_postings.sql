-- ledger_check_postings: the balance check of ledger_check_entry (ledger_assert_balanced), now and for all at once,
-- for every entry with a posting whose id is in [p_first, p_last], for a writer that has just written those postings
-- many entries at a time (the order batch's fees, ledger_hold_and_charge_each; the transfer batch, ledger_post_each).
-- Guarantees: each such entry has at least two postings, each in its account's currency, summing to zero per
-- currency, or this raises check_violation as the trigger would at commit; then the range is recorded
-- (transaction-locally, in `ledger.covered`) and the deferred trigger skips the postings in it at commit instead of
-- querying each entry again: one query for a batch of entries instead of one an entry (issue 14).
--
-- Why a posting in the range needs no check at commit: the range may only end at an id this session has already
-- drawn from the postings' sequence (currval), and ids rise within a session, so every posting this transaction
-- writes after this call has a higher id and is checked at commit as before, with its whole entry; the postings of
-- this transaction in the range all existed when this call read them. Postings of other transactions in the range
-- are theirs to check (those committed are read here too, which only costs the reading). The rows cannot change
-- afterwards (ledger_immutable).
--
-- plan_cache_mode: a generic plan of the range query looks dearer than one planned for the range's values, so
-- PostgreSQL would plan it on every call (about 0.2 ms, 1 % of an order batch; pg_stat_statements, issue 14).
CREATE OR REPLACE FUNCTION ledger_check_postings(p_first bigint, p_last bigint) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF p_first IS NULL OR p_last IS NULL OR p_first > p_last OR p_last > currval('ledger_postings_id_seq') THEN
    RAISE EXCEPTION 'ledger: postings % to % are not a range this session has written', p_first, p_last;
  END IF;
  PERFORM ledger_assert_balanced(ARRAY(SELECT DISTINCT q.entry_id FROM ledger_postings q WHERE q.id BETWEEN p_first AND p_last));
  PERFORM set_config('ledger.covered', p_first || ':' || p_last, true);
END $$;
