/**
 * The pre-open phase (docs/primary-markets.md "Pre-market auction"): for each auction market, the published minutes
 * before its first regular session of a trading day (auction.AUCTION_PRE_OPEN_MINUTES), on the market's own calendar
 * (market/sessions.ts, the simulator's). Pure functions of the instrument and the instant.
 */
import { auction } from '@beurs/contracts';
import { calendarOf } from '../../market/index.js';
import { allInstruments } from '../../market/instruments/index.js';
import type { InstrumentDef } from '../../market/instruments/types.js';
import { localDayNumber, MS_PER_MINUTE } from '../../market/time.js';

export interface PreOpenWindow {
  market: AuctionMarket;
  startsAt: Date;
  /** The regular open the auction decides at. */
  opensAt: Date;
  /** `at` is inside the window. */
  now: boolean;
}

type AuctionMarket = auction.AuctionMarket;
const { AUCTION_MARKETS, AUCTION_PRE_OPEN_MINUTES } = auction;

const isAuctionMarket = (m: string): m is AuctionMarket => Object.hasOwn(AUCTION_PRE_OPEN_MINUTES, m);

/** The stocks an auction order may be for: the tradable stocks (sources 0 and 11) of the auction markets. */
export const auctionable = (def: InstrumentDef) =>
  def.kind === 'stock' && (def.source === 0 || def.source === 11) && isAuctionMarket(calendarOf(def).market);

/**
 * The stock's pre-open window that contains `at`, or else the next one; null when its market holds no auction.
 * A window ends at its open (half-open: at the open itself the stock is no longer in pre-open).
 */
export function preOpenWindow(def: InstrumentDef, at: Date): PreOpenWindow | null {
  const cal = calendarOf(def);
  const market = cal.market;
  if (!isAuctionMarket(market)) return null;
  const minutes = AUCTION_PRE_OPEN_MINUTES[market];
  const t = at.getTime();
  const today = localDayNumber(cal.timeZone, t);
  // A week ahead always reaches the next trading day.
  for (let day = today; day <= today + 7; day++) {
    const first = cal.daySessions(day).find((s) => s.phase === 'regular');
    if (!first || first.start <= t) continue;
    const startsAt = first.start - minutes * MS_PER_MINUTE;
    return { market, startsAt: new Date(startsAt), opensAt: new Date(first.start), now: t >= startsAt };
  }
  return null;
}

/** One stock of each auction market, whose calendar stands for the market's. */
const REPRESENTATIVE = new Map<AuctionMarket, InstrumentDef>();
for (const def of allInstruments) {
  if (!auctionable(def)) continue;
  const m = calendarOf(def).market as AuctionMarket;
  if (!REPRESENTATIVE.has(m)) REPRESENTATIVE.set(m, def);
}

/** Each auction market's pre-open window now or next, soonest open first. */
export function marketWindows(at: Date): PreOpenWindow[] {
  const windows: PreOpenWindow[] = [];
  for (const m of AUCTION_MARKETS) {
    const def = REPRESENTATIVE.get(m);
    const w = def ? preOpenWindow(def, at) : null;
    if (w) windows.push(w);
  }
  return windows.sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime() || a.market.localeCompare(b.market));
}
