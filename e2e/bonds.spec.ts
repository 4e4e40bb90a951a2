/**
 * Treasury bonds in the browser (issue 16; docs/fixed-income.md): a verified customer with a transaction password
 * and funded USD and EUR wallets opens bonds/list, opens a bond's ticket (bonds/open), buys with the transaction
 * password, finds the holding on bonds/close with its accrued interest and value, then sells it at the bid after a
 * confirmation and sees it sold and the wallet paid. In English, Dutch and Chinese, one run each (a US note, a Bund,
 * a US bill), sharing one customer, whose holdings the trade centre's bonds tab then lists (reached from the market
 * tab's link to the bonds); a second customer without bonds sees the empty holdings.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  consoleSignIn,
  customerId,
  expect,
  MOVED_PRICE_ATTEMPTS,
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
// A raw key is lower case after its dot ("bonds.close.empty"); a sentence's end before the next text is not.
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['bonds', 'routes'];

let user: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  user = await trader(
    request,
    'bnd',
    [
      ['US_STOCK', '20000.00'],
      ['BALANCE', '20000.00'],
    ],
    PAY,
  );
});

const available = async (request: APIRequestContext, walletType: string) =>
  Number((await walletBalance(request, user, walletType)).balance);

async function bondOf(request: APIRequestContext, issuer: string, kind: string) {
  const res = await request.post(`${API}/m_ft/bondsList`, { data: { issuer, kind, page: 1, pageSize: 50 } });
  const list = (await res.json()).data.list as Array<{ code: string; walletType: string }>;
  const found = list[0];
  if (!found) throw new Error(`no ${issuer} ${kind}`);
  return found;
}

const RUNS = [
  { language: 'en', issuer: 'US', kind: 'note', sell: 'Sell', sold: 'Sold' },
  { language: 'nl', issuer: 'DE', kind: 'bond', sell: 'Verkopen', sold: 'Verkocht' },
  { language: 'zh-Hans', issuer: 'US', kind: 'bill', sell: '卖出', sold: '已卖出' },
] as const;

for (const run of RUNS) {
  test(`buy a bond, see its accrued interest and sell it, in ${run.language}`, async ({ page, request }) => {
    test.slow();
    await prepareDevice(page, { token: user.token, language: run.language });
    const name = `bonds-${run.language}`;
    const bond = await bondOf(request, run.issuer, run.kind);

    // ---------------------------------------------------------------- the list
    await page.goto('/#/pages/bonds/list');
    await expect(page.getByTestId('bonds-list')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId(`bonds-filter-${run.issuer}`).check();
    const row = page.locator(`[data-testid="bond-row"][data-code="${bond.code}"]`);
    await expect(row.getByTestId('bond-yield')).toHaveText(/\d/);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-01-list`);

    // ---------------------------------------------------------------- the ticket and the purchase
    await row.click();
    await expect(page).toHaveURL(/#\/pages\/bonds\/open\?/);
    await expect(page.getByTestId('bond-total')).toHaveText(/\d/);
    await page.locator('#bond-pay-password').fill(PAY);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-02-ticket`);
    const before = await available(request, bond.walletType);
    // A total above the one shown (the curve moved meanwhile) is refused and the ticket shows the new one.
    for (let attempt = 0; ; attempt++) {
      const answered = page.waitForResponse((r) => r.url().includes('/web/treasuryBond/create'));
      await page.getByTestId('bond-buy').click();
      const body = (await (await answered).json()) as { code: number; reason?: string };
      if (body.code === 200) break;
      expect(body.reason).toBe('bondTotalAboveTicket');
      expect(attempt).toBeLessThan(MOVED_PRICE_ATTEMPTS);
    }
    await expect(page.getByTestId('bond-bought')).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-03-bought`);
    expect(await available(request, bond.walletType)).toBeLessThan(before);

    // ---------------------------------------------------------------- the holdings: accrued interest, then the sale
    await page.getByTestId('bonds-to-holdings').click();
    await expect(page).toHaveURL(/#\/pages\/bonds\/close/);
    const holding = page.locator('[data-testid="bond-holding"][data-state="bought"]');
    await expect(holding).toHaveCount(1);
    await expect(holding).toContainText(bond.code);
    await expect(holding.getByTestId('bond-holding-accrued')).toHaveText(/\d/);
    await expect(page.getByTestId('bond-totals')).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-04-holdings`);
    const id = await holding.getAttribute('data-id');

    await holding.getByTestId('bond-holding-sell').click();
    await expect(page.getByTestId('bond-sell-confirm')).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-05-sell-confirm`);
    const sold = page.waitForResponse((r) => r.url().includes('/web/treasuryBond/flatPosition'));
    await page.locator('.adm-dialog').getByRole('button', { name: run.sell }).click();
    expect(((await (await sold).json()) as { code: number }).code).toBe(200);
    const after = page.locator(`[data-testid="bond-holding"][data-id="${id}"]`);
    await expect(after).toHaveAttribute('data-state', 'sold');
    await expect(after.getByTestId('bond-holding-state')).toHaveText(run.sold);
    await overlaysGone(page);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-06-sold`);
  });
}

test('the market tab links to the bonds, and the trade centre lists the holdings in its bonds tab', async ({
  page,
  request,
}) => {
  // One bond kept: the trade centre's summary counts it (docs/fixed-income.md "In the trade centre's summary").
  const kept = await bondOf(request, 'NL', 'bond');
  const bought = await request.post(`${API}/treasuryBond/create`, {
    headers: { authorization: user.token, 'idempotency-key': crypto.randomUUID() },
    data: { code: kept.code, quantity: 1, payPassword: PAY },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/market/index');
  await page.getByTestId('product-link-bonds').click();
  await expect(page).toHaveURL(/#\/pages\/bonds\/list/);
  await expect(page.getByTestId('bonds-list')).toBeVisible({ timeout: 30_000 });

  // bonds/list is a page of its own, without the tab bar: the trade centre from its address.
  await page.goto('/#/pages/trade/index');
  await page.getByTestId('trade-tab-bonds').click();
  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=bonds/);
  // The three runs above each bought one bond and sold it.
  await expect(page.locator('[data-testid="bond-holding"][data-state="sold"]')).toHaveCount(3);
  await expect(page.locator('[data-testid="bond-holding"][data-state="bought"]')).toHaveCount(1);
  // The portfolio value above the tabs includes the bond kept (a Dutch bond of 1,000 EUR face), and says so.
  await expect(page.getByTestId('portfolio-bonds')).toHaveText(/^€[\d,]+\.\d{2}$/);
  const euros = async (testId: string) =>
    Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(await euros('portfolio-bonds')).toBeGreaterThan(500);
  expect(await euros('portfolio-value')).toBeGreaterThanOrEqual(await euros('portfolio-bonds'));
  await noRawKeys(page, OWN_KEYS);
  await snap(page, 'bonds-en-08-trade-tab');
});

test.describe('the console, on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  test("the console's bond book counts the bond kept, and the customer's trading card lists their bonds", async ({
    page,
    request,
  }) => {
    const kept = await bondOf(request, 'NL', 'bond');
    await consoleSignIn(page, 'admin', 'Admin1234!');
    await page.getByRole('menuitem', { name: 'Bond book' }).click();
    await expect(page).toHaveURL(/#\/bonds/);
    await expect(page.getByRole('heading', { name: 'Bond book' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: kept.code });
    // Other specs' customers may hold it too: at least this customer's one bond, 1,000 EUR of face value.
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByText('Totals in EUR')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/bonds-console-book.png' });

    await page.goto(`/console/#/customers/${await customerId(request, user.token)}`);
    await page.getByTestId('trading-card').getByRole('tab', { name: 'Bonds' }).click();
    const inState = (state: string) =>
      page
        .getByTestId('trading-card')
        .getByRole('row')
        .filter({ has: page.locator('.ant-tag').getByText(state, { exact: true }) });
    await expect(inState('Sold')).toHaveCount(3);
    await expect(inState('Held')).toHaveCount(1);
  });
});

test('a customer without bonds sees the empty holdings', async ({ page, request }) => {
  const other = await registerUser(request, 'bne');
  await prepareDevice(page, { token: other.token, language: 'en' });
  await page.goto('/#/pages/bonds/close');
  await expect(page.getByText('You have no bonds yet')).toBeVisible({ timeout: 30_000 });
  await noRawKeys(page, OWN_KEYS);
  await snap(page, 'bonds-en-07-empty');
});
