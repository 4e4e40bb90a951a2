/**
 * Issue 15 in the browser: the demo customer (verified, README "Demo logins") opens the IPO centre, filters it,
 * subscribes to an open offering on its ticket (whole lots, the hold in the Subscriptions wallet, the allotment
 * rule, a confirmation before the hold) and finds the subscription, with its state and the money held, in the trade
 * centre's subscription tab and its detail; in English, Dutch and Chinese, one open offering each (the seeded
 * calendar has one open US and two open Hong Kong offerings, docs/primary-markets.md). The Subscriptions wallet is
 * funded by an operator first (four eyes, as the other specs do).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  customerId,
  expect,
  fundCustomer,
  MOVED_PRICE_ATTEMPTS,
  noRawKeys,
  overlaysGone,
  prepareDevice,
  test,
} from './support';

/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['ipo', 'trading', 'routes'];

/** A screenshot at rest; E2E_SHOTS_DIR keeps them out of the shared test-results folder. */
const snap = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'test-results/screens'}/${name}.png`,
    animations: 'disabled',
    style: '.toast-host { visibility: hidden !important; }',
  });

let token = '';

async function demoToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(`${API}/loginByUsername`, { data: { username: 'demo', password: 'Demo1234!' } });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

test.beforeAll(async ({ request }) => {
  token = await demoToken(request);
  await fundCustomer(request, await customerId(request, token), 'SUBSCRIPTION', '20000', 'IPO subscription test funds');
});

const RUNS = [
  {
    language: 'en',
    code: 'NWRB',
    market: 'US',
    words: { subscribe: 'Subscribe', review: 'Review subscription', done: 'Subscribed', tab: 'Subscriptions' },
  },
  {
    language: 'nl',
    code: '09831',
    market: 'HK',
    words: {
      subscribe: 'Inschrijven',
      review: 'Inschrijving controleren',
      done: 'Ingeschreven',
      tab: 'Inschrijvingen',
    },
  },
  {
    language: 'zh-Hans',
    code: '02791',
    market: 'HK',
    words: { subscribe: '认购', review: '确认认购信息', done: '认购成功', tab: '认购' },
  },
] as const;

for (const run of RUNS) {
  test(`subscribe to an open IPO and find it in the subscription tab, in ${run.language}`, async ({ page }) => {
    test.slow();
    await prepareDevice(page, { token, language: run.language });
    const name = `ipo-${run.language}`;

    // ---------------------------------------------------------------- the IPO centre, filtered to open offerings
    await page.goto('/#/pages/product/newstock');
    // The first screen after a cold start loads its chunk, the texts and the calendar on a busy machine.
    await expect(page.getByTestId('ipo-row').first()).toBeVisible({ timeout: 30_000 });
    await snap(page, `${name}-01-centre`);
    await page.getByTestId(`ipo-market-${run.market}`).click();
    await page.getByTestId('ipo-phase-open').click();
    await expect(page).toHaveURL(new RegExp(`market=${run.market}&phase=open`));
    const row = page.locator(`[data-testid="ipo-row"][data-code="${run.code}"]`);
    await expect(row).toHaveAttribute('data-phase', 'open');
    await expect(page.locator('[data-testid="ipo-row"]:not([data-phase="open"])')).toHaveCount(0);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-02-open`);

    // ---------------------------------------------------------------- the ticket
    await row.getByTestId('ipo-row-subscribe').click();
    const ticketPath = run.market === 'HK' ? 'hkstock/payipo' : 'payment/newstock';
    await expect(page).toHaveURL(new RegExp(`#/pages/${ticketPath}\\?.*code=${run.code}`));
    await expect(page.getByTestId('ipo-ticket-offering')).toHaveAttribute('data-code', run.code);
    await expect(page.getByTestId('ipo-hold')).toBeVisible();
    await expect(page.getByTestId('ipo-rate')).toContainText(run.market === 'HK' ? 'HKD' : 'USD');
    await expect(page.getByTestId('ipo-rule')).toHaveAttribute('data-rule', run.market === 'HK' ? 'ballot' : 'proRata');
    await expect(page.getByTestId('ipo-submit')).toHaveText(run.words.review);
    await page.getByTestId('ipo-lots-plus').click();
    await expect(page.getByTestId('ipo-lots')).toHaveValue('2');
    await expect(page.getByTestId('ipo-total')).toHaveText(/\d/);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-03-ticket`);

    await page.getByTestId('ipo-rule-open').click();
    await expect(page.getByTestId('ipo-rule-sheet')).toBeVisible();
    await snap(page, `${name}-04-rule`);
    await page.getByTestId('ipo-rule-sheet').locator('.sheet__close').click();
    await overlaysGone(page);

    // ---------------------------------------------------------------- confirm: one keyed request with maxTotal
    await page.getByTestId('ipo-submit').click();
    const sheet = page.getByTestId('confirm-sheet');
    await expect(sheet).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-05-confirm`);
    // The rate is live: when it moved above the total shown, nothing is held and the ticket offers the new figures
    // (the confirmation opens again at them); the customer confirms again.
    for (let attempt = 0; ; attempt++) {
      const confirmTotal = (await page.getByTestId('confirm-sheet').getByTestId('confirm-total').textContent()) ?? '';
      const expected = Number(
        confirmTotal
          .replace(/[^\d.,]/g, '')
          .replace(run.language === 'nl' ? /\./g : /,/g, '')
          .replace(',', '.'),
      );
      const sent = page.waitForRequest((r) => r.url().includes('/web/NewShares/create'));
      const answered = page.waitForResponse((r) => r.url().includes('/web/NewShares/create'));
      await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
      const request = await sent;
      expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.postDataJSON()).toMatchObject({ code: run.code });
      expect(Number(request.postDataJSON().maxTotal)).toBe(expected);
      const body = (await (await answered).json()) as { code: number; reason?: string };
      if (body.code === 200) break;
      expect(body.reason).toBe('offeringTotalAboveTicket');
      expect(attempt).toBeLessThan(MOVED_PRICE_ATTEMPTS);
      await expect(page.getByTestId('trade-error')).toHaveAttribute('data-reason', 'offeringTotalAboveTicket');
      // The refused confirmation closes; until it is gone it still shows the old figures, which the next attempt
      // would read while the reopened one sends the new total (a CI run of 6 Dec 2026: 817.50 read, 817.52 sent).
      await expect(page.getByTestId('confirm-sheet')).toBeHidden();
      await snap(page, `${name}-05b-rate-moved`);
      await page.getByTestId('ipo-error-review').click();
      await expect(page.getByTestId('confirm-sheet')).toBeVisible();
    }
    await expect(page.getByTestId('ipo-result')).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-06-result`);

    // ---------------------------------------------------------------- the subscription tab and its detail
    await page.getByTestId('ipo-result-subscriptions').click();
    await expect(page.getByTestId('trade-tab-subscription')).toHaveText(run.words.tab);
    await expect(page.getByTestId('subscription-detail')).toHaveAttribute('data-status', 'subscribed');
    await expect(page.getByTestId('detail-total')).toHaveText(/\d/);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-07-detail`);
    await page.getByTestId('subscription-sheet').locator('.sheet__close').click();
    await overlaysGone(page);
    const mine = page.locator(`[data-testid="subscription-row"][data-code="${run.code}"]`);
    await expect(mine).toHaveAttribute('data-status', 'subscribed');
    await expect(mine.getByTestId('subscription-held')).toHaveText(/\d/);
    await snap(page, `${name}-08-tab`);

    // ---------------------------------------------------------------- the centre shows the customer's state
    await page.goto(`/#/pages/product/newstock?market=${run.market}&phase=open`);
    await expect(row.getByTestId('ipo-state')).toHaveAttribute('data-state', 'subscribed');
    await expect(row.getByTestId('ipo-row-subscribe')).toHaveCount(0);
  });
}

test('the Hong Kong market leads to its IPOs', async ({ page }) => {
  await prepareDevice(page, { token, language: 'en' });
  await page.goto('/#/pages/hkstock/index');
  await page.getByTestId('hk-ipo-open').click();
  await expect(page).toHaveURL(/#\/pages\/product\/newstock\?market=HK/);
  await expect(page.getByTestId('ipo-market-HK')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid="ipo-row"]').first()).toBeVisible();
});
