/**
 * Articles as customers and operators see them (docs/news.md). Customers get only published articles, in the
 * request language, the body rendered by render.ts; operators get every article in all three languages. An
 * announcement's first publication puts it in every customer's inbox in the same transaction (notifyEveryone), and
 * `announced_to` records that it happened, so publishing again after an unpublish does not send it twice.
 */
import {
  type ArticleDetail,
  type ArticleSummary,
  type articles as articlesApi,
  type ConsoleArticle,
  E,
  type Language,
  V,
} from '@beurs/contracts';
import { and, arrayContains, count, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { operators } from '../../platform/db/schema.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files.js';
import { operatorImages } from '../files/index.js';
import { notifyEveryone } from '../inbox/index.js';
import { excerpt, imageRefs, renderMarkdown } from './render.js';
import { articles } from './schema.js';

type Row = typeof articles.$inferSelect;
export type ArticleInputParsed = z.output<typeof articlesApi.articleInput>;

/** Where an announcement in the inbox leads. */
export const articleLink = (id: number) => `/pages/news/detail?id=${id}`;

const visible = (at: Date) =>
  and(isNotNull(articles.publishedAt), isNull(articles.unpublishedAt), lte(articles.publishedAt, at));

function toSummary(row: Row, lang: Language): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title[lang] ?? row.title.en,
    excerpt: excerpt(row.body[lang] ?? row.body.en),
    simulated: row.kind === 'market_wrap',
    instruments: row.instruments,
    publishTimestamp: (row.publishedAt ?? row.createdAt).getTime(),
  };
}

export async function listPublished(
  db: Executor,
  lang: Language,
  query: { page: number; pageSize: number; kind?: Row['kind'] | undefined; code?: string | undefined },
  at: Date,
) {
  const where = and(
    visible(at),
    query.kind ? eq(articles.kind, query.kind) : undefined,
    query.code ? arrayContains(articles.instruments, [query.code.toUpperCase()]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return {
    list: rows.map((r) => toSummary(r, lang)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findPublished(
  db: Executor,
  store: Pick<FileStore, 'signedUrl'>,
  id: number,
  lang: Language,
  at: Date,
): Promise<ArticleDetail> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), visible(at)));
  if (!row) throw notFound();
  // Only the uploads checked when the article was saved are shown; anything else is its text alone.
  const own = new Set(row.files);
  const images = (fileId: string) => (own.has(fileId) ? store.signedUrl(fileId) : undefined);
  return { ...toSummary(row, lang), html: renderMarkdown(row.body[lang] ?? row.body.en, images) };
}

/**
 * The images the bodies show (`![text](file:<id>)`): each must be an operator's uploaded image, or the save answers
 * 400 errors.articleImageUnknown on the body. The list is stored with the article and keeps the files.
 */
async function articleFiles(tx: Executor, input: ArticleInputParsed): Promise<string[]> {
  const refs = [...new Set(Object.values(input.body).flatMap(imageRefs))];
  const known = await operatorImages(tx, refs);
  const unknown = refs.find((id) => !known.has(id));
  if (unknown) throw new AppError(400, E.articleImageUnknown, { file: unknown }, undefined, 'body');
  return refs;
}

// ------------------------------------------------------------------------------------------------ console

function stateOf(row: Row): ConsoleArticle['state'] {
  if (row.unpublishedAt) return 'unpublished';
  return row.publishedAt ? 'published' : 'draft';
}

export function toConsoleArticle(row: Row, createdBy: string | null): ConsoleArticle {
  return {
    id: row.id,
    kind: row.kind,
    state: stateOf(row),
    title: row.title,
    body: row.body,
    instruments: row.instruments,
    publishTimestamp: row.publishedAt?.getTime() ?? null,
    announcedTo: row.announcedTo,
    createdBy,
    updateTimeTimestamp: row.updatedAt.getTime(),
  };
}

export async function consoleListArticles(db: Executor, query: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: articles, by: operators.username })
      .from(articles)
      .leftJoin(operators, eq(operators.id, articles.createdBy))
      .orderBy(desc(articles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(articles),
  ]);
  return {
    list: rows.map(({ a, by }) => toConsoleArticle(a, by)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The row, locked for the change that follows; 404 when there is none. */
export async function lockArticle(tx: Executor, id: number): Promise<Row> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function createArticle(tx: Executor, input: ArticleInputParsed, operatorId: number, at: Date) {
  const [row] = await tx
    .insert(articles)
    .values({
      kind: input.kind,
      title: input.title,
      body: input.body,
      instruments: input.instruments,
      files: await articleFiles(tx, input),
      createdBy: operatorId,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!row) throw new Error('article not created');
  return row;
}

export async function updateArticle(tx: Executor, current: Row, input: ArticleInputParsed, at: Date) {
  // The market wrap says what the simulator did; nobody rewrites it (it can be unpublished).
  if (current.kind === 'market_wrap') throw new AppError(422, E.articleNotEditable, {}, 'articleNotEditable');
  // An announcement once sent stays one (its inbox messages exist); before the first publication the kind may change.
  if (input.kind !== current.kind && current.publishedAt) throw invalid(V.invalid, 'kind');
  const [row] = await tx
    .update(articles)
    .set({
      kind: input.kind,
      title: input.title,
      body: input.body,
      instruments: input.instruments,
      files: await articleFiles(tx, input),
      updatedAt: at,
    })
    .where(eq(articles.id, current.id))
    .returning();
  if (!row) throw notFound();
  return row;
}

export async function publishArticle(tx: Executor, current: Row, at: Date) {
  let announcedTo = current.announcedTo;
  // An announcement reaches the inboxes once, at its first publication, in this transaction.
  if (current.kind === 'announcement' && announcedTo === null) {
    announcedTo = await notifyEveryone(tx, {
      kind: 'announcement',
      params: {
        article: current.id,
        title_en: current.title.en,
        title_nl: current.title.nl,
        title_zh: current.title['zh-Hans'],
      },
      link: articleLink(current.id),
      at,
    });
  }
  const [row] = await tx
    .update(articles)
    .set({ publishedAt: current.publishedAt ?? at, unpublishedAt: null, announcedTo, updatedAt: at })
    .where(eq(articles.id, current.id))
    .returning();
  if (!row) throw notFound();
  return row;
}

export async function unpublishArticle(tx: Executor, current: Row, at: Date) {
  const [row] = await tx
    .update(articles)
    .set({ unpublishedAt: current.unpublishedAt ?? at, updatedAt: at })
    .where(eq(articles.id, current.id))
    .returning();
  if (!row) throw notFound();
  return row;
}
