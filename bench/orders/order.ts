/**
 * What the order bench places, when, and the order's own SQL as a pgbench script (the second reference).
 */

/** The default stock fee schedule (buyRate:sellRate) the bench's orders say their ticket showed. */
export const STOCK_TERMS = '0.001:0.001';

/** A Monday, 10:30 in New York: the US market is open for the whole run (SIM_CLOCK_START of the server). */
export const MARKET_OPEN_AT = '2026-11-23T15:30:00Z';

/** What each request places: a market buy of one Apple share, margin held in US_STOCK. */
export const ORDER = { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1, termsVersion: STOCK_TERMS };

/** The rows, message and answer one such order sends to trade_open_now, as the server made them (captured). */
const POSITION = {
  id: 0,
  user_id: 0,
  parent_id: null,
  source: 0,
  code: 'AAPL',
  wallet: 'US_STOCK',
  asset_class: 'stock',
  direction: 0,
  quantity: 1,
  leverage: 5,
  open_price: '216.48',
  multiplier: '1',
  open_rate: '1',
  margin: '43.30',
  initial_margin: '43.30',
  added_margin: '0',
  open_fee: '0.22',
  close_fee_rate: '0.001',
  hold_id: null,
  hold_seq: 0,
  stop_loss: null,
  take_profit: null,
  status: 1,
  close_price: null,
  close_rate: null,
  sell_profit: null,
  close_fee: null,
  absorbed_loss: null,
  close_reason: null,
  closed_at: null,
};
const ORDER_ROW = {
  id: 0,
  user_id: 0,
  position_id: 0,
  add_to_position_id: null,
  source: 0,
  code: 'AAPL',
  wallet: 'US_STOCK',
  direction: 0,
  order_type: 0,
  open_close: 0,
  quantity: 1,
  price: '216.48',
  fill_price: '216.48',
  leverage: 5,
  margin: '43.30',
  fee: '0.22',
  amount: '216.48',
  rate: '1',
  close_fee_rate: '0.001',
  hold_id: null,
  status: 1,
  profit: null,
  close_reason: null,
  stop_loss: null,
  take_profit: null,
  cancelled_at: null,
};
const MESSAGE = {
  kind: 'orderFilled',
  params: {
    quantity: 1,
    code: 'AAPL',
    price: '216.48',
    priceCurrency: 'USD',
    margin: '43.30',
    fee: '0.22',
    currency: 'USD',
  },
};
const INSTRUMENT = {
  stockCode: 'AAPL',
  stockName: 'Apple Inc.',
  source: 0,
  kind: 'stock',
  classify: 'UsStock',
  assetClass: 'stock',
  walletType: 'US_STOCK',
  currency: 'USD',
  priceCurrency: 'USD',
  multiplier: '1',
};
const ANSWER = {
  order: {
    id: 0,
    ...INSTRUMENT,
    positionId: 0,
    direction: 0,
    orderType: 0,
    openClose: 0,
    quantity: 1,
    price: '216.48',
    fillPrice: '216.48',
    leverage: 5,
    margin: '43.30',
    fee: '0.22',
    total: '43.52',
    amount: '216.48',
    rate: '1',
    status: 1,
    profit: null,
    closeReason: null,
    createTimeTimestamp: 1795447800000,
    fillTimeTimestamp: 1795447800000,
    cancelTimeTimestamp: null,
  },
  position: {
    id: 0,
    ...INSTRUMENT,
    direction: 0,
    positionNum: 1,
    leverage: 5,
    openPrice: '216.48',
    nowPrice: '216.42',
    isolatedPosition: '43.30',
    initialMargin: '43.30',
    addedMargin: '0.00',
    notional: '216.42',
    openFee: '0.22',
    profit: '-0.06',
    zdf: '-0.14',
    rate: '1',
    openRate: '1',
    stopLoss: null,
    takeProfit: null,
    status: 1,
    marketOpen: true,
    createTimeTimestamp: 1795447800000,
    sellProfit: null,
    sellPrice: null,
    closeFee: null,
    absorbedLoss: null,
    closeReason: null,
    parentId: null,
    sellTimeTimestamp: null,
  },
};

/**
 * A JSON literal pgbench leaves alone: a colon followed by a name is a pgbench variable, so the keys get a space
 * after their colon and the timestamps (which have colons) are set by the statement itself.
 */
const json = (value: unknown) => `'${JSON.stringify(value).replaceAll('":', '": ')}'::jsonb`;
const at = (...keys: string[]) => `jsonb_build_object(${keys.map((k) => `'${k}', now()`).join(', ')})`;

/**
 * The statements one market order sends (counted by bench/orders/breakdown.ts), as a pgbench script on the app's
 * own database, prepared as the app prepares them (`-M prepared`): the session lookup, then the one statement
 * that writes the order (the trade_open_now SQL function of migrations 0006 and 0007: key lock and lookup, identity
 * check, margin hold and fee entry in one guarded update of the account, position, filled order, inbox message,
 * the key with its answer), with the rows and answer the server sends for one AAPL share. Client
 * `c` is customer `uidmin + c`; the two account ids are looked up inside the statement (the app has them cached).
 */
export const ORDER_SCRIPT = `\\set uid :uidmin + (:client_id % :users)
\\set r random(1, 2000000000)
SELECT s.id, s.user_id, u.disabled FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.user_id = :uid AND s.revoked_at IS NULL LIMIT 1;
SELECT trade_open_now('pgbench:' || :uid, 'k' || :client_id || '-' || :r, '/web/stock/create', 'pgbench', :uid, (SELECT id FROM ledger_accounts WHERE user_id = :uid AND wallet = 'US_STOCK'), (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND system = 'fees' AND currency = 'USD'), 43.30, 0.22, now(), ${json(POSITION)} || ${at('created_at')}, ${json(ORDER_ROW)} || ${at('created_at', 'filled_at')}, ${json(MESSAGE)}, ${json(ANSWER)});
`;
