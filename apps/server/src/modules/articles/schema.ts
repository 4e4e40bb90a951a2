/**
 * Articles (migration 0028, hand-written: its source of truth; docs/news.md). One row per article, announcement or
 * market wrap, with its title and Markdown body per language (jsonb: { en, nl, zh-Hans }) and the instrument codes it
 * names. Published when `published_at` is set and `unpublished_at` is not; `wrap_day` is the trading day of a market
 * wrap and unique, so a second wrap for a day cannot be written by a rerun or a second node. `announced_to` is set at
 * an announcement's first publication, in the transaction that put it in the customers' inboxes: never twice.
 */
import type { ArticleKind } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.js';
import { operators } from '../../platform/db/schema.js';

/** One text per language. */
export type Texts = Record<'en' | 'nl' | 'zh-Hans', string>;

export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<ArticleKind>().notNull(),
    title: jsonb('title').$type<Texts>().notNull(),
    body: jsonb('body').$type<Texts>().notNull(),
    instruments: text('instruments').array().notNull().default(sql`'{}'::text[]`),
    /** The operators' uploads the bodies show as images (file:<id>), set on every save; they keep the files. */
    files: text('files').array().notNull().default(sql`'{}'::text[]`),
    wrapDay: date('wrap_day', { mode: 'string' }),
    publishedAt: ts('published_at'),
    unpublishedAt: ts('unpublished_at'),
    announcedTo: integer('announced_to'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('articles_kind', sql`${t.kind} in ('article', 'market_wrap', 'announcement')`),
    check('articles_wrap_day', sql`(${t.kind} = 'market_wrap') = (${t.wrapDay} is not null)`),
    uniqueIndex('articles_wrap_day_unique').on(t.wrapDay),
    index('articles_published')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null and ${t.unpublishedAt} is null`),
    index('articles_instruments').using('gin', t.instruments),
  ],
);
