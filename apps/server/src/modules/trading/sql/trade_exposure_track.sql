-- trade_exposure_track: the statement triggers on trade_positions (migration 0024) record what a statement changed
-- in the open positions as rows of trade_exposure_changes: a removed contribution (an open position closed,
-- changed or deleted: negative sums, no bounds) and an added one (an open position inserted or changed: positive
-- sums, its open price and its margin per unit less a cent). trade_exposure_fold adds them into trade_exposure.
-- A change that leaves the summed columns as they were (a stop-loss set, for example) records nothing.
CREATE OR REPLACE FUNCTION trade_exposure_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO trade_exposure_changes
      (user_id, wallet, source, code, direction, positions, units, cost, margin, initial_margin)
    SELECT o.user_id, o.wallet, o.source, o.code, o.direction, -1, -(o.quantity * o.multiplier),
      -(o.open_price * o.quantity * o.multiplier), -o.margin, -o.initial_margin
    FROM old_rows o WHERE o.status = 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO trade_exposure_changes
      (user_id, wallet, source, code, direction, positions, units, cost, margin, initial_margin, open_price, cushion)
    SELECT n.user_id, n.wallet, n.source, n.code, n.direction, 1, n.quantity * n.multiplier,
      n.open_price * n.quantity * n.multiplier, n.margin, n.initial_margin, n.open_price,
      (n.margin - 0.01) / (n.quantity * n.multiplier)
    FROM new_rows n WHERE n.status = 1;
  ELSE
    WITH moved AS (
      SELECT o.*, n.status AS n_status, n.user_id AS n_user_id, n.wallet AS n_wallet, n.source AS n_source,
        n.code AS n_code, n.direction AS n_direction, n.quantity AS n_quantity, n.multiplier AS n_multiplier,
        n.open_price AS n_open_price, n.margin AS n_margin, n.initial_margin AS n_initial_margin
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status, o.user_id, o.wallet, o.source, o.code, o.direction, o.quantity, o.multiplier, o.open_price,
             o.margin, o.initial_margin)
        IS DISTINCT FROM (n.status, n.user_id, n.wallet, n.source, n.code, n.direction, n.quantity, n.multiplier,
             n.open_price, n.margin, n.initial_margin)
    )
    INSERT INTO trade_exposure_changes
      (user_id, wallet, source, code, direction, positions, units, cost, margin, initial_margin, open_price, cushion)
    SELECT user_id, wallet, source, code, direction, -1, -(quantity * multiplier),
      -(open_price * quantity * multiplier), -margin, -initial_margin, NULL, NULL
    FROM moved WHERE status = 1
    UNION ALL
    SELECT n_user_id, n_wallet, n_source, n_code, n_direction, 1, n_quantity * n_multiplier,
      n_open_price * n_quantity * n_multiplier, n_margin, n_initial_margin, n_open_price,
      (n_margin - 0.01) / (n_quantity * n_multiplier)
    FROM moved WHERE n_status = 1;
  END IF;
  RETURN NULL;
END $$;
