import { type RequestOf, user as userApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF_MIN, PNG_1x1, TEXT_AS_PNG } from '../../../test/fixtures.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { users } from '../../platform/db/schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

async function upload(token: string | undefined, path: string, name: string, content: Buffer, field = 'file') {
  const m = multipart(field, name, content);
  // Raw: a multipart upload (the harness's call sends JSON), sometimes with a field the contract does not name.
  const res = await h.app.inject({
    method: 'POST',
    url: `/web${path}`,
    payload: m.payload,
    headers: { ...m.headers, ...(token ? { authorization: token } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('user info', () => {
  it('carries the SPEC §3 labels and a wsUrl', async () => {
    const u = await h.registerUser({ phone: '+31612345678' });
    const res = await h.call(userApi.userInfoEndpoint, {}, { token: u.token });
    expect(res.body.data).toMatchObject({
      userId: u.user.userId,
      email: u.email,
      phone: '+31612345678',
      firstName: 'Anna',
      lastName: 'Bakker',
      country: 'NL',
      creditScore: 100,
      accountType: 2,
      invitationCode: u.user.invitationCode,
      wsUrl: expect.stringMatching(/^ws:\/\/.+\/web\/ws\/quotes$/),
    });
    expect(JSON.stringify(res.body.data)).not.toMatch(/hash/i);
  });

  it("getUserInfoById answers one's own id and 404 for anyone else's", async () => {
    const a = await h.registerUser();
    const b = await h.registerUser();
    expect((await h.call(userApi.getUserInfoById, { id: a.user.id }, { token: a.token })).body.data).toMatchObject({
      id: a.user.id,
    });
    expect((await h.call(userApi.getUserInfoById, { id: b.user.id }, { token: a.token })).body).toMatchObject({
      code: 404,
      data: null,
    });
    expect((await h.call(userApi.getUserInfoById, { id: 999999 }, { token: a.token })).body.code).toBe(404);
  });

  it("counts the people who signed up with one's own code, and of them the verified ones, for the owner only", async () => {
    const host = await h.registerUser();
    const other = await h.registerUser();
    const ask = (token: string) => h.call(userApi.referrals, {}, { token });
    expect((await ask(host.token)).body.data).toEqual({
      invitationCode: host.user.invitationCode,
      signedUp: 0,
      verified: 0,
    });
    // The code as a friend types it: any case.
    const a = await h.registerUser({ invitationCode: host.user.invitationCode.toLowerCase() });
    await h.registerUser({ invitationCode: host.user.invitationCode });
    await h.registerUser({ invitationCode: other.user.invitationCode });
    await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, a.user.id));
    expect((await ask(host.token)).body.data).toMatchObject({ signedUp: 2, verified: 1 });
    expect((await ask(other.token)).body.data).toMatchObject({ signedUp: 1, verified: 0 });
    expect((await h.post('/user/referrals', {})).status).toBe(401);
  });

  it('updates contact details and language', async () => {
    const u = await h.registerUser();
    const res = await h.call(userApi.updateProfile, { language: 'zh-Hans', city: 'Utrecht' }, { token: u.token });
    expect(res.body.data).toMatchObject({ language: 'zh-Hans', city: 'Utrecht' });
    // Raw: a language the contract's type does not allow.
    expect((await h.post('/user/profile', { language: 'fr' }, u.token)).body.code).toBe(400);
  });
});

describe('uploads', () => {
  it('stores an image under a server-made name and serves it back only by signed address', async () => {
    const u = await h.registerUser();
    const res = await upload(u.token, '/file/upload', '../../etc/passwd.png', PNG_1x1);
    expect(res.body).toMatchObject({ code: 200, data: { mime: 'image/png', size: PNG_1x1.length } });
    const { fileId, url } = res.body.data as { fileId: string; url: string };
    expect(fileId).not.toContain('passwd');
    // Raw: signed file addresses, served outside the contract's endpoints.
    const served = await h.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, PNG_1x1)).toBe(0);
    const unsigned = await h.app.inject({ method: 'GET', url: `/web/file/${fileId}` });
    expect(unsigned.statusCode).toBe(404);
    const forged = await h.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(404);
    h.clock.advance(3601_000);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('checks the real type, not the name', async () => {
    const u = await h.registerUser();
    const res = await upload(u.token, '/file/upload', 'photo.png', TEXT_AS_PNG);
    expect(res.body).toMatchObject({ code: 415, data: null });
    expect((await upload(u.token, '/file/upload', 'doc.pdf', PDF_MIN)).body.code).toBe(415);
    expect((await upload(u.token, '/file/terms/upload', 'doc.pdf', PDF_MIN)).body).toMatchObject({
      code: 200,
      data: { mime: 'application/pdf' },
    });
  });

  it('refuses files over 5 MB, the wrong field, and guests', async () => {
    const u = await h.registerUser();
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(u.token, '/file/upload', 'big.png', big);
    expect(res.body).toMatchObject({ code: 413, msg: 'The file is larger than 5 MB' });
    expect((await upload(u.token, '/file/upload', 'a.png', PNG_1x1, 'other')).body.code).toBe(400);
    expect((await upload(undefined, '/file/upload', 'a.png', PNG_1x1)).body.code).toBe(401);
    // Raw: JSON where the contract takes multipart.
    const json = await h.post('/file/upload', { file: 'x' }, u.token);
    expect(json.body.code).toBe(400);
  });
});

describe('identity verification submission', () => {
  it('submits documents the customer uploaded and waits for review', async () => {
    const u = await h.registerUser();
    const front = (await upload(u.token, '/file/upload', 'f.png', PNG_1x1)).body.data.fileId as string;
    const back = (await upload(u.token, '/file/upload', 'b.png', PNG_1x1)).body.data.fileId as string;
    const noBack = await h.call(
      userApi.updateReal,
      {
        firstName: 'Anna',
        lastName: 'Bakker',
        country: 'NL',
        idType: 'idCard',
        idNumber: 'NX1234567',
        frontFileId: front,
      },
      { token: u.token },
    );
    expect(noBack.body).toMatchObject({ code: 400, field: 'backFileId', msg: 'Please upload your credentials first' });
    const body: RequestOf<typeof userApi.updateReal> = {
      firstName: 'Anna',
      lastName: 'Bakker',
      country: 'NL',
      idType: 'idCard',
      idNumber: 'NX1234567',
      frontFileId: front,
      backFileId: back,
    };
    const res = await h.call(userApi.updateReal, body, { token: u.token });
    expect(res.body).toMatchObject({ code: 200, data: { status: 1, idType: 'idCard' } });
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: u.token })).body.data).toMatchObject({
      kycStatus: 1,
      nationalNumber: 'NX1234567',
    });
    expect((await h.call(userApi.updateReal, body, { token: u.token })).body).toMatchObject({ code: 409 });
  });

  it("refuses another customer's files", async () => {
    const a = await h.registerUser();
    const b = await h.registerUser();
    const theirs = (await upload(b.token, '/file/upload', 'p.png', PNG_1x1)).body.data.fileId as string;
    const res = await h.call(
      userApi.updateReal,
      { firstName: 'A', lastName: 'B', country: 'NL', idType: 'passport', idNumber: 'NX1234567', frontFileId: theirs },
      { token: a.token },
    );
    expect(res.body).toMatchObject({ code: 400, field: 'frontFileId' });
    expect((await h.call(userApi.userInfoEndpoint, {}, { token: a.token })).body.data).toMatchObject({ kycStatus: 0 });
  });
});

describe('reference data', () => {
  it('lists countries in the request language with dial codes', async () => {
    const en = await h.call(userApi.areaInfoList, {});
    const nl = en.body.data.find((c) => c.code === 'NL');
    expect(nl).toEqual({ code: 'NL', name: 'Netherlands', dialCode: '+31' });
    const zh = await h.call(userApi.areaInfoList, {}, { lang: 'zh-Hans' });
    expect(zh.body.data.find((c) => c.code === 'DE')?.name).toBe('德国');
    expect(en.body.data.length).toBeGreaterThan(200);
  });

  it('serves the app version and operator-editable content', async () => {
    expect((await h.call(userApi.appVersion, {})).body.data).toMatchObject({ version: '1.0.0' });
    const brand = await h.call(userApi.dictData, { type: 'brand' });
    expect(brand.body.data.map((e) => e.key)).toContain('name');
    // Raw: a dictionary type the contract's type does not allow.
    expect((await h.get('/dict/data?type=secrets')).body.code).toBe(400);
  });
});
