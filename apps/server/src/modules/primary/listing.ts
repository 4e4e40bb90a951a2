/**
 * An offering as an instrument of the simulator (docs/primary-markets.md "Listing"): from its listing date the code
 * is quoted, charted and traded like any stock of its market. Its definition is a pure function of the offering, the
 * published seed and the market seed, so every node builds the same one on its own (syncListings) and the leader's
 * listing pass (allotment-job.ts) finds it in place before it delivers shares.
 */
import { Decimal } from '@beurs/contracts';
import { and, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import { createSimulator } from '../../market/index.js';
import { type InstrumentDef, instrumentByKey, listInstrument } from '../../market/instruments/index.js';
import { hashString, mix, uniform } from '../../market/prng.js';
import type { Deps } from '../../platform/deps.js';
import { allotmentSeed } from './allotment.js';
import type { OfferingRow } from './offerings.js';
import { offerings } from './schema.js';

/** The first price is priceMax × a factor in [FIRST_PRICE_MIN, FIRST_PRICE_MIN + FIRST_PRICE_SPAN), from the seed. */
export const FIRST_PRICE_MIN = 0.9;
export const FIRST_PRICE_SPAN = 0.4;
/** Annualised volatility of a new listing: in [0.35, 0.60), from the seed. */
const VOLATILITY_MIN = 0.35;
const VOLATILITY_SPAN = 0.25;
/** Reading: the shares offered are a quarter of the company (the rest stays with the founders and investors). */
const FLOAT_SHARE = 4;

type Listed = Pick<
  OfferingRow,
  'id' | 'code' | 'issuer' | 'issuerZh' | 'market' | 'exchange' | 'currency' | 'priceMax' | 'lotSize' | 'sharesOffered'
> &
  Pick<OfferingRow, 'listingAt'>;

const draws = (o: Pick<OfferingRow, 'id' | 'code'>) => {
  const h = hashString(`listing:${allotmentSeed(o)}`);
  return { factor: uniform(mix(h, 1)), volatility: uniform(mix(h, 2)) };
};

/** HK prices under 10 carry three decimals (as the catalogue's HK stocks); US prices two. */
const decimalsOf = (o: Pick<OfferingRow, 'market'>, price: Decimal) => (o.market === 'HK' && price.lt(10) ? 3 : 2);

/** The published first price: priceMax × the seeded factor, to the instrument's tick. */
export function firstPrice(o: Pick<OfferingRow, 'id' | 'code' | 'market' | 'priceMax'>): Decimal {
  const raw = new Decimal(o.priceMax).times(FIRST_PRICE_MIN + FIRST_PRICE_SPAN * draws(o).factor);
  return raw.toDecimalPlaces(decimalsOf(o, raw), Decimal.ROUND_HALF_UP);
}

/**
 * The instrument of a listed offering. The simulator's price is refPrice × a seeded path (model.ts), so refPrice
 * is set for the path to be at the first price at the listing instant: one quote of a one-instrument simulator on
 * the same market seed, which prices this key exactly as the process's own simulator does.
 */
export function listingDef(o: Listed, marketSeed: string): InstrumentDef {
  const target = firstPrice(o);
  const priceDecimals = decimalsOf(o, target);
  const draft: InstrumentDef = {
    code: o.code,
    name: o.issuer,
    ...(o.issuerZh ? { nameZh: o.issuerZh } : {}),
    kind: 'stock',
    source: o.market === 'HK' ? 11 : 0,
    classify: o.market === 'HK' ? 'HK' : 'UsStock',
    exchange: o.exchange as InstrumentDef['exchange'],
    currency: o.currency,
    refPrice: target.toString(),
    priceDecimals: 8,
    lotSize: o.lotSize,
    volatility: VOLATILITY_MIN + VOLATILITY_SPAN * draws(o).volatility,
    sharesOutstanding: o.sharesOffered * FLOAT_SHARE,
    sector: 'newListing',
  };
  const probe = createSimulator({ seed: marketSeed, instruments: [draft], dayCacheSize: 4 });
  const atListing = new Decimal(probe.price(draft, o.listingAt));
  const refPrice = target.times(target).dividedBy(atListing).toSignificantDigits(12);
  return { ...draft, refPrice: refPrice.toString(), priceDecimals };
}

/** Makes the instrument known to this process: the catalogue (trading, names) and the market provider (quotes). */
export function listOnThisNode(deps: Pick<Deps, 'market' | 'config'>, o: Listed): InstrumentDef {
  const source = o.market === 'HK' ? 11 : 0;
  const known = instrumentByKey(source, o.code);
  if (known && deps.market.has({ source, code: o.code })) return known;
  const def = known ?? listingDef(o, deps.config.marketSeed);
  listInstrument(def);
  deps.market.addInstrument?.(def);
  return def;
}

/**
 * Every node, every pass (not under the lock): the offerings past their listing date that the allotment has run
 * for are instruments here. Cheap after the first pass (the instruments are already known).
 */
export async function syncListings(deps: Pick<Deps, 'market' | 'config'>, db: Executor, now: Date) {
  const rows = await db
    .select()
    .from(offerings)
    .where(and(inArray(offerings.state, ['allotted', 'listed']), lte(offerings.listingAt, now)));
  return rows.map((o) => listOnThisNode(deps, o).code);
}
