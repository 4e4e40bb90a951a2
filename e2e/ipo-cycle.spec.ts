/**
 * Issue 15, an IPO from subscription to sale (docs/primary-markets.md): the allotment comes at an offering's close
 * and the shares at its listing, days after the window, so this spec runs a server of its own (own-server.ts) three
 * times on one data folder. First on Monday 23 November 2026 at 15:30 UTC, when the seeded calendar (dated from that
 * first start) has two Hong Kong offerings open: 02791 (closes Tuesday, lists Friday) and 09831 (closes Wednesday,
 * lists Sunday), and the US one NWRB (closes Thursday, lists Saturday). Three customers, one per language (en, nl,
 * zh-Hans), subscribe on the ticket; a fourth (en) subscribes to 09831 with IPO financing, more than its wallet could
 * hold outright. Then the server is stopped and started again on Thursday 26 November at 02:00 UTC, after both Hong
 * Kong closes and before any listing: its job allots as it catches up (ballot, undersubscribed: every lot asked for),
 * and the financed subscription waits for its make-up, which the customer pays in the browser (refused first while
 * the wallet is short, with nothing moved). Then a third start on Monday 30 November at 02:00 UTC, in Hong Kong's
 * morning session: both Hong Kong offerings and NWRB have listed while it was down. Each customer sees the allotment
 * and the delivery in the subscription tab, the position from the listing in the trade centre, and sells the shares,
 * in their language; the financed shares are a position too; and NWRB is quoted, charted and takes an order (a limit
 * order that waits, the US market being closed at that hour). Registration, identity approval and the money come
 * through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { freshDataDir, type OwnServer, ownPort, removeDataDir, startServer } from './own-server';
import {
  API,
  credit,
  expect,
  MOVED_PRICE_ATTEMPTS,
  overlaysGone,
  PASSWORD,
  prepareDevice,
  StorageKey,
  snap,
  type TestUser,
  test,
  trader,
  walletBalance,
} from './support';

const SUBSCRIBING = '2026-11-23T15:30:00Z';
/** After both Hong Kong closes (Tuesday and Wednesday 04:00 UTC), before any listing and the make-up's deadline. */
const MIDWEEK = '2026-11-26T02:00:00Z';
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
/**
 * The financed subscription: 4 lots of 09831 (2,000 shares at up to 7.60 HKD, about 1,700 EUR in the Subscriptions
 * wallet) from a wallet of 500 EUR, which carries the published deposit (20 %) and the fee but not the whole amount.
 */
const FINANCED = { code: '09831', lots: 4, lotSize: 500, wallet: '500', topUp: '2000' } as const;
const texts = (language: Language) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/locales/${language}.json`), 'utf8'));

let dataDir = '';
let server: OwnServer | undefined;
const users = new Map<Language, TestUser>();
let financedUser: TestUser | undefined;

interface SubscriptionRow {
  code: string;
  status: string;
  settleStatus: string | null;
  allottedQuantity: number | null;
  financed: boolean;
  makeUp: string | null;
}

async function subscriptions(request: APIRequestContext, user: TestUser): Promise<SubscriptionRow[]> {
  const res = await request.post(`${API}/position/subscription`, {
    headers: { authorization: user.token },
    data: { page: 1, pageSize: 20 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { list: SubscriptionRow[] } }).data.list;
}

/** After days without a visit the session may have ended: the customer signs in again. */
async function signIn(request: APIRequestContext, user: TestUser) {
  const login = await request.post(`${API}/loginByUsername`, { data: { username: user.userId, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  user.token = ((await login.json()) as { data: { token: string } }).data.token;
}

/** Waits for the primary-markets job (every PRIMARY_JOB_MS) to bring the customer's subscription to `state`. */
async function subscriptionReaches(
  request: APIRequestContext,
  user: TestUser,
  code: string,
  state: Partial<SubscriptionRow>,
) {
  await expect
    .poll(async () => (await subscriptions(request, user)).find((s) => s.code === code), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toMatchObject(state);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  dataDir = freshDataDir();
  server = await startServer({ port, dataDir, clockStart: SUBSCRIBING });
  for (const run of RUNS)
    users.set(run.language, await trader(request, `ipo${run.language.slice(0, 2)}`, [['SUBSCRIPTION', '3000']]));
  financedUser = await trader(request, 'ipofi', [['SUBSCRIPTION', FINANCED.wallet]]);
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
      expect(attempt).toBeLessThan(MOVED_PRICE_ATTEMPTS);
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

test(`subscribe to ${FINANCED.code} with IPO financing, beyond what the wallet holds, in en`, async ({
  page,
  request,
}) => {
  const user = financedUser;
  if (!user) throw new Error('no customer');
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto(`/#/pages/hkstock/payipo?code=${FINANCED.code}&source=5&name=${FINANCED.code}`);
  await expect(page.getByTestId('ipo-ticket-offering')).toHaveAttribute('data-code', FINANCED.code, {
    timeout: 30_000,
  });
  for (let lot = 1; lot < FINANCED.lots; lot++) await page.getByTestId('ipo-lots-plus').click();
  await expect(page.getByTestId('ipo-lots')).toHaveValue(String(FINANCED.lots));
  // The terms and the deadline are written out before anything is chosen.
  await expect(page.getByTestId('ipo-financing')).toContainText('20%');
  await page.getByTestId('ipo-financing-choice').check();
  await expect(page.getByTestId('ipo-makeup')).toHaveText(/\d/);
  await snap(page, 'ipo-cycle-en-financing-ticket');
  await page.getByTestId('ipo-submit').click();
  for (let attempt = 0; ; attempt++) {
    await expect(page.getByTestId('confirm-sheet')).toBeVisible();
    await expect(page.getByTestId('confirm-makeup')).toHaveText(/\d/);
    const answered = page.waitForResponse((r) => r.url().includes('/web/NewShares/create'));
    await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
    const body = (await (await answered).json()) as { code: number; reason?: string };
    if (body.code === 200) break;
    expect(body.reason).toBe('offeringTotalAboveTicket');
    expect(attempt).toBeLessThan(MOVED_PRICE_ATTEMPTS);
    await page.getByTestId('ipo-error-review').click();
  }
  await expect(page.getByTestId('ipo-result')).toBeVisible();
  const [mine] = await subscriptions(request, user);
  expect(mine).toMatchObject({ code: FINANCED.code, status: 'subscribed', financed: true });
  // Only the deposit and the fee are held, inside the wallet's 500.
  const wallet = await walletBalance(request, user, 'SUBSCRIPTION');
  expect(Number(wallet.usedBalance)).toBeGreaterThan(0);
  expect(Number(wallet.usedBalance)).toBeLessThan(Number(FINANCED.wallet));
});

test('mid-week: the allotment at the close, and the make-up paid in the browser before its deadline', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await server?.stop();
  server = await startServer({ port, dataDir, clockStart: MIDWEEK });
  const user = financedUser;
  if (!user) throw new Error('no customer');
  await signIn(request, user);
  await subscriptionReaches(request, user, FINANCED.code, {
    status: 'pendingPayment',
    allottedQuantity: FINANCED.lots * FINANCED.lotSize,
  });

  // The make-up due, with Pay, in the subscription tab; the same row in Dutch and Chinese for the screenshots.
  await prepareDevice(page, { token: user.token, language: 'en' });
  const row = page.locator(`[data-testid="subscription-row"][data-code="${FINANCED.code}"]`);
  await page.goto('/#/pages/trade/index?tab=subscription');
  for (const language of ['nl', 'zh-Hans', 'en'] as const) {
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
      key: StorageKey.language,
      value: language,
    });
    await page.reload();
    await expect(row).toHaveAttribute('data-status', 'pendingPayment', { timeout: 30_000 });
    await expect(row.getByTestId('ipo-state')).toHaveText(texts(language).ipo.states.pendingPayment);
    await expect(page.getByTestId('ipo-makeup-due')).toBeVisible();
    await snap(page, `ipo-cycle-${language}-makeup-due`);
  }

  // The wallet does not carry the make-up yet: refused, translated, with a transfer offered, and nothing moves.
  const before = await walletBalance(request, user, 'SUBSCRIPTION');
  await page.getByTestId('ipo-pay').click();
  await expect(page.getByTestId('pay-makeup')).toHaveText(/\d/);
  await snap(page, 'ipo-cycle-en-makeup-confirm');
  await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
  await expect(page.getByTestId('trade-error')).toBeVisible();
  await expect(page.getByTestId('trade-error-transfer')).toBeVisible();
  await overlaysGone(page);
  await snap(page, 'ipo-cycle-en-makeup-short');
  expect(await walletBalance(request, user, 'SUBSCRIPTION')).toEqual(before);
  await subscriptionReaches(request, user, FINANCED.code, { status: 'pendingPayment' });

  // Money arrives in the wallet (an operator's credit stands for the customer's deposit), and Pay goes through.
  await credit(request, user, 'SUBSCRIPTION', FINANCED.topUp);
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'pendingPayment', { timeout: 30_000 });
  await page.getByTestId('ipo-pay').click();
  const paid = page.waitForResponse((r) => r.url().includes('/web/NewShares/pay'));
  await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
  expect(((await (await paid).json()) as { code: number }).code).toBe(200);
  await expect(page.getByTestId('ipo-makeup-paid')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'allotted');
  await expect(row.getByTestId('ipo-settle')).toHaveAttribute('data-settle', 'toBeSettled');
  await overlaysGone(page);
  await snap(page, 'ipo-cycle-en-makeup-paid');
  // Nothing is held any more: the deposit and the make-up paid for the shares.
  expect(Number((await walletBalance(request, user, 'SUBSCRIPTION')).usedBalance)).toBe(0);
});

test('a few days pass while the server is down: it lists as it catches up', async ({ request }) => {
  test.setTimeout(240_000);
  await server?.stop();
  server = await startServer({ port, dataDir, clockStart: LISTED });
  for (const run of RUNS) {
    const user = users.get(run.language);
    if (!user) throw new Error('no customer');
    await signIn(request, user);
    // The primary-markets job allots at the close and delivers at the listing (every PRIMARY_JOB_MS).
    await subscriptionReaches(request, user, run.code, {
      status: 'allotted',
      settleStatus: 'settled',
      allottedQuantity: run.lots * run.lotSize,
    });
  }
  if (!financedUser) throw new Error('no customer');
  await signIn(request, financedUser);
  await subscriptionReaches(request, financedUser, FINANCED.code, {
    status: 'allotted',
    settleStatus: 'settled',
    allottedQuantity: FINANCED.lots * FINANCED.lotSize,
  });
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

test(`the financed ${FINANCED.code}: paid in full, delivered as a position at the listing`, async ({ page }) => {
  const user = financedUser;
  if (!user) throw new Error('no customer');
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/trade/index?tab=holdings');
  const position = page.locator(`[data-testid="position-row"][data-code="${FINANCED.code}"]`);
  await expect(position).toHaveCount(1, { timeout: 30_000 });
  await position.click();
  await expect(page.getByTestId('position-detail')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('fact-quantity')).toHaveText((FINANCED.lots * FINANCED.lotSize).toLocaleString('en'));
  await snap(page, 'ipo-cycle-en-financed-position');
});

test('the US offering NWRB listed on Saturday: quoted, charted, and its ticket takes an order', async ({
  page,
  request,
}) => {
  const user = await trader(request, 'ipous', [['US_STOCK', '5000']]);
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/quote/stock?name=NWRB&code=NWRB&source=0');
  await expect(page.getByTestId('quote-last')).toHaveText(/\d/, { timeout: 30_000 });
  // 02:00 UTC on a Monday: New York is closed (its pre-market opens at 09:00 UTC).
  await expect(page.getByTestId('market-phase')).toHaveAttribute('data-phase', 'closed');
  await expect(page.getByTestId('quote-stats')).toBeVisible();
  await page.getByTestId('range-1D').click();
  await expect(page.locator('canvas').first()).toBeVisible();
  await snap(page, 'ipo-cycle-en-nwrb-quote');

  await page.getByTestId('buy').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?.*code=NWRB/);
  await expect(page.getByTestId('ticket-quote')).toContainText('NWRB');
  await expect(page.getByTestId('ticket-market-closed')).toBeVisible();
  // The closed market puts the ticket on a limit order at the price it would fill at now.
  await expect(page.getByTestId('ticket-price').locator('input')).toHaveValue(/^\d+\.\d{2}$/);
  await page.getByTestId('ticket-quantity').locator('input').fill('10');
  await expect(page.getByTestId('ticket-total')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await overlaysGone(page);
  await snap(page, 'ipo-cycle-en-nwrb-ticket');
  await page.getByTestId('ticket-submit').click();
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '0');
  await page.getByTestId('result-trade').click();
  await expect(page).toHaveURL(/tab=entrusted/);
  const order = page.getByTestId('order-row');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('NWRB');
  await snap(page, 'ipo-cycle-en-nwrb-order');
  expect(Number((await walletBalance(request, user, 'US_STOCK')).usedBalance)).toBeGreaterThan(0);
});
