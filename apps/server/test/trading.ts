/**
 * Test helpers for trading: a market whose prices a test pins (bid, ask, open or closed) on top of the simulator,
 * so every order rule can be checked on a known price path, and a verified, funded trader.
 */
import { type OrderResult, type RequestOf, trading, type Wallet } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { MarketProvider } from '../src/market/provider.js';
import type { InstrumentRef, Quote } from '../src/market/types.js';
import { settingsOf, termsOf } from '../src/modules/trading/index.js';
import { tradableByCode } from '../src/modules/trading/instruments.js';
import { tradePositions } from '../src/modules/trading/schema.js';
import { DEFAULT_RULES } from '../src/modules/trading/settings.js';
import { users } from '../src/platform/db/schema.js';
import type { Answer, CallOptions, Harness } from './harness.js';

export interface Pin {
  bid: string;
  ask: string;
  open?: boolean;
}

/**
 * Replaces the app's market provider (deps.market) by one that answers the pinned prices for pinned instruments
 * and the simulator's for the rest. Trading reads deps.market at each call, so pins apply at once.
 */
export function pinMarket(h: Harness) {
  const base = h.deps.market;
  const pins = new Map<string, Pin>();
  const keyOf = (r: InstrumentRef) => `${r.source}:${r.code}`;
  const apply = (q: Quote): Quote => {
    const p = pins.get(keyOf(q));
    if (!p) return q;
    const open = p.open ?? true;
    return { ...q, bid: p.bid, ask: p.ask, last: p.bid, marketOpen: open, phase: open ? 'regular' : 'closed' };
  };
  const refOf = (ref: InstrumentRef | string): InstrumentRef =>
    typeof ref === 'string' ? { source: Number(ref.split(':')[0]), code: ref.split(':')[1] ?? '' } : ref;
  const pinned: MarketProvider = {
    ...base,
    quote: async (ref, at) => apply(await base.quote(ref, at)),
    quotes: async (refs, at) => (await base.quotes(refs, at)).map(apply),
    sessionState: async (ref, at) => {
      const p = pins.get(keyOf(refOf(ref)));
      const s = await base.sessionState(ref, at);
      return p ? { ...s, open: p.open ?? true, phase: (p.open ?? true) ? 'regular' : 'closed' } : s;
    },
  };
  h.deps.market = pinned;
  return {
    set(code: string, source: number, pin: Pin) {
      pins.set(`${source}:${code}`, pin);
    },
    clear() {
      pins.clear();
    },
  };
}
export type PinnedMarket = ReturnType<typeof pinMarket>;

/** Pins the forex pairs used for conversions to round numbers: EUR/USD 1.25, USD/HKD 7.8, USD/MXN 20. */
export function pinRates(m: PinnedMarket) {
  m.set('EURUSD', 2, { bid: '1.25', ask: '1.25' });
  m.set('USDHKD', 2, { bid: '7.8', ask: '7.8' });
  m.set('USDMXN', 2, { bid: '20', ask: '20' });
}

/** A registered customer with verified identity (as an approved KYC review leaves them) and funded wallets. */
export async function trader(h: Harness, funds: Partial<Record<Wallet, string>> = {}) {
  const u = await h.registerUser();
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  for (const [wallet, amount] of Object.entries(funds)) await h.fund(u.user.id, wallet as Wallet, amount);
  return u;
}

/** The default stock fee schedule as a ticket shows it (settings.ts DEFAULT_RULES): what orders send as terms. */
export const STOCK_TERMS = trading.termsVersionOf(DEFAULT_RULES.stock.buyRate, DEFAULT_RULES.stock.sellRate);

/** The endpoints that open a position: one ticket per product. */
type NewOrderEndpoint =
  | typeof trading.stockCreate
  | typeof trading.hkCreate
  | typeof trading.goldCreate
  | typeof trading.crudeCreate;
/** The endpoints that place an order: the tickets and an addition to an open position. */
type OrderEndpoint = NewOrderEndpoint | typeof trading.additions;

/** An order as a test writes it: the contract's request, whose termsVersion may be left to placeOrder. */
export type Ticket<E extends OrderEndpoint> = Omit<RequestOf<E>, 'termsVersion'> & { termsVersion?: string };
/** Any ticket: a new position's or an addition's. */
type AnyTicket = Ticket<NewOrderEndpoint> | Ticket<typeof trading.additions>;

/**
 * The ticket with the fee schedule its screen would show now (the current rule of the instrument's class, or of
 * the position an addition adds to), unless the ticket says which terms it saw.
 */
async function withTerms(h: Harness, ticket: AnyTicket): Promise<RequestOf<OrderEndpoint>> {
  if (ticket.termsVersion !== undefined) return { ...ticket, termsVersion: ticket.termsVersion };
  let assetClass: trading.AssetClass | null = null;
  if ('positionId' in ticket) {
    const [row] = await h.db
      .select({ assetClass: tradePositions.assetClass })
      .from(tradePositions)
      .where(eq(tradePositions.id, Number(ticket.positionId)));
    assetClass = (row?.assetClass as trading.AssetClass | undefined) ?? null;
  } else {
    try {
      assetClass = tradableByCode(
        ticket.stockCode,
        ticket.source === undefined ? undefined : Number(ticket.source),
      ).assetClass;
    } catch {
      assetClass = 'stock';
    }
  }
  // No class found (an unknown position): sent without terms, as the test wrote it, for the server to refuse.
  if (!assetClass) return ticket as RequestOf<OrderEndpoint>;
  return { ...ticket, termsVersion: termsOf(await settingsOf(h.deps).rule(assetClass)) };
}

/** Places an order through its contract (typed request and answer), sending the current terms unless it names them. */
export function placeOrder(
  h: Harness,
  endpoint: typeof trading.additions,
  ticket: Ticket<typeof trading.additions>,
  options: CallOptions,
): Promise<Answer<OrderResult>>;
export function placeOrder(
  h: Harness,
  endpoint: NewOrderEndpoint,
  ticket: Ticket<NewOrderEndpoint>,
  options: CallOptions,
): Promise<Answer<OrderResult>>;
export async function placeOrder(h: Harness, endpoint: OrderEndpoint, ticket: AnyTicket, options: CallOptions) {
  return h.call(endpoint, await withTerms(h, ticket), options);
}
