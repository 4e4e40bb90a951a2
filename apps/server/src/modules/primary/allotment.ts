/**
 * The allotment of an oversubscribed offering, as a pure function (docs/primary-markets.md "Allotment"): the
 * published rule, the lots offered, the applications and a seed are all it reads, so anyone holding those inputs
 * recomputes the same result. The leader job that runs it at the close is still to come.
 *
 * - Undersubscribed (demand <= lots offered): every application gets what it asked for.
 * - `ballot` (Hong Kong style): lots are dealt one per application per round, in rounds, until none are left; the
 *   last, partial round goes to the applications first in the ballot order. (Dealt level by level, not lot by lot.)
 * - `proRata` (US style): each application gets floor(requested × offered / demand) lots; the lots left over (fewer
 *   than the applications) go one each to the largest remainders, ties broken by the ballot order.
 *
 * The ballot order is the applications sorted by a hash of (seed, application id): the same inputs give the same
 * order on any machine, and the order the applications arrive in does not matter.
 */
import type { AllotmentRule } from '@beurs/contracts';
import { fmix, hashString, mix } from '../../market/prng.js';

export interface Application {
  id: number;
  /** Lots applied for, at least 1. */
  lots: number;
}

export interface AllotmentInput {
  rule: AllotmentRule;
  lotsOffered: number;
  /** Published with the result: the offering's id and code (allotmentSeed). */
  seed: string;
  applications: readonly Application[];
}

/** The seed of an offering's ballot. */
export const allotmentSeed = (o: { id: number; code: string }) => `${o.id}:${o.code}`;

function assertInput({ lotsOffered, applications }: AllotmentInput) {
  if (!Number.isSafeInteger(lotsOffered) || lotsOffered < 0) throw new Error('lotsOffered must be a whole number');
  const ids = new Set<number>();
  for (const a of applications) {
    if (!Number.isSafeInteger(a.lots) || a.lots < 1) throw new Error(`application ${a.id} asks for no whole lot`);
    if (ids.has(a.id)) throw new Error(`application ${a.id} appears twice`);
    ids.add(a.id);
  }
}

/** The applications in ballot order. */
export function ballotOrder(seed: string, applications: readonly Application[]): Application[] {
  const base = hashString(seed);
  const ticket = (id: number) => fmix(mix(mix(base, id % 2 ** 32), Math.floor(id / 2 ** 32)));
  return applications
    .map((a) => ({ a, t: ticket(a.id) }))
    .sort((x, y) => x.t - y.t || x.a.id - y.a.id)
    .map(({ a }) => a);
}

/** Equal lots per round; the last round's lots to the first in the ballot order. */
function dealByBallot(order: Application[], lotsOffered: number, out: Map<number, number>) {
  let left = lotsOffered;
  let wanting = order;
  while (left > 0 && wanting.length > 0) {
    if (left < wanting.length) {
      for (const a of wanting.slice(0, left)) out.set(a.id, (out.get(a.id) ?? 0) + 1);
      return;
    }
    // As many full rounds as fit, but no further than the smallest outstanding request (a loop: no spread of
    // thousands of arguments).
    let rounds = Math.floor(left / wanting.length);
    for (const a of wanting) rounds = Math.min(rounds, a.lots - (out.get(a.id) ?? 0));
    for (const a of wanting) out.set(a.id, (out.get(a.id) ?? 0) + rounds);
    left -= rounds * wanting.length;
    wanting = wanting.filter((a) => (out.get(a.id) ?? 0) < a.lots);
  }
}

/** Proportional shares (exact, in bigints), the leftover lots to the largest remainders. */
function dealProRata(order: Application[], lotsOffered: number, demand: number, out: Map<number, number>) {
  const offered = BigInt(lotsOffered);
  const total = BigInt(demand);
  let given = 0;
  const remainders = order.map((a, rank) => {
    const share = BigInt(a.lots) * offered;
    const lots = Number(share / total);
    out.set(a.id, lots);
    given += lots;
    return { a, remainder: share % total, rank };
  });
  remainders.sort((x, y) => (x.remainder === y.remainder ? x.rank - y.rank : x.remainder > y.remainder ? -1 : 1));
  for (const { a } of remainders.slice(0, lotsOffered - given)) out.set(a.id, (out.get(a.id) ?? 0) + 1);
}

/** Lots allotted per application id (0 for those that got none). */
export function allot(input: AllotmentInput): Map<number, number> {
  assertInput(input);
  const { applications, lotsOffered } = input;
  const out = new Map<number, number>(applications.map((a) => [a.id, 0]));
  const demand = applications.reduce((sum, a) => sum + a.lots, 0);
  if (!Number.isSafeInteger(demand)) throw new Error('demand is beyond exact arithmetic');
  if (demand <= lotsOffered) {
    for (const a of applications) out.set(a.id, a.lots);
  } else {
    const order = ballotOrder(input.seed, applications);
    if (input.rule === 'ballot') dealByBallot(order, lotsOffered, out);
    else dealProRata(order, lotsOffered, demand, out);
  }
  let allotted = 0;
  for (const a of applications) {
    const lots = out.get(a.id) ?? 0;
    if (lots < 0 || lots > a.lots) throw new Error(`application ${a.id} allotted ${lots} of ${a.lots} lots`);
    allotted += lots;
  }
  if (allotted !== Math.min(demand, lotsOffered)) throw new Error(`allotted ${allotted} of ${lotsOffered} lots`);
  return out;
}
