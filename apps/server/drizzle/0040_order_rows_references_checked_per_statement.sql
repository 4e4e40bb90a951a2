-- The references of the rows an order writes, checked once per statement instead of by six foreign keys (issue 14).
-- A foreign key checks each row on its own: for every row inserted, a query run through SPI that finds the
-- referenced row and locks it (FOR KEY SHARE, which writes the lock into the row and WAL for it). An order batch
-- writes, for each order, a position (its customer, its hold), a filled order (its customer; its hold, null), an
-- inbox message (its customer) and a hold (its account): five such queries an order and a queued trigger event for
-- the sixth. bench/batch (BENCH_BATCH_TOGGLE, the keys dropped and these triggers made before each B block, four
-- runs): B / A 0.86-0.96 at 64 orders a batch, 0.91 on average, 0.96-0.99 at 4; the customer's three alone, 0.93-0.94.
--
-- What checks them now: an AFTER INSERT trigger per statement on each of the four tables, which reads the
-- statement's new rows (a transition table) and probes the referenced table's primary key for each, in one query,
-- and refuses a row whose customer, hold or account does not exist with `foreign_key_violation`, as the keys did.
-- An update that changes one of these columns is checked row by row (rare: a position's hold changes when its
-- margin is held again or released).
--
-- What the keys also did, and what does it now: the referenced rows never go away, so a row checked once stays
-- right and no lock is needed to keep it so.
-- - Customers (users) and holds (ledger_holds) are never deleted, renumbered or truncated (row_kept, below; the app
--   role is not granted DELETE on them either, platform/db/roles.ts). A customer who leaves is a status, not a
--   missing row; a hold is released or posted, never removed.
-- - Ledger accounts were already kept when they have postings (migration 0038); now also when they have holds.
-- Hand-written; the columns are declared in modules/trading/schema.ts, modules/inbox/schema.ts and
-- platform/db/schema.ts without .references().
ALTER TABLE "trade_orders" DROP CONSTRAINT "trade_orders_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "trade_orders" DROP CONSTRAINT "trade_orders_hold_id_ledger_holds_id_fk";--> statement-breakpoint
ALTER TABLE "trade_positions" DROP CONSTRAINT "trade_positions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "trade_positions" DROP CONSTRAINT "trade_positions_hold_id_ledger_holds_id_fk";--> statement-breakpoint
ALTER TABLE "user_messages" DROP CONSTRAINT "user_messages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_holds" DROP CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk";--> statement-breakpoint
-- One function for the four tables: per statement it reads the transition table `new_rows`, per row (an update of
-- a checked column) NEW. The probes are scalar subqueries on primary keys, never a join: a cached plan that counts
-- the rows wrong would hash the whole referenced table (docs/money.md).
CREATE FUNCTION row_references_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    IF TG_TABLE_NAME = 'ledger_holds' THEN
      IF (SELECT a.id FROM ledger_accounts a WHERE a.id = NEW.account_id) IS NULL THEN
        missing := 'account ' || NEW.account_id;
      END IF;
    ELSIF (SELECT u.id FROM users u WHERE u.id = NEW.user_id) IS NULL THEN
      missing := 'customer ' || NEW.user_id;
    ELSIF TG_TABLE_NAME <> 'user_messages' THEN
      -- Apart: a message has no hold, and NEW.hold_id would not compile for it.
      IF NEW.hold_id IS NOT NULL AND (SELECT h.id FROM ledger_holds h WHERE h.id = NEW.hold_id) IS NULL THEN
        missing := 'hold ' || NEW.hold_id;
      END IF;
    END IF;
  ELSIF TG_TABLE_NAME = 'ledger_holds' THEN
    SELECT 'account ' || n.account_id INTO missing FROM new_rows n
    WHERE (SELECT a.id FROM ledger_accounts a WHERE a.id = n.account_id) IS NULL
    LIMIT 1;
  ELSIF TG_TABLE_NAME = 'user_messages' THEN
    SELECT 'customer ' || n.user_id INTO missing FROM new_rows n
    WHERE (SELECT u.id FROM users u WHERE u.id = n.user_id) IS NULL
    LIMIT 1;
  ELSE
    SELECT CASE WHEN (SELECT u.id FROM users u WHERE u.id = n.user_id) IS NULL THEN 'customer ' || n.user_id
      ELSE 'hold ' || n.hold_id END
      INTO missing FROM new_rows n
    WHERE (SELECT u.id FROM users u WHERE u.id = n.user_id) IS NULL
      OR (n.hold_id IS NOT NULL AND (SELECT h.id FROM ledger_holds h WHERE h.id = n.hold_id) IS NULL)
    LIMIT 1;
  END IF;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'a row of % refers to % which does not exist', TG_TABLE_NAME, missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trade_orders_references AFTER INSERT ON trade_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER trade_orders_references_changed AFTER UPDATE OF user_id, hold_id ON trade_orders
  FOR EACH ROW WHEN (NEW.user_id IS DISTINCT FROM OLD.user_id
    OR (NEW.hold_id IS NOT NULL AND NEW.hold_id IS DISTINCT FROM OLD.hold_id))
  EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER trade_positions_references AFTER INSERT ON trade_positions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER trade_positions_references_changed AFTER UPDATE OF user_id, hold_id ON trade_positions
  FOR EACH ROW WHEN (NEW.user_id IS DISTINCT FROM OLD.user_id
    OR (NEW.hold_id IS NOT NULL AND NEW.hold_id IS DISTINCT FROM OLD.hold_id))
  EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER user_messages_references AFTER INSERT ON user_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER user_messages_references_changed AFTER UPDATE OF user_id ON user_messages
  FOR EACH ROW WHEN (NEW.user_id IS DISTINCT FROM OLD.user_id) EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_references AFTER INSERT ON ledger_holds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_references_changed AFTER UPDATE OF account_id ON ledger_holds
  FOR EACH ROW WHEN (NEW.account_id IS DISTINCT FROM OLD.account_id) EXECUTE FUNCTION row_references_exist();
--> statement-breakpoint
-- Customers and holds: never deleted, renumbered or truncated, by anyone (the owner included).
CREATE FUNCTION row_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are kept: never deleted, renumbered or truncated (%)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER users_kept BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION row_kept();
--> statement-breakpoint
CREATE TRIGGER users_id_kept BEFORE UPDATE OF id ON users
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION row_kept();
--> statement-breakpoint
CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION row_kept();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_kept BEFORE DELETE ON ledger_holds FOR EACH ROW EXECUTE FUNCTION row_kept();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_id_kept BEFORE UPDATE OF id ON ledger_holds
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION row_kept();
--> statement-breakpoint
CREATE TRIGGER ledger_holds_no_truncate BEFORE TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION row_kept();
--> statement-breakpoint
-- A ledger account with postings or holds is never deleted. The delete takes a SHARE lock on both tables first, so
-- no posting or hold to the account can be in flight while it looks (a transaction inserting them holds ROW
-- EXCLUSIVE until it ends).
CREATE OR REPLACE FUNCTION ledger_account_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    LOCK TABLE ledger_postings, ledger_holds IN SHARE MODE;
    IF EXISTS (SELECT 1 FROM ledger_postings p WHERE p.account_id = OLD.id) THEN
      RAISE EXCEPTION 'ledger account % has postings and is kept', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF EXISTS (SELECT 1 FROM ledger_holds h WHERE h.account_id = OLD.id) THEN
      RAISE EXCEPTION 'ledger account % has holds and is kept', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger accounts keep their ids and are never truncated (%)', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
