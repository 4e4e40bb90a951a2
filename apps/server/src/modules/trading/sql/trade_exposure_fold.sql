-- trade_exposure_fold: adds the recorded changes (trade_exposure_changes) into trade_exposure, the close-out
-- screen's sums per (customer, wallet, instrument, direction); the trading job calls it before each screen.
-- Answers how many changes it folded.
--
-- The changes folded are the ones committed when it starts (DELETE ... RETURNING sees those), so a change committed
-- meanwhile waits for the next pass, and two folds at once never count a change twice. The sums are exact. The
-- bounds (largest and smallest open price, smallest margin per unit) only widen with additions; after a removal
-- they are loose but still bounds, and are read again from the group's open positions here.
CREATE OR REPLACE FUNCTION trade_exposure_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH moved AS (DELETE FROM trade_exposure_changes RETURNING *),
  sums AS (
    SELECT user_id, wallet, source, code, direction, sum(positions) AS positions, sum(units) AS units,
      sum(cost) AS cost, sum(margin) AS margin, sum(initial_margin) AS initial_margin, max(open_price) AS max_open,
      min(open_price) AS min_open, min(cushion) AS min_cushion, bool_or(positions < 0) AS bounds_stale,
      count(*) AS changes
    FROM moved GROUP BY user_id, wallet, source, code, direction
  ),
  folded_in AS (
    INSERT INTO trade_exposure AS e (user_id, wallet, source, code, direction, positions, units, cost, margin,
      initial_margin, max_open, min_open, min_cushion, bounds_stale)
    SELECT user_id, wallet, source, code, direction, positions, units, cost, margin, initial_margin, max_open,
      min_open, min_cushion, bounds_stale
    FROM sums
    ON CONFLICT (user_id, wallet, source, code, direction) DO UPDATE SET
      positions = e.positions + excluded.positions, units = e.units + excluded.units,
      cost = e.cost + excluded.cost, margin = e.margin + excluded.margin,
      initial_margin = e.initial_margin + excluded.initial_margin,
      max_open = greatest(e.max_open, excluded.max_open), min_open = least(e.min_open, excluded.min_open),
      min_cushion = least(e.min_cushion, excluded.min_cushion),
      bounds_stale = e.bounds_stale OR excluded.bounds_stale
  )
  SELECT coalesce(sum(changes), 0) INTO folded FROM sums;

  IF folded = 0 THEN
    RETURN 0;
  END IF;
  DELETE FROM trade_exposure WHERE positions = 0;
  UPDATE trade_exposure e SET max_open = b.max_open, min_open = b.min_open, min_cushion = b.min_cushion,
    bounds_stale = false
  FROM (
    SELECT p.user_id, p.wallet, p.source, p.code, p.direction, max(p.open_price) AS max_open,
      min(p.open_price) AS min_open, min((p.margin - 0.01) / (p.quantity * p.multiplier)) AS min_cushion
    FROM trade_exposure s
    JOIN trade_positions p ON p.user_id = s.user_id AND p.status = 1 AND p.wallet = s.wallet
      AND p.source = s.source AND p.code = s.code AND p.direction = s.direction
    WHERE s.bounds_stale
    GROUP BY p.user_id, p.wallet, p.source, p.code, p.direction
  ) b
  WHERE e.bounds_stale AND (e.user_id, e.wallet, e.source, e.code, e.direction)
    = (b.user_id, b.wallet, b.source, b.code, b.direction);
  RETURN folded;
END $$;
