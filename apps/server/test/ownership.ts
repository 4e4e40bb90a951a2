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
  {
    name: 'watchlist item delete by id',
    setup: async (h, owner) => {
      const saved = await h.post<{ id: number }>(
        '/userSelfSecurity/save',
        { stockCode: 'AAPL', source: 0 },
        owner.token,
      );
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
      return { method: 'POST', url: `/userSelfSecurity/delete/${saved.body.data.id}`, body: {} };
    },
  },
  {
    name: 'watchlist reorder with an item id',
    setup: async (h, owner) => {
      const saved = await h.post<{ id: number }>(
        '/userSelfSecurity/save',
        { stockCode: 'SAP', source: 0 },
        owner.token,
      );
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
      return { method: 'POST', url: '/userSelfSecurity/sort', body: { ids: [saved.body.data.id] } };
    },
  },
];
