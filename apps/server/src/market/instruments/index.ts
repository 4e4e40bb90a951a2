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

export const allInstruments: readonly InstrumentDef[] = [
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

const keyOf = (source: number, code: string): string => `${source}:${code}`;

const byKey: ReadonlyMap<string, InstrumentDef> = new Map(allInstruments.map((i) => [keyOf(i.source, i.code), i]));

/** Looks up an instrument by its market source and displayed code. */
export function instrumentByKey(source: number, code: string): InstrumentDef | undefined {
  return byKey.get(keyOf(source, code));
}
