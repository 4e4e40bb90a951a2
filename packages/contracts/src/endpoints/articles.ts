/**
 * News and articles (SPEC §7 "Messages and articles": /article/pageList, /article/{id}; docs/news.md). Operators
 * write articles and announcements in Markdown in the three languages; the leader job writes one market wrap per
 * trading day from the simulator's movers. Customers get them in the request language, the body rendered to safe
 * HTML by the server (raw HTML in the Markdown is shown as text; only http(s), mailto and app links survive).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LANGUAGES } from '../enums.js';
import { pageOf } from '../page.js';
import * as r from '../rules.js';
import { instrumentCode } from './market.js';

export const ARTICLE_KINDS = ['article', 'market_wrap', 'announcement'] as const;
export const articleKind = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof articleKind>;
/** What an operator may write: the market wrap is only ever written by the job, from the simulator's movers. */
export const WRITABLE_KINDS = ['article', 'announcement'] as const;

export const TITLE_MAX = 140;
export const BODY_MAX = 20_000;
/** Instruments an article may name (the quote page lists the articles naming its instrument). */
export const INSTRUMENTS_MAX = 10;

export const articleSummary = z.object({
  id: z.number().int(),
  kind: articleKind,
  title: z.string(),
  /** Plain text: the start of the body without its Markdown. */
  excerpt: z.string(),
  /** Written by the job from simulated prices: the app labels it so. */
  simulated: z.boolean(),
  instruments: z.array(z.string()),
  publishTimestamp: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const articleDetail = articleSummary.extend({
  /** The body as HTML, made by the server from Markdown and sanitised: safe to insert. */
  html: z.string(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const pageList = defineEndpoint({
  method: 'POST',
  path: '/article/pageList',
  auth: 'public',
  tag: 'articles',
  summary:
    'Published articles, newest first, in the request language; `kind` narrows to one kind, `code` to the articles naming that instrument.',
  request: z.object({
    page: r.page,
    pageSize: r.pageSize,
    kind: articleKind.optional(),
    code: instrumentCode.optional(),
  }),
  data: pageOf(articleSummary),
});

export const detail = defineEndpoint({
  method: 'GET',
  path: '/article/:id',
  auth: 'public',
  tag: 'articles',
  summary: 'One published article with its body as sanitised HTML; unpublished or unknown ids answer 404.',
  request: z.object({}),
  params: z.object({ id: r.id }),
  data: articleDetail,
});

// ------------------------------------------------------------------------------------------------ console

const oneLine = (max: number) =>
  z
    .string({ error: r.V.enterTitle })
    .trim()
    .min(1, { error: r.V.enterTitle })
    .max(max, { error: r.V.nameTooLong })
    .refine((s) => !r.LINE_BREAKS.test(s), { error: r.V.singleLine });
const markdown = z
  .string({ error: r.V.enterText })
  .trim()
  .min(1, { error: r.V.enterText })
  .max(BODY_MAX, { error: r.V.textTooLong });

/** One text per language, all three required: a customer never sees an article in a language it was not written in. */
const perLanguage = <T extends z.ZodType>(text: T) =>
  z.object(Object.fromEntries(LANGUAGES.map((l) => [l, text])) as Record<(typeof LANGUAGES)[number], T>);

export const articleInput = z.object({
  kind: z.enum(WRITABLE_KINDS, { error: r.V.invalid }),
  title: perLanguage(oneLine(TITLE_MAX)),
  body: perLanguage(markdown),
  instruments: z
    .array(instrumentCode.transform((s) => s.toUpperCase()))
    .max(INSTRUMENTS_MAX, { error: r.V.invalid })
    .default([]),
});
export type ArticleInput = z.input<typeof articleInput>;

export const ARTICLE_STATES = ['draft', 'published', 'unpublished'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

export const consoleArticle = z.object({
  id: z.number().int(),
  kind: articleKind,
  state: z.enum(ARTICLE_STATES),
  title: perLanguage(z.string()),
  body: perLanguage(z.string()),
  instruments: z.array(z.string()),
  /** When it was first published (null: never). */
  publishTimestamp: z.number().int().nullable(),
  /** Announcements: how many customers it was put in the inbox of, at its first publication. */
  announcedTo: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  updateTimeTimestamp: z.number().int(),
});
export type ConsoleArticle = z.infer<typeof consoleArticle>;

export const consoleList = defineEndpoint({
  method: 'GET',
  path: '/console/articles',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Every article, announcement and market wrap, newest first, in all three languages.',
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(consoleArticle),
});

export const consoleCreate = defineEndpoint({
  method: 'POST',
  path: '/console/articles',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'Write an article or announcement (a draft until published); audited.',
  request: articleInput,
  data: consoleArticle,
});

export const consoleUpdate = defineEndpoint({
  method: 'POST',
  path: '/console/articles/:id',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: "Rewrite an article or announcement (a market wrap is the job's and is refused); audited.",
  request: articleInput,
  params: z.object({ id: r.id }),
  data: consoleArticle,
});

export const consolePublish = defineEndpoint({
  method: 'POST',
  path: '/console/articles/:id/publish',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary:
    "Publish (or publish again); an announcement's first publication puts it in every customer's inbox; audited.",
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: consoleArticle,
});

export const consoleUnpublish = defineEndpoint({
  method: 'POST',
  path: '/console/articles/:id/unpublish',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'Take an article off the app (its id answers 404 to customers until published again); audited.',
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: consoleArticle,
});
