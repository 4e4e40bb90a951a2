import { consoleApi, user as userApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { allInstruments } from '../../market/instruments/index.js';
import { auditLog } from '../../platform/db/schema.js';

let h: Harness;
let admin: string;
let reviewer: string;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'ada', reviewer: 'ruud' }));
});

const figures = async () => (await h.call(userApi.figures, {})).body.data;

describe('figures shown to customers are counted, not typed', () => {
  it('counts the exchanges, countries and markets of the instrument universe', async () => {
    // Counted here from the catalogue itself: the exchanges that list an instrument (OTC forex, calculated indices
    // and the robot's crypto pairs have none), and the markets the app lists.
    const venues = new Set(allInstruments.map((i) => i.exchange).filter((e) => !['FX', 'INDEX', 'CRYPTO'].includes(e)));
    const markets = new Set(
      allInstruments.filter((i) => i.kind !== 'crypto').map((i) => (i.kind === 'stock' ? i.classify : i.kind)),
    );
    const served = await figures();
    expect(served).toEqual({ exchanges: venues.size, countries: 7, markets: markets.size, awards: [] });
    // Not SPEC §1's 135 exchanges, 18 countries and 50 markets: what the app offers (Eurex joined with the rate futures).
    expect(served).toMatchObject({ exchanges: 14, markets: 9 });
    // The typed figures are gone from the content.
    // Raw: a dictionary type the contract's types no longer allow.
    expect((await h.get('/dict/data?type=marketing')).body.code).toBe(400);
  });

  it('shows awards only as named awards an admin entered with their source; audited', async () => {
    expect((await figures()).awards).toEqual([]);
    const award = {
      name: 'Best Trading App for Learners',
      year: 2026,
      awardedBy: 'Example Fintech Awards',
      source: 'Winners list, Example Fintech Awards 2026',
      url: 'https://awards.example.org/2026/winners',
    };
    // Reviewers may read the list but not change it; guests neither.
    expect((await h.call(consoleApi.awardCreate, award, { token: reviewer })).status).toBe(403);
    expect((await h.call(consoleApi.awardList, {}, { token: reviewer })).body.data).toEqual([]);
    expect((await h.call(consoleApi.awardCreate, award)).status).toBe(401);
    // A name, a year that has come, who gave it and where it is published: or a 400 that writes nothing.
    for (const [field, bad] of [
      ['name', { ...award, name: ' ' }],
      ['year', { ...award, year: 2027 }],
      ['year', { ...award, year: 'soon' }],
      ['awardedBy', { ...award, awardedBy: undefined }],
      ['source', { ...award, source: '' }],
      ['url', { ...award, url: 'javascript:alert(1)' }],
    ] as const) {
      // Raw: some of these are mistyped or absent fields, which the contract's type refuses.
      expect((await h.post('/console/awards', bad, admin)).body).toMatchObject({ code: 400, field });
    }
    expect((await figures()).awards).toEqual([]);

    const created = await h.call(consoleApi.awardCreate, award, { token: admin });
    expect(created.body.data).toMatchObject({ ...award, createdBy: 'ada' });
    const id = created.body.data.id;
    const noLink = await h.call(
      consoleApi.awardCreate,
      { ...award, name: 'Clearest Fee Schedule', year: 2025, url: '' },
      { token: admin },
    );
    expect(noLink.body.data).toMatchObject({ year: 2025, url: null });
    expect((await figures()).awards).toEqual([
      { id, ...award },
      { ...award, id: noLink.body.data.id, name: 'Clearest Fee Schedule', year: 2025, url: null },
    ]);

    expect((await h.call(consoleApi.awardDelete, {}, { token: reviewer, params: { id } })).status).toBe(403);
    expect((await h.call(consoleApi.awardDelete, {}, { token: admin, params: { id } })).body).toMatchObject({
      code: 200,
    });
    expect((await h.call(consoleApi.awardDelete, {}, { token: admin, params: { id } })).status).toBe(404);
    expect((await figures()).awards.map((a) => a.name)).toEqual(['Clearest Fee Schedule']);

    const audits = await h.db.select().from(auditLog).where(eq(auditLog.targetType, 'award'));
    expect(audits.map((a) => [a.action, a.targetId])).toEqual([
      ['award.create', String(id)],
      ['award.create', String(noLink.body.data.id)],
      ['award.delete', String(id)],
    ]);
    expect(audits[2]?.detail).toMatchObject({ old: { name: award.name, source: award.source }, new: null });
  });
});
