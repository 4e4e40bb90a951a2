import { articles as articlesApi, consoleApi, inbox as inboxApi, type RequestOf } from '@beurs/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog } from '../../platform/db/schema.js';
import { translate } from '../../platform/i18n.js';
import { renderMarkdown } from './render.js';
import { articles } from './schema.js';
import { createWrapJob, wrapSession } from './wrap.js';

let h: Harness;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  // Tuesday 3 Nov 2026, 12:00 UTC: the US session of Monday 2 Nov has ended, Tuesday's has not begun.
  h = await createHarness({ startAt: '2026-11-03T12:00:00Z' });
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'ada', reviewer: 'ruud' }));
});

type Input = RequestOf<typeof articlesApi.consoleCreate>;
const input = (over: Partial<Input> = {}): Input => ({
  kind: 'article',
  title: { en: 'Rates on hold', nl: 'Rente onveranderd', 'zh-Hans': '利率不变' },
  body: {
    en: 'The **central bank** held rates.\n\nMore on [Apple](#/pages/quote/stock?code=AAPL).',
    nl: 'De **centrale bank** hield de rente gelijk.',
    'zh-Hans': '**央行**维持利率不变。',
  },
  instruments: ['aapl'],
  ...over,
});

async function write(over: Partial<Input> = {}, token = admin) {
  return h.call(articlesApi.consoleCreate, input(over), { token });
}
const publish = (id: number, token = admin) => h.call(articlesApi.consolePublish, {}, { token, params: { id } });
const unpublish = (id: number) => h.call(articlesApi.consoleUnpublish, {}, { token: admin, params: { id } });
const list = async (req: RequestOf<typeof articlesApi.pageList> = {}, lang?: string) =>
  (await h.call(articlesApi.pageList, req, { lang })).body.data;

/**
 * Every tag of `html` that is not inert: an element outside what Markdown makes, an attribute other than a link's
 * href, or an href that is not http(s), mailto or an app route. Text that merely reads like a tag is escaped (&lt;).
 */
function unsafeTags(html: string): string[] {
  const allowed = /^(p|h[1-4]|ul|ol|li|strong|em|s|code|pre|blockquote|a|hr|br|table|thead|tbody|tr|th|td)$/;
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)].flatMap(([tag, name, attrs]) => {
    if (!allowed.test(name!.toLowerCase())) return [tag];
    const rest = attrs!.replace(/^\s*href="(https?:\/\/|mailto:|#\/pages\/)[^"]*"/, '').trim();
    return rest === '' ? [] : [tag];
  });
}

describe('articles for customers', () => {
  it('lists only published articles, newest first, page by page, in the reader language', async () => {
    const draft = (await write({ title: { en: 'Draft', nl: 'Concept', 'zh-Hans': '草稿' } })).body.data;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = (await write()).body.data;
      h.clock.advance(1000);
      expect((await publish(a.id)).body.data.state).toBe('published');
      ids.push(a.id);
    }
    const all = await list({ pageSize: 2 });
    expect(all.total).toBe(3);
    expect(all.list.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    expect((await list({ page: 2, pageSize: 2 })).list.map((a) => a.id)).toEqual([ids[0]]);
    expect(all.list[0]).toMatchObject({
      kind: 'article',
      title: 'Rates on hold',
      excerpt: 'The central bank held rates. More on Apple.',
      simulated: false,
      instruments: ['AAPL'],
    });
    expect((await list({}, 'nl')).list[0]?.title).toBe('Rente onveranderd');
    expect((await list({}, 'zh-Hans')).list[0]?.excerpt).toBe('央行维持利率不变。');
    // The draft is nowhere, and its id answers 404.
    expect(all.list.some((a) => a.id === draft.id)).toBe(false);
    expect((await h.call(articlesApi.detail, {}, { params: { id: draft.id } })).status).toBe(404);

    // By instrument (the quote page) and by kind.
    expect((await list({ code: 'AAPL' })).total).toBe(3);
    expect((await list({ code: 'MSFT' })).total).toBe(0);
    expect((await list({ kind: 'announcement' })).total).toBe(0);

    // Unpublished: gone from the list and the detail, back when published again.
    await unpublish(ids[2]!);
    expect((await list()).total).toBe(2);
    expect((await h.call(articlesApi.detail, {}, { params: { id: ids[2]! } })).status).toBe(404);
    await publish(ids[2]!);
    const detail = await h.call(articlesApi.detail, {}, { params: { id: ids[2]! } });
    expect(detail.body.data.html).toContain('<strong>central bank</strong>');
    expect(detail.body.data.html).toContain('<a href="#/pages/quote/stock?code=AAPL">Apple</a>');
  });

  it('renders script payloads as text: no script, no event handler, no javascript: link', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](  javascript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="javascript:alert(1)">x</a>',
      '<svg onload=alert(1)>',
      '![x](https://example.com/x.png" onerror="alert(1))',
      '<iframe src="https://example.com"></iframe>',
    ];
    for (const payload of payloads) expect(unsafeTags(renderMarkdown(payload)), payload).toEqual([]);
    // Through the API too: what a customer gets is the sanitised body.
    const body = payloads.join('\n\n');
    const a = (await write({ body: { en: body, nl: body, 'zh-Hans': body } })).body.data;
    await publish(a.id);
    const html = (await h.call(articlesApi.detail, {}, { params: { id: a.id } })).body.data.html;
    expect(unsafeTags(html)).toEqual([]);
    expect(html).toMatch(/<p>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('images in articles', () => {
  const signed = (id: string) => `/web/file/${id}?exp=1893456000&sig=abc_-9`;

  it("shows only the operators' uploads the article lists: no remote image, no script", () => {
    const images = (id: string) => (id === 'chart1' ? signed(id) : undefined);
    const html = renderMarkdown('![The chart](file:chart1)', images);
    expect(html.trim()).toBe(`<p><img src="${signed('chart1').replace(/&/g, '&amp;')}" alt="The chart" /></p>`);
    // A remote image, an unlisted upload and a script in the text: the text alone, never an <img>.
    for (const md of [
      '![remote](https://example.com/x.png)',
      '![remote](//example.com/x.png)',
      '![unknown](file:other2)',
      '![<script>alert(1)</script>](file:chart1 "t" onerror=alert(1)")',
      `<img src="${signed('chart1')}">`,
    ]) {
      const html = renderMarkdown(md, images);
      expect(html, md).not.toContain('<img');
      expect(unsafeTags(html), md).toEqual([]);
    }
    // The sanitiser is the second layer: an image whose address is not a signed file address goes.
    expect(renderMarkdown('![x](file:chart1)', () => 'https://example.com/x.png')).not.toContain('<img');
    expect(renderMarkdown('![x](file:chart1)', () => `${signed('chart1')}" onerror="alert(1)`)).not.toContain('<img');
  });

  it("serves an uploaded image in the published article; a customer's upload or an unknown id is refused", async () => {
    const fileId = await h.uploadFile(admin, 'chart.png', undefined, '/web/console/file/upload');
    const body = {
      en: `Rates held.\n\n![The chart](file:${fileId})\n\n![remote](https://example.com/x.png)`,
      nl: `Rente gelijk.\n\n![De grafiek](file:${fileId})`,
      'zh-Hans': '利率不变。',
    };
    const a = (await write({ body })).body.data;
    expect(a.body.en).toContain(`file:${fileId}`);
    await publish(a.id);
    const html = (await h.call(articlesApi.detail, {}, { params: { id: a.id } })).body.data.html;
    const src = /<img src="([^"]+)" alt="The chart"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(src).toMatch(new RegExp(`^/web/file/${fileId}\\?exp=\\d+&sig=`));
    expect(html.match(/<img/g)).toHaveLength(1);
    const served = await h.app.inject({ method: 'GET', url: src ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(
      (await h.call(articlesApi.detail, {}, { params: { id: a.id }, lang: 'zh-Hans' })).body.data.html,
    ).not.toContain('<img');

    const u = await h.registerUser();
    const customers = await h.uploadFile(u.token, 'mine.png');
    for (const id of [customers, 'f'.repeat(24)]) {
      const refused = await h.call(
        articlesApi.consoleCreate,
        input({ body: { ...body, 'zh-Hans': `![x](file:${id})` } }),
        { token: admin, lang: 'nl' },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(translate('nl', 'errors.articleImageUnknown', { file: id }));
      const edited = await h.call(articlesApi.consoleUpdate, input({ body: { ...body, en: `![x](file:${id})` } }), {
        token: admin,
        params: { id: a.id },
      });
      expect(edited.status).toBe(400);
    }
    const [row] = await h.db.select().from(articles).where(eq(articles.id, a.id));
    expect(row?.files).toEqual([fileId]);
    expect(row?.body.en).toBe(body.en);
  });
});

describe('articles in the console', () => {
  it('needs all three languages and a known instrument, and refuses the reviewer', async () => {
    const missing = await h.call(
      articlesApi.consoleCreate,
      { ...input(), title: { en: 'x', nl: 'y' } } as unknown as Input,
      { token: admin },
    );
    expect(missing.status).toBe(400);
    const unknown = await write({ instruments: ['NOPE1'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('NOPE1');
    expect((await write({}, reviewer)).status).toBe(403);
    // A reviewer reads the list.
    expect((await h.call(articlesApi.consoleList, {}, { token: reviewer })).status).toBe(200);
  });

  it('audits writing, editing, publishing and unpublishing', async () => {
    const a = (await write()).body.data;
    const edited = await h.call(
      articlesApi.consoleUpdate,
      input({ title: { en: 'Rates cut', nl: 'Rente verlaagd', 'zh-Hans': '降息' } }),
      { token: admin, params: { id: a.id } },
    );
    expect(edited.body.data.title.en).toBe('Rates cut');
    await publish(a.id);
    await unpublish(a.id);
    const rows = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'article'), eq(auditLog.targetId, String(a.id))));
    expect(rows.map((r) => r.action).filter((x) => x.startsWith('article.'))).toEqual([
      'article.create',
      'article.update',
      'article.publish',
      'article.unpublish',
    ]);
    const log = await h.call(consoleApi.consoleAudit, {}, { token: admin });
    expect(log.body.data.list.some((e) => e.action === 'article.publish')).toBe(true);
    // Another id answers 404.
    expect((await publish(999_999)).status).toBe(404);
  });

  it("puts an announcement in every customer's inbox once, with read state", async () => {
    const u1 = await h.registerUser();
    const u2 = await h.registerUser();
    const a = (
      await write({
        kind: 'announcement',
        title: { en: 'Maintenance Sunday', nl: 'Onderhoud zondag', 'zh-Hans': '周日维护' },
      })
    ).body.data;
    const first = (await publish(a.id)).body.data;
    expect(first.announcedTo).toBeGreaterThanOrEqual(2);
    // Unpublished and published again: no second message.
    await unpublish(a.id);
    await publish(a.id);
    const mine = async (token: string, lang?: string) =>
      (await h.call(inboxApi.getMessages, {}, { token, lang })).body.data;
    const m1 = await mine(u1.token);
    const announcements = m1.list.filter((m) => m.kind === 'announcement');
    expect(announcements).toHaveLength(1);
    expect(announcements[0]).toMatchObject({
      title: 'Maintenance Sunday',
      read: false,
      link: `/pages/news/detail?id=${a.id}`,
    });
    expect((await mine(u2.token, 'nl')).list.find((m) => m.kind === 'announcement')?.title).toBe('Onderhoud zondag');
    expect((await mine(u2.token, 'zh-Hans')).list.find((m) => m.kind === 'announcement')?.title).toBe('周日维护');
    await h.call(inboxApi.updateRead, { ids: [announcements[0]!.id] }, { token: u1.token });
    expect((await mine(u1.token)).list.find((m) => m.kind === 'announcement')?.read).toBe(true);
    expect((await mine(u2.token)).list.find((m) => m.kind === 'announcement')?.read).toBe(false);
  });
});

describe('the daily market wrap', () => {
  it('is due for the last US session that ended', () => {
    expect(wrapSession(new Date('2026-11-03T12:00:00Z'))?.day).toBe('2026-11-02');
    // During Tuesday's session, still Monday's; after it, Tuesday's. Saturday: Friday's.
    expect(wrapSession(new Date('2026-11-03T15:00:00Z'))?.day).toBe('2026-11-02');
    expect(wrapSession(new Date('2026-11-03T21:30:00Z'))?.day).toBe('2026-11-03');
    expect(wrapSession(new Date('2026-11-07T12:00:00Z'))?.day).toBe('2026-11-06');
  });

  it('is written once per trading day from the movers, labelled simulated, whatever reruns or nodes there are', async () => {
    const job = createWrapJob(h.deps);
    const second = createWrapJob(h.deps);
    const [a, b] = await Promise.all([job.runOnce(), second.runUnlocked()]);
    expect([a, b].filter((d) => d === '2026-11-02')).toHaveLength(1);
    // A restart (a new job, nothing remembered) writes nothing more.
    expect(await createWrapJob(h.deps).runUnlocked()).toBeNull();
    const rows = await h.db.select().from(articles).where(eq(articles.kind, 'market_wrap'));
    expect(rows).toHaveLength(1);
    const wrap = rows[0]!;
    expect(wrap.wrapDay).toBe('2026-11-02');
    expect(wrap.title.en).toBe('Market wrap 2026-11-02 (simulated)');
    expect(wrap.body.en).toContain('The prices are simulated');
    expect(wrap.body.nl).toContain('gesimuleerd');

    // The movers are the simulator's: each named gainer's change at Monday's close is what the provider says.
    const listed = await list({ kind: 'market_wrap' });
    expect(listed.list[0]).toMatchObject({ id: wrap.id, simulated: true });
    expect(wrap.instruments.length).toBeGreaterThan(0);
    const close = wrapSession(h.clock.now())!.close;
    const [top] = await h.deps.market.quotes([{ source: 0, code: wrap.instruments[0]! }], close);
    expect(Number(top!.changeRatio)).toBeGreaterThan(0);
    expect(wrap.body.en).toContain(`(${wrap.instruments[0]}): +`);

    // Operators may unpublish a wrap but not rewrite it.
    const edit = await h.call(articlesApi.consoleUpdate, input(), { token: admin, params: { id: wrap.id } });
    expect(edit.status).toBe(422);

    // The next day's close brings the next wrap.
    h.clock.advance(10 * 3600_000);
    expect(await job.runOnce()).toBe('2026-11-03');
  });
});
