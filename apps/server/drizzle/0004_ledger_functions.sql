-- Ledger functions: filled in by the transfer fast path (docs/money.md).
SELECT 1;
