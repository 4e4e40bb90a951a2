/** Helpers for the browser tests: read mailed codes as a developer would (the MAIL line), name screenshots. */
import fs from 'node:fs/promises';
import {
  type APIRequestContext,
  type APIResponse,
  test as base,
  expect,
  type Page,
  type PageScreenshotOptions,
} from '@playwright/test';
import { StorageKey } from '../apps/web/src/lib/storage';

export { expect, StorageKey };

/**
 * Playwright's test, failing any test during which the app threw an uncaught error or the
 * server answered the app with a 5xx.
 */
export const test = base.extend<{ noUncaughtErrors: undefined }>({
  noUncaughtErrors: [
    async ({ page }, use) => {
      const errors = collectAppErrors(page);
      await use(undefined);
      expect(errors, 'uncaught errors in the app or 5xx answers').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * From now on, the uncaught errors of the app in `page` and the 5xx answers it gets, as they happen
 * (for pages of contexts a test opens itself; the `page` fixture is watched already).
 */
export function collectAppErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

/** Signs in to the operator console and waits until it shows the operator. */
export async function consoleSignIn(page: Page, username: string, password: string) {
  await page.goto('/console/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText(username);
}

/** A small PNG that looks like a document, drawn by the browser. */
export async function documentPng(page: Page, caption: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 428;
    canvas.height = 270;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#dfe8f1';
    g.fillRect(0, 0, 428, 270);
    g.fillStyle = '#2d5d8a';
    g.fillRect(0, 0, 428, 46);
    g.fillStyle = '#9fb3c8';
    g.fillRect(24, 70, 110, 140);
    g.fillStyle = '#1b2733';
    g.font = 'bold 22px sans-serif';
    g.fillText(text, 154, 100);
    g.font = '16px sans-serif';
    g.fillText('TEST USER', 154, 140);
    g.fillText('NX1234567', 154, 170);
    return canvas.toDataURL('image/png');
  }, caption);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** A file for `setInputFiles`: a PNG named `name`. */
export const pngFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });

/** Which server a request context talks to (its base URL, from one cheap call), remembered per context. */
const serverOfContext = new WeakMap<APIRequestContext, string>();
async function serverOf(request: APIRequestContext): Promise<string> {
  let origin = serverOfContext.get(request);
  if (!origin) {
    origin = new URL((await request.get(`${API}/appVersion/getPublishAppVersion`)).url()).origin;
    serverOfContext.set(request, origin);
  }
  return origin;
}

/**
 * An operator's console token, signed in once per server: the shared webServer, or a spec's own (own-server.ts),
 * whose sessions are its own.
 */
async function operatorToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const key = `${await serverOf(request)} ${username}`;
  const known = operatorTokens.get(key);
  if (known) return known;
  const res = await request.post(`${API}/console/login`, { data: { username, password } });
  const token = (await res.json()).data.token as string;
  operatorTokens.set(key, token);
  return token;
}
const operatorTokens = new Map<string, string>();

export const operatorLogin = (request: APIRequestContext) => operatorToken(request, 'admin', 'Admin1234!');
/** The demo reviewer's console token (queues: identity, deposits, withdrawals, block trading). */
export const operatorReviewer = (request: APIRequestContext) => operatorToken(request, 'reviewer', 'Review1234!');

/**
 * Sends an admin's console request; on a 401 signs in again once and resends: a spec's own server started again
 * with its clock days later (own-server.ts) has ended the sessions signed in before.
 */
async function asAdmin(request: APIRequestContext, send: (token: string) => Promise<APIResponse>) {
  const answer = await send(await operatorLogin(request));
  if (answer.status() !== 401) return answer;
  const server = await serverOf(request);
  for (const key of operatorTokens.keys()) if (key.startsWith(`${server} `)) operatorTokens.delete(key);
  return send(await operatorLogin(request));
}

/**
 * Funds a customer's wallet the way operators must (four eyes, docs/security.md): the demo admin proposes a
 * credit and the demo supervisor, a second operator allowed any amount, approves it. Answers the journal entry.
 */
export async function fundCustomer(
  request: APIRequestContext,
  customerId: number,
  walletType: string,
  amount: string,
  reason: string,
): Promise<number> {
  const proposed = await asAdmin(request, (admin) =>
    request.post(`/web/console/customers/${customerId}/adjustments`, {
      headers: { authorization: admin },
      data: { walletType, direction: 'credit', amount, category: 'correction', reason },
    }),
  );
  if (!proposed.ok()) throw new Error(`propose ${proposed.status()}: ${await proposed.text()}`);
  const supervisorToken = await operatorToken(request, 'supervisor', 'Super1234!');
  const id = (await proposed.json()).data.id as number;
  const approved = await request.post(`/web/console/adjustments/${id}/approve`, {
    headers: { authorization: supervisorToken, 'idempotency-key': crypto.randomUUID() },
    data: {},
  });
  if (!approved.ok()) throw new Error(`approve ${approved.status()}: ${await approved.text()}`);
  return (await approved.json()).data.entryId as number;
}

/** Where the server's mail log ends now: pass it to mailedCode to wait for a mail sent after this point. */
export async function mailMark(): Promise<number> {
  const file = process.env.E2E_MAIL_LOG_FILE;
  return file ? (await fs.stat(file).catch(() => ({ size: 0 }))).size : 0;
}

/**
 * The newest code mailed to `email` (after the `since` mark, when given), from the server's MAIL lines
 * (MAIL_LOG_FILE, set in playwright.config.ts): the console outbox keeps codes redacted, so no operator can
 * read them. A notice without a code (`code=-`, e.g. a lockout mail) is passed over.
 */
export async function mailedCode(_request: APIRequestContext, email: string, since = 0): Promise<string> {
  const file = process.env.E2E_MAIL_LOG_FILE;
  if (!file) throw new Error('E2E_MAIL_LOG_FILE is not set (playwright.config.ts sets it)');
  for (let i = 0; i < 20; i++) {
    const lines = (await fs.readFile(file).catch(() => Buffer.alloc(0))).subarray(since).toString('utf8');
    const code = lines
      .split('\n')
      .filter((line) => line.startsWith(`MAIL to=${email} `))
      .map((line) => line.match(/ code=(\d{6}) /)?.[1])
      .filter((found) => found !== undefined)
      .at(-1);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function shot(page: Page, name: string, options: Omit<PageScreenshotOptions, 'path'> = {}) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false, ...options });
}

/** A screenshot of the screen at rest: no toast on top, transitions finished. */
export const snap = (page: Page, name: string) =>
  shot(page, name, { animations: 'disabled', style: '.toast-host { visibility: hidden !important; }' });

/**
 * The page shows no untranslated text key of these namespaces (i18next shows a missing text's key, e.g.
 * 'funds.subscribe'): call it on each screen a spec visits, with the namespaces of its texts.
 */
export const noRawKeys = (page: Page, namespaces: readonly string[]) =>
  expect(page.locator('body')).not.toContainText(new RegExp(`\\b(${namespaces.join('|')})\\.[a-z][a-zA-Z]*`));

/** Waits until sheets and dialogs have faded out (antd-mobile animates them in JavaScript). */
export const overlaysGone = (page: Page) =>
  expect(page.locator('.adm-popup-body:visible, .adm-dialog:visible')).toHaveCount(0);

/**
 * Scrolls down to the sections a screen mounts only when they come near (the web app's WhenNear), until every one
 * has arrived.
 */
export async function revealDeferred(page: Page) {
  const waiting = page.getByTestId('when-near');
  await expect(async () => {
    if ((await waiting.count()) > 0) await waiting.first().scrollIntoViewIfNeeded();
    expect(await waiting.count()).toBe(0);
  }).toPass({ timeout: 10_000 });
}

/**
 * How many refusals a spec accepts before it gives up, where a total priced at a live rate or curve is confirmed: the
 * price ticks once a second, up or down, and a total that went up between the review and the confirm is refused with
 * nothing held, so each refusal is the product working. Four in a row happened on a loaded CI (2026-12-06, the HK
 * subscription in nl); eight in a row is about 1 in 256.
 */
export const MOVED_PRICE_ATTEMPTS = 8;

export const API = '/web';
export const PASSWORD = 'Secret123!';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  token: string;
}

/** How long a 429 asks to wait (its retry-after, 10 s when it names none), kept within 1-60 s. */
const retryAfterMs = (headers: Record<string, string>) =>
  Math.min(Math.max(Number(headers['retry-after'] ?? 10), 1), 60) * 1000;

/**
 * POSTs, waiting out the server's per-IP rate limit (429, retry-after) instead of failing: the
 * code and register endpoints allow about ten calls a minute from one address, and every test
 * registers its own user.
 */
export async function postRetryingRateLimit(request: APIRequestContext, url: string, data: unknown) {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post(url, { data });
    if (res.status() !== 429 || attempt === 2) return res;
    await new Promise((r) => setTimeout(r, retryAfterMs(res.headers())));
  }
}

/**
 * Taps a screen's "Send code" and waits for the server's answer, waiting out the per-IP limit of the code
 * endpoint (429, retry-after) as postRetryingRateLimit does for API calls: the specs before share the address.
 */
export async function sendCodeInPage(page: Page, button = 'Send code') {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((res) => res.url().includes('/web/getEmailCode'));
    await page.getByRole('button', { name: button }).click();
    const res = await answer;
    if (res.status() !== 429 || attempt === 2) return;
    await page.waitForTimeout(retryAfterMs(res.headers()));
  }
}

/**
 * A fresh individual account made through the API (email code from the MAIL line), for tests
 * whose subject is not registration itself.
 */
export async function registerUser(
  request: APIRequestContext,
  prefix = 'u',
  extra: { invitationCode?: string } = {},
): Promise<TestUser> {
  const userId = unique(prefix);
  const email = `${userId}@example.com`;
  const sent = await postRetryingRateLimit(request, `${API}/getEmailCode`, { email, purpose: 'register' });
  if (!sent.ok()) throw new Error(`getEmailCode ${sent.status()}: ${await sent.text()}`);
  const emailCode = await mailedCode(request, email);
  const res = await postRetryingRateLimit(request, `${API}/register`, {
    userId,
    email,
    emailCode,
    password: PASSWORD,
    firstName: 'Test',
    lastName: 'User',
    country: 'NL',
    agree: true,
    ...extra,
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (!res.ok() || !body.data) throw new Error(`register ${res.status()}: ${body.msg}`);
  return { userId, email, password: PASSWORD, token: body.data.token };
}

/** POST /api/user/info with `token`: the HTTP status and the envelope. */
export async function userInfo(
  request: APIRequestContext,
  token: string,
): Promise<{ status: number; body: { code: number; msg: string; data: Record<string, unknown> | null } }> {
  const res = await request.post(`${API}/api/user/info`, { headers: { authorization: token }, data: {} });
  return { status: res.status(), body: await res.json() };
}

/** The customer's id as the console knows it. */
export async function customerId(request: APIRequestContext, token: string): Promise<number> {
  const id = (await userInfo(request, token)).body.data?.id;
  if (typeof id !== 'number') throw new Error('no customer id');
  return id;
}

/** A 16x16 PNG, for uploads whose picture does not matter. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR4nGNkaPjPQApgIkn1qIZRDcNKAwBZOQGU2bJ1nQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads `image` as the customer with `token` (POST /file/upload); answers its file id. */
export async function uploadImage(
  request: APIRequestContext,
  token: string,
  name: string,
  image: Buffer,
): Promise<string> {
  const res = await request.post(`${API}/file/upload`, {
    headers: { authorization: token },
    multipart: { file: { name, mimeType: 'image/png', buffer: image } },
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { fileId: string } };
  if (body.code !== 200 || !body.data) throw new Error(`upload ${body.code}: ${body.msg}`);
  return body.data.fileId;
}

/**
 * Sends a passport through the API and has an operator approve it, for tests whose subject is not identity
 * review (orders and deposits need a verified identity). `holder` names the person and the passport.
 */
export async function verifyIdentity(
  request: APIRequestContext,
  user: TestUser,
  holder: { firstName: string; lastName: string; idNumber: string } = {
    firstName: 'Test',
    lastName: 'User',
    idNumber: 'NX1234567',
  },
): Promise<void> {
  const frontFileId = await uploadImage(request, user.token, 'passport.png', TINY_PNG);
  const sent = await request.post(`${API}/updateReal`, {
    headers: { authorization: user.token },
    data: { ...holder, country: 'NL', idType: 'passport', frontFileId },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const queue = await asAdmin(request, (admin) =>
    request.get(`${API}/console/kyc?q=${user.userId}`, { headers: { authorization: admin } }),
  );
  const id = (await queue.json()).data.list[0].id as number;
  const approved = await request.post(`${API}/console/kyc/${id}/approve`, {
    headers: { authorization: await operatorLogin(request) },
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}

interface DeviceState {
  /** The first-launch guide was already finished (default true). */
  launched?: boolean;
  language?: 'en' | 'nl' | 'zh-Hans';
  token?: string;
}

/**
 * What this device remembers before the app first loads: launch flag, language, login token.
 * Applied once per tab, so reloads and logouts later in the test keep what the app stored.
 */
export async function prepareDevice(page: Page, state: DeviceState = {}): Promise<void> {
  await page.addInitScript(
    ({ keys, state }) => {
      if (window.sessionStorage.getItem('e2e.prepared')) return;
      window.sessionStorage.setItem('e2e.prepared', '1');
      if (state.launched !== false) window.localStorage.setItem(keys.launched, '1');
      if (state.language) window.localStorage.setItem(keys.language, state.language);
      if (state.token) window.localStorage.setItem(keys.token, state.token);
    },
    { keys: StorageKey, state },
  );
}

/** Reads one of the app's localStorage keys. */
export function stored(page: Page, key: StorageKey): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** An operator credits one of the customer's wallets (a manual adjustment with a reason). */
export async function credit(request: APIRequestContext, user: TestUser, walletType: string, amount: string) {
  await fundCustomer(request, await customerId(request, user.token), walletType, amount, 'Test funds for the screens');
}

/** Sets the customer's transaction password (SPEC §3), as the security screen does. */
export async function setPayPassword(request: APIRequestContext, user: TestUser, payPassword: string) {
  const set = await request.post(`${API}/settingPayPassword`, {
    headers: { authorization: user.token },
    data: { payPassword },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

/** One wallet's balance as the server answers it (available and held). */
export async function walletBalance(
  request: APIRequestContext,
  user: TestUser,
  walletType: string,
): Promise<{ balance: string; usedBalance: string }> {
  const res = await request.post(`${API}/wallet/getWalletBalance`, {
    headers: { authorization: user.token },
    data: { walletType },
  });
  return (await res.json()).data[0];
}

/** A verified customer with `amount` in each `walletType` of `funds`, and the transaction password when given. */
export async function trader(
  request: APIRequestContext,
  prefix: string,
  funds: Array<[string, string]>,
  payPassword?: string,
) {
  const user = await registerUser(request, prefix);
  await verifyIdentity(request, user, { firstName: 'Test', lastName: 'Trader', idNumber: 'NX7654321' });
  if (payPassword) await setPayPassword(request, user, payPassword);
  for (const [wallet, amount] of funds) await credit(request, user, wallet, amount);
  return user;
}
