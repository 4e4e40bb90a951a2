import { beStocks } from './be.js';
import { cryptoPairs } from './crypto.js';
import { deStocks } from './de.js';
import { forexPairs } from './forex.js';
import { futures } from './futures.js';
import { hkStocks } from './hk.js';
import { indices } from './indices.js';
import { mxStocks } from './mx.js';
import { nlStocks } from './nl.js';
import type { InstrumentDef } from './types.js';
import { usStocks } from './us.js';

export type { Exchange, InstrumentDef, InstrumentKind } from './types.js';
export { beStocks, cryptoPairs, deStocks, forexPairs, futures, hkStocks, indices, mxStocks, nlStocks, usStocks };

const catalogue: InstrumentDef[] = [
  ...usStocks,
  ...hkStocks,
  ...deStocks,
  ...nlStocks,
  ...beStocks,
  ...mxStocks,
  ...forexPairs,
  ...futures,
  ...indices,
  ...cryptoPairs,
];

/** Every instrument: the catalogue above, then the stocks listed since the start (listInstrument). */
export const allInstruments: readonly InstrumentDef[] = catalogue;

const keyOf = (source: number, code: string): string => `${source}:${code}`;

const byKey = new Map<string, InstrumentDef>(allInstruments.map((i) => [keyOf(i.source, i.code), i]));

/**
 * Adds a stock listed after the start (an IPO at its listing date, modules/primary) to the catalogue of this
 * process, so trading and the market lists find it like any other. The same definition comes again on every
 * node and every pass: false when the key is already there.
 */
export function listInstrument(def: InstrumentDef): boolean {
  const key = keyOf(def.source, def.code);
  if (byKey.has(key)) return false;
  if (def.kind !== 'stock') throw new RangeError(`${key}: only stocks are listed after the start`);
  catalogue.push(def);
  byKey.set(key, def);
  return true;
}

/** Looks up an instrument by its market source and displayed code. */
export function instrumentByKey(source: number, code: string): InstrumentDef | undefined {
  return byKey.get(keyOf(source, code));
}
