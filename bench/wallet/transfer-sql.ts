/**
 * The statements a transfer sends (2, counted by bench/wallet/breakdown.ts), as a pgbench script on the app's
 * own database, prepared as the app prepares them (`-M prepared`): the session lookup, then the one
 * statement that posts the transfer idempotently (the ledger_post_once SQL function of migration 0004: key
 * lock and lookup, journal entry, the two guarded balance updates in id order, the postings, the key with
 * its answer). Same tables, indexes, foreign keys and deferred balance trigger as the app; client `c` moves
 * 1.00 between the BALANCE and STOCK wallets of customer `uidmin + c`, so clients never share a row, as in
 * the app's load. The two account ids are looked up inside the statement (the app has them cached).
 */
export const TRANSFER_SCRIPT = `\\set uid :uidmin + (:client_id % :users)
\\set r random(1, 2000000000)
SELECT s.id, s.user_id, u.disabled FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.user_id = :uid AND s.revoked_at IS NULL LIMIT 1;
SELECT ledger_post_once('pgbench:' || :uid, 'k' || :client_id || '-' || :r, '/web/wallet/transfer', 'pgbench', '{"from": "BALANCE", "to": "STOCK"}'::jsonb, 'transfer', now(), ARRAY[(SELECT id FROM ledger_accounts WHERE user_id = :uid AND wallet = 'BALANCE'), (SELECT id FROM ledger_accounts WHERE user_id = :uid AND wallet = 'STOCK')], ARRAY['EUR', 'EUR'], ARRAY[-1.00, 1.00]::numeric[], NULL, '{"from": "BALANCE", "to": "STOCK"}'::jsonb);
`;
