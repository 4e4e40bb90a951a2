/**
 * Issue 15, an IPO from subscription to sale (docs/primary-markets.md): the allotment comes at an offering's close
 * and the shares at its listing, days after the window, so this spec runs a server of its own (own-server.ts) twice
 * on one data folder. First on Monday 23 November 2026 at 15:30 UTC, when the seeded calendar (dated from that first
 * start) has two Hong Kong offerings open: 02791 (closes Tuesday, lists Friday) and 09831 (closes Wednesday, lists
 * Sunday). Three customers, one per language (en, nl, zh-Hans), subscribe on the ticket. Then the server is stopped
 * and started again with its clock on Monday 30 November at 02:00 UTC, in Hong Kong's morning session: the week passed
 * while it was down, and its job allots (ballot, undersubscribed: every lot asked for) and lists both offerings as it
 * catches up. Each customer sees the allotment and the delivery in the subscription tab, the position from the
 * listing in the trade centre, and sells the shares, in their language. Registration, identity approval and the money
 * come through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { freshDataDir, type OwnServer, ownPort, removeDataDir, startServer } from './own-server';
import { API, expect, overlaysGone, PASSWORD, prepareDevice, snap, type TestUser, test, trader } from './support';

const SUBSCRIBING = '2026-11-23T15:30:00Z';
/** A week on: after both offerings' close and listing, inside Hong Kong's morning session (01:30-04:00 UTC). */
const LISTED = '2026-11-30T02:00:00Z';
const port = ownPort(12);
test.use({ baseURL: `http://localhost:${port}` });
test.describe.configure({ mode: 'serial' });

const RUNS = [
  { language: 'en', code: '09831', lots: 1, lotSize: 500 },
  { language: 'nl', code: '02791', lots: 2, lotSize: 200 },
  { language: 'zh-Hans', code: '09831', lots: 1, lotSize: 500 },
] as const;
type Language = (typeof RUNS)[number]['language'];
const texts = (language: Language) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/locales/${language}.json`), 'utf8'));

let dataDir = '';
let server: OwnServer | undefined;
const users = new Map<Language, TestUser>();

interface SubscriptionRow {
  code: string;
  status: string;
  settleStatus: string | null;
  allottedQuantity: number | null;
}

async function subscriptions(request: APIRequestContext, user: TestUser): Promise<SubscriptionRow[]> {
  const res = await request.post(`${API}/position/subscription`, {
    headers: { authorization: user.token },
    data: { page: 1, pageSize: 20 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { list: SubscriptionRow[] } }).data.list;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  dataDir = freshDataDir();
  server = await startServer({ port, dataDir, clockStart: SUBSCRIBING });
  for (const run of RUNS)
    users.set(run.language, await trader(request, `ipo${run.language.slice(0, 2)}`, [['SUBSCRIPTION', '3000']]));
});

test.afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

for (const run of RUNS) {
  test(`subscribe to ${run.code} while its window is open, in ${run.language}`, async ({ page }) => {
    const user = users.get(run.language);
    if (!user) throw new Error('no customer');
    const t = texts(run.language).ipo;
    await prepareDevice(page, { token: user.token, language: run.language });
    await page.goto(`/#/pages/hkstock/payipo?code=${run.code}&source=5&name=${run.code}`);
    await expect(page.getByTestId('ipo-ticket-offering')).toHaveAttribute('data-code', run.code, { timeout: 30_000 });
    for (let lot = 1; lot < run.lots; lot++) await page.getByTestId('ipo-lots-plus').click();
    await expect(page.getByTestId('ipo-lots')).toHaveValue(String(run.lots));
    await page.getByTestId('ipo-submit').click();
    // The rate is live: when it moved above the total shown, nothing is held and the customer confirms the new figure.
    for (let attempt = 0; ; attempt++) {
      await expect(page.getByTestId('confirm-sheet')).toBeVisible();
      const answered = page.waitForResponse((r) => r.url().includes('/web/NewShares/create'));
      await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
      const body = (await (await answered).json()) as { code: number; reason?: string };
      if (body.code === 200) break;
      expect(body.reason).toBe('offeringTotalAboveTicket');
      expect(attempt).toBeLessThan(3);
      await page.getByTestId('ipo-error-review').click();
    }
    await expect(page.getByTestId('ipo-result')).toBeVisible();
    await page.getByTestId('ipo-result-subscriptions').click();
    await expect(page.getByTestId('subscription-detail')).toHaveAttribute('data-status', 'subscribed');
    await page.getByTestId('subscription-sheet').locator('.sheet__close').click();
    await overlaysGone(page);
    const mine = page.locator(`[data-testid="subscription-row"][data-code="${run.code}"]`);
    await expect(mine).toHaveAttribute('data-status', 'subscribed');
    await expect(mine.getByTestId('ipo-state')).toHaveText(t.states.subscribed);
    await snap(page, `ipo-cycle-${run.language}-subscribed`);
  });
}

test('a week passes while the server is down: it allots and lists as it catches up', async ({ request }) => {
  test.setTimeout(240_000);
  await server?.stop();
  server = await startServer({ port, dataDir, clockStart: LISTED });
  for (const run of RUNS) {
    const user = users.get(run.language);
    if (!user) throw new Error('no customer');
    // A week without a visit ends the session: the customer signs in again.
    const login = await request.post(`${API}/loginByUsername`, { data: { username: user.userId, password: PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
    user.token = ((await login.json()) as { data: { token: string } }).data.token;
    // The primary-markets job allots at the close and delivers at the listing (every PRIMARY_JOB_MS).
    await expect
      .poll(async () => (await subscriptions(request, user)).find((s) => s.code === run.code), {
        timeout: 60_000,
        intervals: [1000],
      })
      .toMatchObject({ status: 'allotted', settleStatus: 'settled', allottedQuantity: run.lots * run.lotSize });
  }
});

for (const run of RUNS) {
  test(`${run.code}: the allotment, the position from the listing, and selling it, in ${run.language}`, async ({
    page,
  }) => {
    test.slow();
    const user = users.get(run.language);
    if (!user) throw new Error('no customer');
    const t = texts(run.language);
    const shares = run.lots * run.lotSize;
    await prepareDevice(page, { token: user.token, language: run.language });

    // ---------------------------------------------------------------- the subscription tab: allotted and delivered
    await page.goto('/#/pages/trade/index?tab=subscription');
    const mine = page.locator(`[data-testid="subscription-row"][data-code="${run.code}"]`);
    await expect(mine).toHaveAttribute('data-status', 'allotted', { timeout: 30_000 });
    await expect(mine.getByTestId('ipo-state')).toHaveText(t.ipo.states.allotted);
    await expect(mine.getByTestId('ipo-settle')).toHaveAttribute('data-settle', 'settled');
    await expect(mine.getByTestId('ipo-settle')).toHaveText(t.ipo.settle.settled);
    await expect(mine.getByTestId('subscription-quantity')).toContainText('→');
    await snap(page, `ipo-cycle-${run.language}-allotted`);

    // ---------------------------------------------------------------- the position the listing delivered
    await page.goto('/#/pages/trade/index?tab=holdings');
    const position = page.locator(`[data-testid="position-row"][data-code="${run.code}"]`);
    await expect(position).toHaveCount(1);
    await snap(page, `ipo-cycle-${run.language}-holdings`);
    await position.click();
    await expect(page.getByTestId('position-detail')).toHaveAttribute('data-status', '1');
    await expect(page.getByTestId('fact-quantity')).toHaveText(shares.toLocaleString(localeOf(run.language)));
    await snap(page, `ipo-cycle-${run.language}-position`);

    // ---------------------------------------------------------------- sell every share at market (Hong Kong is open)
    await page.getByTestId('detail-close').click();
    await expect(page).toHaveURL(/#\/pages\/payment\/close\?/);
    await page.getByTestId('close-submit').click();
    await expect(page.getByTestId('confirm-close-quantity')).toBeVisible();
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('close-result')).toBeVisible();
    // All of it: nothing remains open.
    await expect(page.getByTestId('close-remaining')).toHaveCount(0);
    await expect(page.getByTestId('close-net')).toHaveText(/\d/);
    await snap(page, `ipo-cycle-${run.language}-sold`);
    await page.getByTestId('close-to-closed').click();
    await expect(page.locator(`[data-testid="closed-row"][data-code="${run.code}"]`)).toHaveCount(1);
    await page.goto('/#/pages/trade/index?tab=holdings');
    await expect(page.locator(`[data-testid="position-row"][data-code="${run.code}"]`)).toHaveCount(0);
  });
}

const localeOf = (language: Language) => (language === 'zh-Hans' ? 'zh-CN' : language);
