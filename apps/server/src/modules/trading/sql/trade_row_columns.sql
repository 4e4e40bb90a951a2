-- trade_row_columns: a table's columns in their order, joined with commas, as the order batch's rows are written by
-- (the server's rowRecord, statements.ts recordLayouts) and checked against (trade_open_batch): one definition for
-- both sides, so they cannot read the catalog two ways. Dropped columns are left out, as a record literal leaves
-- them out. The result is text of the default collation (attname's own, "C", would become the collation of a call
-- it is passed to, and with it of that call's key lookups; ledger/key-lookup.test.ts).
CREATE OR REPLACE FUNCTION trade_row_columns(p_table regclass) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT string_agg(a.attname::text COLLATE "default", ',' ORDER BY a.attnum)
  FROM pg_attribute a
  WHERE a.attrelid = p_table AND a.attnum > 0 AND NOT a.attisdropped
$$;
