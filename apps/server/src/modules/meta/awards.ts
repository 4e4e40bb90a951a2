/**
 * Awards (docs/decisions.md "Figures shown to customers"): customers see only named awards with their source,
 * entered by an admin in the console; with none, the app shows no award figure at all. Every change is audited.
 */
import { type Award, consoleApi, V } from '@beurs/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../ledger/ledger.js';
import { audit, change } from '../../platform/audit.js';
import { operators } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { invalid, notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { awards } from './schema.js';

type AwardRow = typeof awards.$inferSelect;

const toAward = (row: AwardRow): Award => ({
  id: row.id,
  name: row.name,
  year: row.year,
  awardedBy: row.awardedBy,
  source: row.source,
  url: row.url,
});

const toConsoleAward = (row: AwardRow, createdBy: string | null) => ({
  ...toAward(row),
  createdBy,
  createTimeTimestamp: row.createdAt.getTime(),
});

/** The awards customers see, newest year first. */
export async function listAwards(db: Executor): Promise<Award[]> {
  const rows = await db.select().from(awards).orderBy(desc(awards.year), desc(awards.id));
  return rows.map(toAward);
}

export function consoleAwardRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;

  route(app, consoleApi.awardList, async () => {
    const rows = await db
      .select({ a: awards, by: operators.username })
      .from(awards)
      .leftJoin(operators, eq(operators.id, awards.createdBy))
      .orderBy(desc(awards.year), desc(awards.id));
    return rows.map(({ a, by }) => toConsoleAward(a, by));
  });

  route(app, consoleApi.awardCreate, async ({ req, body, operator: op }) => {
    const at = clock.now();
    // An award not yet given is not an award.
    if (body.year > at.getUTCFullYear()) throw invalid(V.invalid, 'year');
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(awards)
        .values({ ...body, url: body.url ?? null, createdBy: op.id, createdAt: at })
        .returning();
      if (!row) throw new Error('award not created');
      const created = toConsoleAward(row, op.username);
      await audit(tx, req, 'award.create', { type: 'award', id: row.id }, change(null, toAward(row)));
      return created;
    });
  });

  route(app, consoleApi.awardDelete, async ({ req, params }) =>
    db.transaction(async (tx) => {
      const [row] = await tx.delete(awards).where(eq(awards.id, params.id)).returning();
      if (!row) throw notFound();
      await audit(tx, req, 'award.delete', { type: 'award', id: row.id }, change(toAward(row), null));
      return { ok: true as const };
    }),
  );
}
