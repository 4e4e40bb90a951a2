/**
 * Accessibility (issue 13): axe checks every built route of the customer app in English, Dutch and Chinese
 * and fails on any serious or critical violation. The routes come from the app's own route table and page
 * files (apps/web/src/app), so a new screen is checked without touching this file. Public routes are seen
 * as a guest, the others signed in as the demo customer; routes that show one thing get a seeded one (a
 * deposit channel, a message) or one made here (a position of the demo customer).
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { pagesByRoute } from '../apps/web/src/app/pageFiles';
import { paths } from '../apps/web/src/app/paths';
import { findRoute } from '../apps/web/src/app/routes';
import { API, customerId, expect, fundCustomer, prepareDevice, StorageKey, test } from './support';

const LANGUAGES = ['en', 'nl', 'zh-Hans'] as const;

/** The built routes, found as the router finds them: the page files (parts and tests are not routes). */
function builtRoutes(): string[] {
  const root = path.join(import.meta.dirname, '../apps/web/src/pages');
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx') && !/(^|\/)parts\//.test(file));
  return [...pagesByRoute(files.map((file) => `../pages/${file}`)).keys()].sort();
}

interface Seeded {
  token: string;
  channels: Array<{ id: number; type: string }>;
  messageId: number;
  position: { id: number; stockName: string; stockCode: string; source: number; direction: number };
}

async function call<T>(request: APIRequestContext, token: string, url: string, data: unknown = {}): Promise<T> {
  const res = await request.post(`${API}${url}`, {
    headers: { authorization: token, 'idempotency-key': crypto.randomUUID() },
    data,
  });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The demo customer's token and the things its screens show one of. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const login = await request.post(`${API}/loginByUsername`, { data: { username: 'demo', password: 'Demo1234!' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const channels = await call<Seeded['channels']>(request, token, '/recharge/currency/selectList');
  const inbox = await request.get(`${API}/userMessage/getMessage`, { headers: { authorization: token } });
  const messageId = ((await inbox.json()) as { data: { list: Array<{ id: number }> } }).data.list[0]?.id ?? 0;
  // One share of AAPL, so trade/detail and payment/close have a position to show.
  await fundCustomer(request, await customerId(request, token), 'US_STOCK', '1000', 'Accessibility test position');
  const ticket = { stockCode: 'AAPL', direction: 0 };
  const { termsVersion } = await call<{ termsVersion: string }>(request, token, '/position/getHalfOrFullNum', ticket);
  const order = await call<{ position: Seeded['position'] | null }>(request, token, '/stock/create', {
    ...ticket,
    orderType: 0,
    quantity: 1,
    termsVersion,
  });
  if (!order.position) throw new Error('the demo order did not fill');
  return { token, channels, messageId, position: order.position };
}

/** The URL a route is checked at: its path, with the query of a thing to show where it needs one. */
function urlOf(route: string, s: Seeded): string {
  const channel = (type: string) => s.channels.find((c) => c.type === type)?.id ?? s.channels[0]?.id ?? 0;
  const aapl = { name: 'Apple', code: 'AAPL', source: 0 };
  const queries: Record<string, string> = {
    '/pages/quote/stock': paths.quoteStock(aapl),
    '/pages/quote/future': paths.quote({ name: 'Gold', stock_code: 'GC', source: 3, kind: 'future' }),
    '/pages/quote/forex': paths.quote({ name: 'EUR/USD', stock_code: 'EURUSD', source: 2, kind: 'forex' }),
    '/pages/quote/globalindex': paths.quote({ name: 'S&P 500', stock_code: 'SPX', source: 99, kind: 'index' }),
    '/pages/hkstock/quote': paths.hkQuote({ name: 'Tencent', code: '00700', source: 11 }),
    '/pages/payment/stock': paths.ticket({ name: 'Apple', stock_code: 'AAPL', source: 0, kind: 'stock' }, 0),
    '/pages/payment/future': paths.ticket({ name: 'Gold', stock_code: 'GC', source: 3, kind: 'future' }, 0),
    '/pages/payment/forex': paths.ticket({ name: 'EUR/USD', stock_code: 'EURUSD', source: 2, kind: 'forex' }, 1),
    '/pages/trade/detail': paths.tradeDetail(s.position, 'position'),
    '/pages/payment/close': paths.close(s.position),
    '/pages/deposit/wallet': paths.depositWallet({ channelId: channel('crypto') }),
    '/pages/deposit/fiat': paths.depositFiat({ channelId: channel('bank') }),
    '/pages/notice/detail': paths.notice({ id: s.messageId }),
    // Offerings of the seeded calendar that are open on a fresh start (modules/primary/calendar.ts).
    '/pages/payment/newstock': paths.ipoTicket({ name: 'NWRB', code: 'NWRB', market: 'US' }),
    '/pages/hkstock/payipo': paths.ipoTicket({ name: '09831', code: '09831', market: 'HK' }),
  };
  return queries[route] ?? route;
}

/**
 * Waits until the screen at `url` is the one up and has its content: no splash, no loading state, no progress bar. A
 * route change commits in a transition, so the screen left stays up while the next one's code loads. Read at once, 11
 * of the 36 guest routes still showed the screen before (6 Dec 2026, the login and registration screens among them):
 * without this wait a screen's findings could be charged to the next URL, or a screen passed over.
 */
async function settled(page: Page, url: string) {
  await expect(page.locator('.app__body')).toHaveAttribute('data-screen', url.split('?')[0] ?? url);
  await expect(page.locator('.splash, .top-progress, [aria-busy="true"], .adm-skeleton')).toHaveCount(0);
  // The screen's slide-in (theme.css `page-in`) fades it from transparent: checked mid-way, its text's contrast is
  // not the one the customer reads (a flaky color-contrast on 4 Dec). The finite animations are let end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits until the app has rendered its first screen. Its router starts listening for hash changes only then: a hash
 * set while the first render was under way went unseen (6 Dec 2026, the first signed-in route after the reload).
 */
const appUp = (page: Page) => expect(page.locator('.app__body')).toHaveAttribute('data-screen', /^\//);

/** Serious and critical violations on the screen at `url`, one line each. */
async function violations(page: Page, url: string): Promise<string[]> {
  // The guide shows only until a first launch has finished it (pages/index/guide.tsx); prepareDevice marks it done.
  if (url === paths.guide()) await page.evaluate((key) => window.localStorage.removeItem(key), StorageKey.launched);
  // In-app navigation (the hash router), as a tap would: no reload per screen.
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, url);
  await settled(page, url);
  // Legacy mode: axe runs in the page itself. The default (runPartial) finishes every run in a blank page of its own,
  // opened and closed per call, for the sake of cross-origin frames, which the app has none of: the same findings
  // (checked on 5 Dec 2026 with faults planted on 11 screens), in 1.3 min instead of 2.3 for a language's 81 routes.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${url}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  if (process.env.A11Y_DEBUG) console.log(url, found);
  return found;
}

let seeded: Seeded;
test.beforeAll(async ({ request }) => {
  seeded = await seed(request);
});

for (const language of LANGUAGES) {
  test(`every built route in ${language} has no serious or critical axe violation`, async ({ page }) => {
    // A11Y_ROUTES=<regex> checks only the matching routes (while fixing one screen).
    const only = new RegExp(process.env.A11Y_ROUTES ?? '');
    const routes = builtRoutes().filter((route) => only.test(route));
    // Each route takes about 1 s on CI's machine (one axe pass after the screen settles): the time grows with the
    // route table, so a fixed timeout (test.slow(): 3 min) ran out once the primary-market screens were added.
    test.setTimeout(60_000 + routes.length * 5_000);
    const found: string[] = [];
    await prepareDevice(page, { language });
    await page.goto('/');
    await appUp(page);
    for (const route of routes.filter((r) => !findRoute(r)?.auth))
      found.push(...(await violations(page, urlOf(route, seeded))));
    await page.evaluate((s) => window.localStorage.setItem(s.key, s.token), {
      key: StorageKey.token,
      token: seeded.token,
    });
    await page.reload();
    await appUp(page);
    for (const route of routes.filter((r) => findRoute(r)?.auth))
      found.push(...(await violations(page, urlOf(route, seeded))));
    expect(found).toEqual([]);
  });
}
