/**
 * The articles' routes (docs/news.md): the customer's list and detail (public: news is read before signing in) and
 * the console's writing, publishing and unpublishing, each write audited in the transaction that makes it.
 */
import { articles as articlesApi, E } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allInstruments } from '../../market/instruments/index.js';
import { audit, change } from '../../platform/audit.js';
import { operators } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import {
  type ArticleInputParsed,
  consoleListArticles,
  createArticle,
  findPublished,
  listPublished,
  lockArticle,
  publishArticle,
  toConsoleArticle,
  unpublishArticle,
  updateArticle,
} from './service.js';
import { createWrapJob } from './wrap.js';

const KNOWN_CODES = new Set(allInstruments.map((d) => d.code.toUpperCase()));

/** An article names only instruments that exist (the quote page finds it by code). */
function assertInstruments(input: ArticleInputParsed, has: (code: string) => boolean) {
  for (const code of input.instruments) {
    if (!KNOWN_CODES.has(code) && !has(code)) {
      throw new AppError(400, E.articleInstrumentUnknown, { code }, undefined, 'instruments');
    }
  }
}

export function articleRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const has = (code: string) => deps.market.has(code);

  // The daily market wrap: scheduled on every node with the primary-markets job's interval; its lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createWrapJob(deps).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  route(app, articlesApi.pageList, async ({ req, body }) => listPublished(db, requestLanguage(req), body, clock.now()));

  route(app, articlesApi.detail, async ({ req, params }) =>
    findPublished(db, deps.files, params.id, requestLanguage(req), clock.now()),
  );

  // ---------------------------------------------------------------------------------------------- console

  route(app, articlesApi.consoleList, async ({ body }) => consoleListArticles(db, body));

  route(app, articlesApi.consoleCreate, async ({ req, body, operator }) => {
    assertInstruments(body, has);
    return db.transaction(async (tx) => {
      const row = await createArticle(tx, body, operator.id, clock.now());
      const created = toConsoleArticle(row, operator.username);
      await audit(tx, req, 'article.create', { type: 'article', id: row.id }, change(null, created));
      return created;
    });
  });

  /** Who wrote an article, for the console's answer. */
  const authorOf = async (id: number | null) => {
    if (id === null) return null;
    const [op] = await db.select({ name: operators.username }).from(operators).where(eq(operators.id, id));
    return op?.name ?? null;
  };

  route(app, articlesApi.consoleUpdate, async ({ req, body, params }) => {
    assertInstruments(body, has);
    const updated = await db.transaction(async (tx) => {
      const current = await lockArticle(tx, params.id);
      const row = await updateArticle(tx, current, body, clock.now());
      await audit(
        tx,
        req,
        'article.update',
        { type: 'article', id: row.id },
        change(toConsoleArticle(current, null), toConsoleArticle(row, null)),
      );
      return row;
    });
    return toConsoleArticle(updated, await authorOf(updated.createdBy));
  });

  route(app, articlesApi.consolePublish, async ({ req, params }) => {
    const published = await db.transaction(async (tx) => {
      const current = await lockArticle(tx, params.id);
      const row = await publishArticle(tx, current, clock.now());
      await audit(
        tx,
        req,
        'article.publish',
        { type: 'article', id: row.id },
        change({ state: toConsoleArticle(current, null).state }, { state: 'published', announcedTo: row.announcedTo }),
      );
      return row;
    });
    return toConsoleArticle(published, await authorOf(published.createdBy));
  });

  route(app, articlesApi.consoleUnpublish, async ({ req, params }) => {
    const unpublished = await db.transaction(async (tx) => {
      const current = await lockArticle(tx, params.id);
      const row = await unpublishArticle(tx, current, clock.now());
      await audit(
        tx,
        req,
        'article.unpublish',
        { type: 'article', id: row.id },
        change({ state: toConsoleArticle(current, null).state }, { state: 'unpublished' }),
      );
      return row;
    });
    return toConsoleArticle(unpublished, await authorOf(unpublished.createdBy));
  });
}
