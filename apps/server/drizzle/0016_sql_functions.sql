-- The SQL functions' current source lives beside the code that calls them, one file per function
-- (apps/server/src/ledger/sql, apps/server/src/modules/trading/sql; docs/money.md "Where the SQL lives"), and is
-- applied after the migrations by platform/db/sql-functions.ts. This table records the checksum of each file as
-- applied, so an unchanged file is skipped and a changed one is applied again. Migrations 0003-0008 stay as they
-- were: they are the history that brought the functions to where the files take over.
CREATE TABLE "sql_functions" (
  "name" text PRIMARY KEY NOT NULL,
  "checksum" text NOT NULL,
  "applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
