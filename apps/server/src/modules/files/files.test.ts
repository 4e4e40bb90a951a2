/**
 * Uploads: a per-customer quota (concurrent uploads included), files nothing refers to are deleted after a day,
 * PDFs are served as attachments and images inline.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { articles as articlesApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF_MIN, PNG_1x1 } from '../../../test/fixtures.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { files } from '../../platform/db/schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { uploadQuotaMb: 1 } });
});

/** A PNG (by its bytes) of about `kb` KiB. */
const png = (kb: number) => Buffer.concat([PNG_1x1, Buffer.alloc(kb * 1024)]);

async function upload(token: string, content: Buffer, url = '/file/upload', name = 'a.png') {
  const m = multipart('file', name, content);
  // Raw: a multipart upload (the harness's call sends JSON).
  const res = await h.app.inject({
    method: 'POST',
    url: `/web${url}`,
    payload: m.payload,
    headers: { ...m.headers, authorization: token, 'accept-language': 'en' },
  });
  return res.json() as { code: number; msg: string; reason?: string; data: { fileId: string; url: string } };
}

const stored = async (userId: number) => h.db.select().from(files).where(eq(files.ownerUserId, userId));
const onDisk = (id: string) =>
  fs.stat(path.join(h.config.uploadsDir, id)).then(
    () => true,
    () => false,
  );

describe('upload quota', () => {
  it('refuses the upload that would pass the quota with a translated 422, and writes nothing', async () => {
    const u = await h.registerUser();
    for (let i = 0; i < 3; i++) expect((await upload(u.token, png(300))).code).toBe(200);
    const over = await upload(u.token, png(300));
    expect(over).toMatchObject({ code: 422, reason: 'uploadQuota' });
    expect(over.msg).toContain('1 MB');
    expect(await stored(u.user.id)).toHaveLength(3);
    expect(await fs.readdir(h.config.uploadsDir)).toHaveLength((await h.db.select().from(files)).length);
    // The quota is each customer's own.
    const other = await h.registerUser();
    expect((await upload(other.token, png(300))).code).toBe(200);
  });

  it('holds for uploads sent at the same moment', async () => {
    const u = await h.registerUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(u.token, png(300))));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 422)).toHaveLength(3);
    expect(await stored(u.user.id)).toHaveLength(3);
  });
});

describe('files nothing refers to', () => {
  it('are deleted after a day; files an identity submission uses and young files stay', async () => {
    const u = await h.registerUser();
    const front = (await upload(u.token, PNG_1x1)).data.fileId;
    const back = (await upload(u.token, PNG_1x1)).data.fileId;
    const orphan = (await upload(u.token, PNG_1x1)).data;
    const submitted = await h.submitIdentity(u.token, { frontFileId: front, backFileId: back });
    expect(submitted.status).toBe(200);

    // Not yet a day old: nothing goes.
    h.clock.advance(23 * 3600_000);
    await h.deps.files.purgeOrphans(h.clock.now());
    expect((await stored(u.user.id)).map((f) => f.id).sort()).toEqual([front, back, orphan.fileId].sort());

    h.clock.advance(2 * 3600_000);
    const young = (await upload(u.token, PNG_1x1)).data.fileId;
    await h.deps.files.purgeOrphans(h.clock.now());
    expect((await stored(u.user.id)).map((f) => f.id).sort()).toEqual([front, back, young].sort());
    expect(await onDisk(orphan.fileId)).toBe(false);
    expect(await onDisk(front)).toBe(true);
    // Raw: signed file addresses, served outside the contract's endpoints (here and below).
    const served = await h.app.inject({ method: 'GET', url: h.deps.files.signedUrl(orphan.fileId) });
    expect(served.statusCode).toBe(404);
    // Running it again (another node, the next hour) finds nothing more.
    expect(await h.deps.files.purgeOrphans(h.clock.now())).toBe(0);
  });
});

describe("operators' uploads", () => {
  it("are checked as customers' are, count against the operator's own quota, and stay while an article shows them", async () => {
    const { admin } = await h.consoleOperators({ admin: 'olga', reviewer: 'otto' });
    const operatorUpload = (content: Buffer, name = 'a.png') => upload(admin, content, '/console/file/upload', name);
    // The real type from the bytes: a PDF named .png is refused; the quota (1 MB here) is the operator's own.
    expect((await operatorUpload(PDF_MIN, 'x.png')).code).toBe(415);
    const shown = (await operatorUpload(PNG_1x1)).data.fileId;
    const unused = (await operatorUpload(PNG_1x1)).data.fileId;
    for (let i = 0; i < 3; i++) await operatorUpload(png(300));
    expect(await operatorUpload(png(300))).toMatchObject({ code: 422, reason: 'uploadQuota' });
    const body = { en: `![chart](file:${shown})`, nl: 'Tekst', 'zh-Hans': '文字' };
    const created = await h.call(
      articlesApi.consoleCreate,
      { kind: 'article', title: { en: 'T', nl: 'T', 'zh-Hans': 'T' }, body, instruments: [] },
      { token: admin },
    );
    expect(created.status).toBe(200);
    h.clock.advance(25 * 3600_000);
    await h.deps.files.purgeOrphans(h.clock.now());
    const left = (await h.db.select({ id: files.id }).from(files)).map((f) => f.id);
    expect(left).toContain(shown);
    expect(left).not.toContain(unused);
    expect(await onDisk(shown)).toBe(true);
  });
});

describe('serving files', () => {
  it('a PDF is an attachment; an image stays inline', async () => {
    const u = await h.registerUser();
    const pdf = await upload(u.token, PDF_MIN, '/file/terms/upload', 'terms.pdf');
    const image = await upload(u.token, PNG_1x1);
    const pdfRes = await h.app.inject({ method: 'GET', url: pdf.data.url });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toMatch(/^attachment/);
    const imageRes = await h.app.inject({ method: 'GET', url: image.data.url });
    expect(imageRes.headers['content-disposition']).toBe('inline');
    expect(imageRes.headers['x-content-type-options']).toBe('nosniff');
    // Opened on its own an image is shown as a document: the page's policy (platform/edge.ts), not a JSON answer's,
    // and its signed address never leaves in a Referer.
    expect(imageRes.headers['content-security-policy']).toMatch(/^default-src 'self';.*img-src 'self' data: blob:/);
    expect(imageRes.headers['referrer-policy']).toBe('no-referrer');
    expect(imageRes.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Beside it, on the same path, a JSON answer keeps the JSON answer's headers: a wrong signature's 404.
    const forged = await h.app.inject({ method: 'GET', url: image.data.url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('keeps the browser-given name only when it is printable', async () => {
    const u = await h.registerUser();
    const a = await upload(u.token, PNG_1x1, '/file/upload', 'scan\u0000\u001b[31m.png');
    expect(a.code).toBe(200);
    const [row] = await h.db.select().from(files).where(eq(files.id, a.data.fileId));
    expect(row?.originalName).toBe('scan[31m.png');
  });
});
