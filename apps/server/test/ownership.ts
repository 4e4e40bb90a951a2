/**
 * The ownership harness: each module registers how to make a resource as user A and how to
 * ask for it; ownership.test.ts asks as user B and expects 404, as if it did not exist.
 * Later modules (cards, wallets, deposits, orders, messages) add their probes here.
 */
import type { Harness } from './harness.js';

export interface OwnedProbe {
  name: string;
  /** Makes the resource as `owner` and returns the request that reads or changes it. */
  setup: (
    h: Harness,
    owner: { token: string; user: { id: number } },
  ) => Promise<{ method: 'GET' | 'POST'; url: string; body?: unknown }>;
}

export const ownedProbes: OwnedProbe[] = [
  {
    name: 'user info by id',
    setup: async (_h, owner) => ({ method: 'POST', url: '/getUserInfoById', body: { id: owner.user.id } }),
  },
];
