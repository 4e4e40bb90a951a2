/**
 * The strategy engine (issue 17, docs/strategies.md): rule-based strategies as pure, I/O-free functions. A book is
 * the state of one strategy (cash, positions at cost, the rule's own memory, units and the tick it has reached);
 * `stepBook` moves it one tick on, given the simulator's quotes of that tick: the rule decides, the orders fill at
 * the quote's ask (buy) or bid (sell) with the published fee, and the book is marked at the bid. Everything here
 * is a function of its arguments: the same quotes give the same trades on every node and after every restart, and
 * a book written to JSON and read back continues exactly as one that never stopped (floats round-trip in JSON;
 * money and quantities are decimal strings).
 */
import { Decimal, feeCents, wireAmount } from '@beurs/contracts';

type Dec = Decimal | string | number;

/** One tick of the books: an hour. The records are hourly; the bench measures what a faster runner could do. */
export const STEP_MS = 3_600_000;
/** The fixed start of every track record (00:00 UTC): replayed on a fresh database, never typed in. */
export const REPLAY_START = Date.parse('2026-09-01T00:00:00Z');
/** The unit value a book starts at. */
export const START_NAV = '1';
/** NAV per unit is kept to 8 places (rounded down), the book's value to the cent (rounded down). */
export const NAV_PLACES = 8;

export type RuleKind = 'momentum' | 'meanReversion' | 'grid' | 'dca';

interface CommonParams {
  /** Instrument keys, `${source}:${code}` (the simulator's). One quote currency per strategy. */
  instruments: string[];
  /** The book's starting capital in that currency (a model portfolio, not customers' money). */
  capital: string;
  /** Fee rate per side on the notional (the trading module's published stock rate by default). */
  feeRate: string;
  /** Lot size per instrument key (quantities are whole lots). */
  lots: Record<string, string>;
}
export type StrategyParams = CommonParams &
  (
    | { rule: 'momentum'; fast: number; slow: number; weight: number }
    | { rule: 'meanReversion'; window: number; entryZ: number; exitZ: number; weight: number }
    | { rule: 'grid'; spacing: number; levels: number; slice: number }
    | { rule: 'dca'; everyTicks: number; amount: string }
  );

/** What the rule sees of an instrument at a tick (decimal strings from the simulator's quote). */
export interface TickQuote {
  bid: string;
  ask: string;
  last: string;
  /** Trading now (an exchange session, or 24/7 crypto): the rule trades and remembers only open instruments. */
  open: boolean;
}

export interface Position {
  quantity: string;
  /** What the position cost, fees included (for the realised profit of a sale). */
  cost: string;
}

/** The rule's memory: recent prices per instrument, and what each rule keeps (JSON-safe). */
export interface RuleState {
  closes: Record<string, number[]>;
  /** momentum and meanReversion: instruments currently held by signal. */
  holding: Record<string, boolean>;
  /** grid: the reference price (last fill or anchor) and the quantities bought per filled level, oldest first. */
  gridRef: Record<string, number>;
  gridSlices: Record<string, string[]>;
  /** dca: ticks seen. */
  ticks: number;
}

export interface Book {
  /** The last tick stepped (ms, a multiple of STEP_MS); REPLAY_START - STEP_MS before the first. */
  tick: number;
  cash: string;
  units: string;
  positions: Record<string, Position>;
  state: RuleState;
  /** Trades made so far (the next trade's number is seq + 1). */
  seq: number;
}

export interface Trade {
  seq: number;
  at: number;
  instrument: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  fee: string;
  /** A sale's realised profit (proceeds less fee less its share of cost); null for a buy. */
  profit: string | null;
  cashAfter: string;
}

export interface NavPoint {
  at: number;
  nav: string;
  value: string;
}

export function newBook(params: StrategyParams, start = REPLAY_START): Book {
  const capital = new Decimal(params.capital);
  if (!capital.gt(0)) throw new RangeError('capital must be positive');
  return {
    tick: start - STEP_MS,
    cash: capital.toFixed(2),
    units: capital.div(START_NAV).toFixed(8),
    positions: {},
    state: { closes: {}, holding: {}, gridRef: {}, gridSlices: {}, ticks: 0 },
    seq: 0,
  };
}

const lotOf = (params: StrategyParams, key: string) => new Decimal(params.lots[key] ?? '1');
/** The whole lots of `key` that `money` buys at `price`. */
const lotsFor = (params: StrategyParams, key: string, money: Decimal, price: Decimal) => {
  const lot = lotOf(params, key);
  if (!price.gt(0) || !money.gt(0)) return new Decimal(0);
  return money.div(price).div(lot).floor().times(lot);
};

/** The book's value marked at each instrument's bid (what selling everything would fetch before fees). */
export function bookValue(book: Book, quotes: ReadonlyMap<string, TickQuote>): Decimal {
  let value = new Decimal(book.cash);
  for (const [key, p] of Object.entries(book.positions)) {
    const q = quotes.get(key);
    if (!q) throw new Error(`no quote of held ${key}`);
    value = value.plus(new Decimal(p.quantity).times(q.bid));
  }
  return value;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const std = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
};

/** How many prices the rule remembers per instrument. */
function memoryOf(params: StrategyParams): number {
  switch (params.rule) {
    case 'momentum':
      return params.slow;
    case 'meanReversion':
      return params.window;
    default:
      return 1;
  }
}

type Order =
  | { instrument: string; side: 'buy'; money: Decimal }
  | { instrument: string; side: 'sell'; quantity: Decimal };

/**
 * The rule: what to buy (an amount of money) or sell (a quantity) at this tick, from its memory (already updated
 * with this tick's price), the book and the quotes. Only open instruments are offered.
 */
function decide(params: StrategyParams, book: Book, value: Decimal, quotes: ReadonlyMap<string, TickQuote>): Order[] {
  const s = book.state;
  const orders: Order[] = [];
  const open = params.instruments.filter((k) => quotes.get(k)?.open);
  const held = (k: string) => new Decimal(book.positions[k]?.quantity ?? 0);
  const share = (weight: number) => value.times(weight).div(params.instruments.length);
  switch (params.rule) {
    case 'momentum':
      for (const k of open) {
        const closes = s.closes[k] ?? [];
        if (closes.length < params.slow) continue;
        const last = closes[closes.length - 1] as number;
        const up =
          mean(closes.slice(-params.fast)) > mean(closes) && last > (closes[closes.length - params.fast] as number);
        if (up && !s.holding[k]) {
          s.holding[k] = true;
          orders.push({ instrument: k, side: 'buy', money: share(params.weight) });
        } else if (!up && s.holding[k]) {
          s.holding[k] = false;
          if (held(k).gt(0)) orders.push({ instrument: k, side: 'sell', quantity: held(k) });
        }
      }
      break;
    case 'meanReversion':
      for (const k of open) {
        const closes = s.closes[k] ?? [];
        if (closes.length < params.window) continue;
        const sd = std(closes);
        if (!(sd > 0)) continue;
        const z = ((closes[closes.length - 1] as number) - mean(closes)) / sd;
        if (!s.holding[k] && z < params.entryZ) {
          s.holding[k] = true;
          orders.push({ instrument: k, side: 'buy', money: share(params.weight) });
        } else if (s.holding[k] && z > params.exitZ) {
          s.holding[k] = false;
          if (held(k).gt(0)) orders.push({ instrument: k, side: 'sell', quantity: held(k) });
        }
      }
      break;
    case 'grid':
      for (const k of open) {
        const price = Number((quotes.get(k) as TickQuote).last);
        const ref = s.gridRef[k];
        const slices = s.gridSlices[k] ?? [];
        if (ref === undefined) {
          s.gridRef[k] = price;
          s.gridSlices[k] = slices;
          continue;
        }
        if (price <= ref * (1 - params.spacing) && slices.length < params.levels) {
          orders.push({ instrument: k, side: 'buy', money: value.times(params.slice).div(params.instruments.length) });
          s.gridRef[k] = price;
        } else if (price >= ref * (1 + params.spacing)) {
          const last = slices.pop();
          // Flat and rising: the grid follows the price up (re-anchors) rather than waiting for it to come back.
          s.gridRef[k] = price;
          if (last !== undefined) orders.push({ instrument: k, side: 'sell', quantity: new Decimal(last) });
        }
      }
      break;
    case 'dca':
      if (s.ticks % params.everyTicks === 0) {
        for (const k of open) orders.push({ instrument: k, side: 'buy', money: new Decimal(params.amount) });
      }
      break;
  }
  return orders;
}

/**
 * One tick of a book: remember the open instruments' prices, let the rule decide, fill its orders, mark the book.
 * Answers a new book (the given one is not changed), the trades and the NAV point of the tick.
 */
export function stepBook(
  params: StrategyParams,
  before: Book,
  tick: number,
  quotes: ReadonlyMap<string, TickQuote>,
): { book: Book; trades: Trade[]; nav: NavPoint } {
  if (tick !== before.tick + STEP_MS) throw new RangeError(`tick ${tick} does not follow ${before.tick}`);
  const book: Book = structuredClone(before);
  book.tick = tick;
  const memory = memoryOf(params);
  for (const k of params.instruments) {
    const q = quotes.get(k);
    if (!q?.open) continue;
    const closes = book.state.closes[k] ?? [];
    closes.push(Number(q.last));
    while (closes.length > memory) closes.shift();
    book.state.closes[k] = closes;
  }
  const feeRate = new Decimal(params.feeRate);
  const trades: Trade[] = [];
  const orders = decide(params, book, bookValue(book, quotes), quotes);
  book.state.ticks += 1;
  for (const order of orders) {
    const q = quotes.get(order.instrument) as TickQuote;
    let cash = new Decimal(book.cash);
    const position = book.positions[order.instrument] ?? { quantity: '0', cost: '0' };
    const quantityHeld = new Decimal(position.quantity);
    let trade: Omit<Trade, 'seq' | 'at' | 'cashAfter'>;
    if (order.side === 'buy') {
      const ask = new Decimal(q.ask);
      // What the cash pays for, fee included, and never more than asked.
      const budget = Decimal.min(order.money, cash.div(feeRate.plus(1)));
      let quantity = lotsFor(params, order.instrument, budget, ask);
      let fee = feeCents(quantity.times(ask).times(feeRate));
      while (quantity.gt(0) && quantity.times(ask).plus(fee).gt(cash)) {
        quantity = quantity.minus(lotOf(params, order.instrument));
        fee = feeCents(quantity.times(ask).times(feeRate));
      }
      if (!quantity.gt(0)) {
        // Nothing bought: a grid level stays unfilled.
        if (params.rule === 'grid') book.state.gridRef[order.instrument] = Number(q.last);
        continue;
      }
      const paid = quantity.times(ask).plus(fee);
      cash = cash.minus(paid);
      book.positions[order.instrument] = {
        quantity: quantityHeld.plus(quantity).toString(),
        cost: new Decimal(position.cost).plus(paid).toString(),
      };
      if (params.rule === 'grid') {
        const slices = book.state.gridSlices[order.instrument] ?? [];
        slices.push(quantity.toString());
        book.state.gridSlices[order.instrument] = slices;
      }
      trade = {
        instrument: order.instrument,
        side: 'buy',
        quantity: quantity.toString(),
        price: q.ask,
        fee: fee.toFixed(2),
        profit: null,
      };
    } else {
      const quantity = Decimal.min(order.quantity, quantityHeld);
      if (!quantity.gt(0)) continue;
      const bid = new Decimal(q.bid);
      const proceeds = quantity.times(bid);
      const fee = feeCents(proceeds.times(feeRate));
      const costShare = new Decimal(position.cost).times(quantity).div(quantityHeld).toDecimalPlaces(8);
      cash = cash.plus(proceeds).minus(fee);
      const left = quantityHeld.minus(quantity);
      if (left.gt(0)) {
        book.positions[order.instrument] = {
          quantity: left.toString(),
          cost: new Decimal(position.cost).minus(costShare).toString(),
        };
      } else {
        delete book.positions[order.instrument];
      }
      trade = {
        instrument: order.instrument,
        side: 'sell',
        quantity: quantity.toString(),
        price: q.bid,
        fee: fee.toFixed(2),
        profit: feeCents(proceeds.minus(fee).minus(costShare)).toFixed(2),
      };
    }
    if (cash.lt(0)) throw new Error(`book cash negative after ${order.side} of ${order.instrument}`);
    book.cash = cash.toString();
    book.seq += 1;
    trades.push({ ...trade, seq: book.seq, at: tick, cashAfter: wireAmount(cash) });
  }
  const value = bookValue(book, quotes);
  const nav = value.div(book.units).toDecimalPlaces(NAV_PLACES, Decimal.ROUND_DOWN);
  return {
    book,
    trades,
    nav: { at: tick, nav: nav.toFixed(NAV_PLACES), value: wireAmount(value) },
  };
}

/** The ticks a book still has to step to reach `now` (the last whole tick at or before it), in order. */
export function ticksToDo(book: Pick<Book, 'tick'>, now: number): number[] {
  const last = Math.floor(now / STEP_MS) * STEP_MS;
  const out: number[] = [];
  for (let t = book.tick + STEP_MS; t <= last; t += STEP_MS) out.push(t);
  return out;
}

// ------------------------------------------------------------------------------------------------ figures

export interface Performance {
  /** Percent, 2 places, from the first NAV point (the start) to the last; negative for a loss. */
  totalReturn: string;
  /** Percent over the last 30 days (or since the start when shorter). */
  return30d: string;
  /** Largest fall from a peak NAV, percent (0 or positive). */
  maxDrawdown: string;
  /** Winning sales / sales, percent; null before the first sale. */
  winRate: string | null;
  trades: number;
  nav: string;
}

const pctChange = (from: Dec, to: Dec) =>
  new Decimal(to).div(from).minus(1).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);

/** Figures of a book from its NAV points (time order) and its sales' profits. */
export function performanceOf(
  navs: readonly NavPoint[],
  sales: readonly { profit: string | null }[],
  trades: number,
): Performance {
  const first = navs[0];
  const last = navs[navs.length - 1];
  if (!first || !last) {
    return { totalReturn: '0.00', return30d: '0.00', maxDrawdown: '0.00', winRate: null, trades, nav: START_NAV };
  }
  const since = last.at - 30 * 86_400_000;
  const base = navs.find((p) => p.at >= since) ?? first;
  let peak = new Decimal(first.nav);
  let worst = new Decimal(0);
  for (const p of navs) {
    const nav = new Decimal(p.nav);
    if (nav.gt(peak)) peak = nav;
    const fall = peak.minus(nav).div(peak);
    if (fall.gt(worst)) worst = fall;
  }
  const closed = sales.filter((s) => s.profit !== null);
  const won = closed.filter((s) => new Decimal(s.profit as string).gt(0)).length;
  return {
    totalReturn: pctChange(START_NAV, last.nav),
    return30d: pctChange(base.nav, last.nav),
    maxDrawdown: worst.times(100).toDecimalPlaces(2).toFixed(2),
    winRate: closed.length === 0 ? null : new Decimal(won).div(closed.length).times(100).toFixed(2),
    trades,
    nav: last.nav,
  };
}
