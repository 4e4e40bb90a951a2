/**
 * get_sale_time and sale_list (docs/primary-markets.md "When allotted shares may be sold") on the real database. The
 * clock is Monday 2 Nov 2026 10:00 UTC. A US offering listed on Saturday is sellable from Monday's first session
 * (04:00 New York = 09:00 UTC, the pre-market); a Hong Kong one listing on Tuesday 08:00 HKT from 09:30 HKT.
 */
import { auction, Decimal } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { trader } from '../../../test/trading.js';
import { deliverShares } from '../trading/index.js';
import { offeringSubscriptions, offerings } from './schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const d = (iso: string) => new Date(iso);

async function offering(code: string, market: 'US' | 'HK', state: 'allotted' | 'listed', listingAt: string) {
  const [o] = await h.db
    .insert(offerings)
    .values({
      code,
      issuer: `${code} Simulated Inc.`,
      market,
      exchange: market === 'US' ? 'NASDAQ' : 'HKEX',
      currency: market === 'US' ? 'USD' : 'HKD',
      prospectusAt: d('2026-10-01T00:00:00Z'),
      opensAt: d('2026-10-20T00:00:00Z'),
      closesAt: d('2026-10-25T00:00:00Z'),
      listingAt: d(listingAt),
      priceMin: '10',
      priceMax: '10',
      lotSize: market === 'US' ? 1 : 100,
      sharesOffered: 100_000,
      allotmentRule: market === 'US' ? 'proRata' : 'ballot',
      state,
    })
    .returning();
  if (!o) throw new Error('offering not stored');
  return o;
}

describe('when allotted shares may be sold', () => {
  it('answers the listing and the first session from it, and 404 for an unknown code', async () => {
    await offering('SLTA', 'US', 'listed', '2026-10-31T12:00:00Z');
    await offering('09871', 'HK', 'allotted', '2026-11-03T00:00:00Z');
    const us = await h.call(auction.getSaleTime, { code: 'slta' });
    expect(us.body.data).toEqual({
      code: 'SLTA',
      listingAtTimestamp: Date.parse('2026-10-31T12:00:00Z'),
      lockUpEndsAtTimestamp: null,
      sellableFromTimestamp: Date.parse('2026-11-02T09:00:00Z'),
      sellableNow: true,
    });
    const hk = await h.call(auction.getSaleTime, { code: '09871' });
    expect(hk.body.data).toMatchObject({
      sellableFromTimestamp: Date.parse('2026-11-03T01:30:00Z'),
      sellableNow: false,
    });
    const none = await h.call(auction.getSaleTime, { code: 'NOPE' }, { lang: 'zh-Hans' });
    expect(none.status).toBe(404);
  });

  it("lists the caller's allotments with the delivered position, sellable first; none of another's", async () => {
    const o = await offering('MSFT', 'US', 'listed', '2026-10-31T12:00:00Z');
    const waiting = await offering('09872', 'HK', 'allotted', '2026-11-03T00:00:00Z');
    const u = await trader(h, { US_STOCK: '300' });
    const other = await trader(h);
    const settledAt = d('2026-10-31T12:00:00Z');
    const base = { userId: u.user.id, wallet: 'SUBSCRIPTION', currency: 'EUR', price: '10', rate: '1', fee: '0' };
    await h.db.insert(offeringSubscriptions).values([
      {
        ...base,
        offeringId: waiting.id,
        quantity: 200,
        amount: '2000',
        status: 'allotted',
        allottedQuantity: 100,
        createdAt: settledAt,
        updatedAt: settledAt,
      },
      {
        ...base,
        offeringId: o.id,
        quantity: 30,
        amount: '300',
        status: 'allotted',
        allottedQuantity: 30,
        settledAt,
        createdAt: settledAt,
        updatedAt: settledAt,
      },
    ]);
    const delivered = await h.db.transaction((tx) =>
      deliverShares(h.deps, tx, {
        userId: u.user.id,
        source: 0,
        code: 'MSFT',
        quantity: 30,
        price: new Decimal(10),
        rate: new Decimal(1),
        margin: new Decimal(300),
        at: settledAt,
      }),
    );
    const res = await h.call(auction.saleList, {}, { token: u.token });
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((s) => [s.code, s.sellableNow, s.positionId, s.heldQuantity])).toEqual([
      ['MSFT', true, delivered.position.id, 30],
      ['09872', false, null, 0],
    ]);
    expect((await h.call(auction.saleList, {}, { token: other.token })).body.data.total).toBe(0);
  });
});
