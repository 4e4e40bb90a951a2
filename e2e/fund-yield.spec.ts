/**
 * A fund's daily yield in the browser once a day has passed (issue 16; docs/fixed-income.md "Funds"). The shared
 * server's clock runs in real time, so funds.spec.ts only ever sees a daily yield of 0.00; this spec runs a server of
 * its own (own-server.ts) twice on one data folder. First on Monday 23 November 2026 at 10:00 UTC: three customers (en,
 * nl, zh-Hans) with a transaction password and a funded Funds wallet subscribe to a Regular (KM-FIX365, 2.60 %) and
 * to the Current (KM-LIQ). Then the server is stopped and started again on Wednesday 25 November at 01:00 UTC: its
 * funds job catches up with Tuesday 24 November, the orders' value date, their first full day. Each customer opens
 * yinmutual/myhold in their language and sees yesterday's income above zero, as the server counts it, and each
 * order's last day's interest; the Regular's to the cent (5,000 × 2.6 % / 365 = 0.356…, rounded down: 0.35).
 */
import type { APIRequestContext } from '@playwright/test';
import { freshDataDir, type OwnServer, ownPort, removeDataDir, startServer } from './own-server';
import { API, expect, noRawKeys, prepareDevice, snap, type TestUser, test, trader } from './support';

const SUBSCRIBING = '2026-11-23T10:00:00Z';
/** Tuesday 24 November, the value date, has been a full day since 00:00 UTC. */
const NEXT_DAY = '2026-11-25T01:00:00Z';
const PAY = '246810';
const port = ownPort(13);
test.use({ baseURL: `http://localhost:${port}` });
test.describe.configure({ mode: 'serial' });

const LANGUAGES = ['en', 'nl', 'zh-Hans'] as const;
type Language = (typeof LANGUAGES)[number];

let dataDir = '';
let server: OwnServer | undefined;
const users = new Map<Language, TestUser>();

async function call<T>(request: APIRequestContext, user: TestUser, path: string, data: object, key?: string) {
  const res = await request.post(`${API}${path}`, {
    headers: { ...(user.token ? { authorization: user.token } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  dataDir = freshDataDir();
  server = await startServer({ port, dataDir, clockStart: SUBSCRIBING });
  const products = await call<{ list: Array<{ id: number; code: string; annualRate: string }> }>(
    request,
    { token: '' } as TestUser,
    '/user_fund_orders/productPageList',
    { page: 1, pageSize: 50 },
  );
  const product = (code: string) => {
    const found = products.list.find((p) => p.code === code);
    if (!found) throw new Error(`no ${code}`);
    return found;
  };
  for (const language of LANGUAGES) {
    const user = await trader(request, `fy${language.slice(0, 2)}`, [['FINANCIAL', '12000']], PAY);
    users.set(language, user);
    const regular = product('KM-FIX365');
    await call(
      request,
      user,
      '/user_fund_orders/create',
      { productId: regular.id, amount: '5000', annualRate: regular.annualRate, payPassword: PAY },
      crypto.randomUUID(),
    );
    await call(
      request,
      user,
      '/user_fund_orders/create',
      { productId: product('KM-LIQ').id, amount: '5000', payPassword: PAY },
      crypto.randomUUID(),
    );
  }
  // A day and a half later: the server was down meanwhile, and its job catches up when it starts.
  await server.stop();
  server = await startServer({ port, dataDir, clockStart: NEXT_DAY });
});

test.afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

/** "0.71" as the screen writes it in any of the three languages (0.71 or 0,71). */
const shown = (amount: string) => new RegExp(amount.replace('.', '[.,]'));

for (const language of LANGUAGES) {
  test(`yesterday's income is above zero on yinmutual/myhold, in ${language}`, async ({ page, request }) => {
    const user = users.get(language);
    if (!user) throw new Error('no customer');
    // The job's first pass after the start: poll until Tuesday is accrued for both orders (the job accrues them one
    // by one, so a first positive total can be the Regular's alone: CI of ed95bd7 read 0.35, then the screen 0.71).
    type Orders = { list: Array<{ code: string; dailyIncome: string; income: string }> };
    let orders: Orders = { list: [] };
    await expect
      .poll(
        async () => {
          orders = await call<Orders>(request, user, '/user_fund_orders/pageList', { page: 1, pageSize: 10 });
          return orders.list.filter((o) => Number(o.dailyIncome) > 0).length;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe(2);
    const stat = await call<{ dailyYield: string; totalIncome: string }>(request, user, '/user_fund_orders/stat', {});
    expect(Number(stat.dailyYield)).toBeGreaterThan(0);
    const regular = orders.list.find((o) => o.code === 'KM-FIX365');
    expect(regular?.dailyIncome).toBe('0.35');
    const current = orders.list.find((o) => o.code === 'KM-LIQ');
    expect(Number(current?.dailyIncome)).toBeGreaterThan(0);

    await prepareDevice(page, { token: user.token, language });
    await page.goto('/#/pages/yinmutual/myhold');
    await expect(page.getByTestId('fund-stat-daily')).toHaveText(shown(stat.dailyYield), { timeout: 30_000 });
    await expect(page.getByTestId('fund-stat-income')).toHaveText(shown(stat.totalIncome));
    const rows = page.locator('[data-testid="fund-order"][data-state="inProgress"]');
    await expect(rows).toHaveCount(2);
    for (const daily of [regular?.dailyIncome ?? '', current?.dailyIncome ?? '']) {
      await expect(
        rows
          .getByTestId('fund-order-daily')
          .filter({ hasText: shown(daily) })
          .first(),
      ).toBeVisible();
    }
    await noRawKeys(page, ['funds', 'routes']);
    await snap(page, `fund-yield-${language}-myhold`);
  });
}
