/**
 * Funds in the browser (issue 16; docs/fixed-income.md "Funds"): a verified customer with a transaction password and
 * a funded Funds (FINANCIAL) wallet opens yinmutual/index from the market tab, reads a Regular's terms, subscribes to
 * it in the confirm sheet (the interest at maturity shown before confirming), subscribes to the Current, finds both on
 * yinmutual/myhold with their daily yield and the totals, and redeems the Current after a confirmation. In English,
 * Dutch and Chinese, one run each; a second customer sees the empty holdings. In the console (a desktop): an admin
 * publishes a product in three languages, customers see it, it is closed to new money and reopened, the accrual job's
 * tab answers, and the customer's trading card lists their fund orders with the terms they were sold with.
 *
 * The server's clock runs in real time here (SIM_CLOCK_START only sets where it starts), so no day passes in a run:
 * the daily yield shown is 0.00 and the first interest is a day away. The accrual of days to the cent, maturity and
 * redemption with interest are tested on the deterministic clock in apps/server/src/modules/funds/funds.test.ts, and a
 * daily yield above zero in the browser, a day later, by fund-yield.spec.ts.
 */
import type { Page } from '@playwright/test';
import {
  API,
  consoleSignIn,
  customerId,
  expect,
  noRawKeys,
  overlaysGone,
  prepareDevice,
  registerUser,
  snap,
  type TestUser,
  test,
  trader,
  walletBalance,
} from './support';

const PAY = '246810';
// A raw key is lower case after its dot ("funds.labels.term"); a sentence's end before the next text is not.
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['funds', 'routes'];

let user: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  user = await trader(request, 'fnd', [['FINANCIAL', '30000.00']], PAY);
});

const RUNS = [
  { language: 'en', regular: 'KM-FIX30', redeem: 'Redeem now', completed: 'Completed', rule: 'cannot be redeemed' },
  { language: 'nl', regular: 'KM-FIX90', redeem: 'Nu opnemen', completed: 'Afgerond', rule: 'Eerder opnemen kan niet' },
  { language: 'zh-Hans', regular: 'KM-FIX365', redeem: '立即赎回', completed: '已完成', rule: '到期前不能赎回' },
] as const;

async function subscribe(page: Page, code: string, amount: string) {
  const row = page.locator(`[data-testid="fund-product"][data-code="${code}"]`);
  await row.getByTestId('fund-subscribe').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('fund-amount').locator('input').fill(amount);
  await page.locator('#fund-pay-password').fill(PAY);
  return sheet;
}

for (const [i, run] of RUNS.entries()) {
  test(`subscribe a Regular and a Current fund, see them held, redeem the Current, in ${run.language}`, async ({
    page,
    request,
  }) => {
    test.slow();
    await prepareDevice(page, { token: user.token, language: run.language });
    const name = `funds-${run.language}`;

    // ---------------------------------------------------------------- from the market tab to the products
    await page.goto('/#/pages/market/index');
    await page.getByTestId('product-link-funds').click();
    await expect(page).toHaveURL(/#\/pages\/yinmutual\/index/);
    await expect(page.getByTestId('fund-products')).toBeVisible({ timeout: 30_000 });
    const regular = page.locator(`[data-testid="fund-product"][data-code="${run.regular}"]`);
    await expect(regular.getByTestId('fund-rules')).toContainText(run.rule);
    await expect(page.locator('[data-testid="fund-product"][data-code="KM-LIQ"]').getByTestId('fund-rate')).toHaveText(
      /\d/,
    );
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-01-products`);

    // ---------------------------------------------------------------- a Regular, confirmed in its sheet
    const before = Number((await walletBalance(request, user, 'FINANCIAL')).balance);
    const sheet = await subscribe(page, run.regular, '2000');
    await expect(sheet.getByTestId('fund-expected-interest')).toHaveText(/\d/);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-02-confirm`);
    let answered = page.waitForResponse((r) => r.url().includes('/web/user_fund_orders/create'));
    await sheet.getByTestId('confirm-submit').click();
    expect(((await (await answered).json()) as { code: number }).code).toBe(200);
    await overlaysGone(page);

    // ---------------------------------------------------------------- the Current
    await subscribe(page, 'KM-LIQ', '500');
    answered = page.waitForResponse((r) => r.url().includes('/web/user_fund_orders/create'));
    await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
    expect(((await (await answered).json()) as { code: number }).code).toBe(200);
    await overlaysGone(page);
    expect(Number((await walletBalance(request, user, 'FINANCIAL')).balance)).toBe(before - 2500);

    // ---------------------------------------------------------------- held, with the daily yield and the totals
    await page.getByTestId('funds-to-holdings').click();
    await expect(page).toHaveURL(/#\/pages\/yinmutual\/myhold/);
    const orders = page.locator('[data-testid="fund-order"][data-state="inProgress"]');
    // This run's two, and the Regulars of the runs before (still in progress: a Regular is paid at maturity).
    await expect(orders).toHaveCount(i + 2);
    await expect(page.getByTestId('fund-stat-daily')).toHaveText(/0[.,]00/);
    await expect(orders.first().getByTestId('fund-order-daily')).toHaveText(/0[.,]00/);
    await orders.first().getByTestId('fund-order-days').click();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-03-held`);

    // ---------------------------------------------------------------- redeem the Current (the newest order)
    const newest = orders.first();
    await expect(newest.getByTestId('fund-order-redeem')).toBeVisible();
    const id = await newest.getAttribute('data-id');
    await newest.getByTestId('fund-order-redeem').click();
    await expect(page.getByTestId('fund-redeem-confirm')).toBeVisible();
    await snap(page, `${name}-04-redeem-confirm`);
    const redeemed = page.waitForResponse((r) => r.url().includes('/web/user_fund_orders/redeem'));
    await page.locator('.adm-dialog').getByRole('button', { name: run.redeem }).click();
    expect(((await (await redeemed).json()) as { code: number }).code).toBe(200);
    const done = page.locator(`[data-testid="fund-order"][data-id="${id}"]`);
    await expect(done).toHaveAttribute('data-state', 'completed');
    await expect(done.getByTestId('fund-order-state')).toHaveText(run.completed);
    await overlaysGone(page);
    expect(Number((await walletBalance(request, user, 'FINANCIAL')).balance)).toBe(before - 2000);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-05-redeemed`);
    await expect(orders).toHaveCount(i + 1);
  });
}

test('a customer without funds sees the empty holdings', async ({ page, request }) => {
  const other = await registerUser(request, 'fne');
  await prepareDevice(page, { token: other.token, language: 'en' });
  await page.goto('/#/pages/yinmutual/myhold');
  await expect(page.getByText('You have no funds yet')).toBeVisible({ timeout: 30_000 });
  await noRawKeys(page, OWN_KEYS);
  await snap(page, 'funds-en-06-empty');
});

test.describe('the console, on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  test('an admin publishes a fund product, closes and reopens it; the customer card lists the fund orders', async ({
    page,
    request,
  }) => {
    test.slow();
    const code = `KM-E2E${Date.now() % 100_000}`;
    const listed = async () => {
      const res = await request.post(`${API}/user_fund_orders/productPageList`, { data: { page: 1, pageSize: 100 } });
      return ((await res.json()).data.list as Array<{ code: string; name: string }>).map((p) => p.code);
    };
    await consoleSignIn(page, 'admin', 'Admin1234!');
    await page.getByRole('menuitem', { name: 'Funds', exact: true }).click();
    await expect(page).toHaveURL(/#\/funds/);
    await expect(page.getByRole('heading', { name: 'Funds' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'KM-FIX30' })).toContainText('30 days at 1.9000 % a year');

    // ---------------------------------------------------------------- publish, in three languages
    await page.getByTestId('fund-publish').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('fund-code').fill(code);
    await dialog.getByTestId('fund-name-en').fill('Kade Fixed 60 days (test)');
    await dialog.getByTestId('fund-name-nl').fill('Kade Vast 60 dagen (test)');
    await dialog.getByTestId('fund-name-zh').fill('Kade 定期 60 天（测试）');
    await dialog.getByTestId('fund-term').fill('60');
    // A rate beyond the published cap is refused on the form, nothing sent.
    await dialog.getByTestId('fund-rate').fill('25');
    await dialog.getByRole('button', { name: 'Publish a product' }).click();
    await expect(dialog.getByText('Enter a percentage from 0 to 20')).toBeVisible();
    await dialog.getByTestId('fund-rate').fill('3.1');
    await dialog.getByTestId('fund-minimum').fill('250');
    await page.screenshot({ path: 'test-results/screens/funds-console-publish.png' });
    await dialog.getByRole('button', { name: 'Publish a product' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('60 days at 3.1000 % a year');
    await expect(row).toContainText('Kade Vast 60 dagen (test)');
    await expect(row.locator('.ant-tag').getByText('Open', { exact: true })).toBeVisible();
    expect(await listed()).toContain(code);

    // ---------------------------------------------------------------- closed to new money, then reopened
    await row.getByTestId('fund-close').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Close to new money' }).click();
    await expect(row.locator('.ant-tag').getByText('Closed to new money', { exact: true })).toBeVisible();
    expect(await listed()).not.toContain(code);
    await page.screenshot({ path: 'test-results/screens/funds-console-products.png' });
    await row.getByTestId('fund-reopen').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reopen' }).click();
    await expect(row.locator('.ant-tag').getByText('Open', { exact: true })).toBeVisible();
    expect(await listed()).toContain(code);

    // ---------------------------------------------------------------- the accrual job
    await page.getByRole('tab', { name: 'Accrual job' }).click();
    await expect(page.getByText('Orders with work due now')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/funds-console-accruals.png' });

    // ---------------------------------------------------------------- the customer's fund orders
    await page.goto(`/console/#/customers/${await customerId(request, user.token)}`);
    await page.getByTestId('trading-card').getByRole('tab', { name: 'Funds' }).click();
    const inState = (state: string) =>
      page
        .getByTestId('trading-card')
        .getByRole('row')
        .filter({ has: page.locator('.ant-tag').getByText(state, { exact: true }) });
    // The three runs' Regulars in progress and their three Currents redeemed.
    await expect(inState('In progress')).toHaveCount(3);
    await expect(inState('Completed')).toHaveCount(3);
    await expect(inState('In progress').filter({ hasText: 'KM-FIX30' })).toContainText('30 days at 1.9000 % a year');
    await page.screenshot({ path: 'test-results/screens/funds-console-customer.png' });
  });
});
