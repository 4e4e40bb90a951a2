/**
 * Defects found walking the app as a new user (issue 13), in the browser: a withdrawal with one bank card or one
 * crypto wallet has it picked already; the order ticket of a closed market starts on a limit order, says when
 * the market opens and offers no market order the server would refuse; a guest tapping Watchlist or Trade stays
 * on the tab, with the tab bar, and is asked to log in there. The server's clock starts on Monday 15:30 UTC
 * (playwright.config.ts): Hong Kong is closed and opens Tuesday 09:30 HKT, 01:30 UTC.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  customerId,
  expect,
  fundCustomer,
  PASSWORD,
  prepareDevice,
  registerUser,
  StorageKey,
  shot,
  type TestUser,
  test,
  verifyIdentity,
} from './support';

const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function post(request: APIRequestContext, user: TestUser, path: string, data: unknown) {
  const res = await request.post(`${API}${path}`, { headers: { authorization: user.token }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as { id: number };
}

test('with one bank card or one crypto wallet, a withdrawal has it picked and goes through', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'one');
  await post(request, user, '/settingPayPassword', { payPassword: '123456' });
  await fundCustomer(request, await customerId(request, user.token), 'BALANCE', '300.00', 'Test funds, one card');
  const card = await post(request, user, '/UserAccount/addCardNo', {
    kind: 'bank',
    bankName: 'ING Bank N.V.',
    holderName: 'Test User',
    cardNo: 'NL91ABNA0417164300',
  });
  const wallet = await post(request, user, '/UserAccount/addCardNo', {
    kind: 'crypto',
    currencyType: 'USDT-TRC20',
    address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  });
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto('/#/pages/withdraw/bcard');
  await expect(page.getByTestId(`withdraw-destination-${card.id}`).locator('input')).toBeChecked();
  await field(page, 'withdraw-amount').fill('100');
  await page.locator('#withdraw-bank_payPassword').fill('123456');
  await shot(page, 'defects-withdraw-one-card');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText('Please select a bank card first')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-confirm')).toContainText('ING Bank N.V.');
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-submitted')).toBeVisible();

  // The crypto side of the same screen.
  await page.goto('/#/pages/withdraw/vm');
  await expect(page.getByTestId(`withdraw-destination-${wallet.id}`).locator('input')).toBeChecked();
  await field(page, 'withdraw-amount').fill('50');
  await page.locator('#withdraw-crypto_payPassword').fill('123456');
  // The bank withdrawal's confirmation may still be closing (its animation outlives the navigation).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-confirm')).toContainText('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-submitted')).toBeVisible();

  // With a second card there is a choice again: nothing is picked for the customer.
  await post(request, user, '/UserAccount/addCardNo', {
    kind: 'bank',
    bankName: 'ABN AMRO Bank N.V.',
    holderName: 'Test User',
    cardNo: 'NL02ABNA0123456789',
  });
  await page.goto('/#/pages/withdraw/bcard');
  await page.reload();
  await expect(page.getByTestId(/^withdraw-destination-/)).toHaveCount(2);
  await expect(page.locator('input[name="withdraw-destination"]:checked')).toHaveCount(0);
});

const closedWords = {
  en: { notice: 'Market closed · opens Tue 01:30', limit: 'Limit' },
  nl: { notice: /^Markt gesloten · opent di\.? 01:30$/, limit: 'Limiet' },
  'zh-Hans': { notice: '已休市 · 周二 01:30 开盘', limit: '限价' },
} as const;

test('a closed market: the ticket starts on limit, says when the market opens, and the limit order is placed', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'closed');
  await verifyIdentity(request, user);
  await fundCustomer(request, await customerId(request, user.token), 'HK_STOCK', '20000', 'Test funds, closed market');
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto('/#/pages/payment/stock?name=Tencent&code=00700&source=11&direction=0');
  const notice = page.getByTestId('ticket-market-closed');
  await expect(notice.locator('strong')).toHaveText(closedWords.en.notice);
  // Limit is chosen, with a price; a market order, which the server refuses while closed, cannot be picked.
  await expect(page.locator('.segmented__item--checked')).toHaveText(closedWords.en.limit);
  await expect(page.getByTestId('ticket-price').locator('input')).toHaveValue(/^\d+\.\d{2}$/);
  await expect(page.locator('.segmented__item--disabled')).toHaveText('Market');
  await page.getByTestId('ticket-type-market').click({ force: true });
  await expect(page.locator('.segmented__item--checked')).toHaveText(closedWords.en.limit);
  await field(page, 'ticket-quantity').fill('100');
  await expect(page.getByTestId('ticket-total')).toHaveText(/^€\d/);
  await shot(page, 'defects-ticket-closed', { animations: 'disabled' });
  await page.getByTestId('ticket-submit').click();
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '0');

  // The same in Dutch and Chinese, in the customer's time zone (UTC here).
  for (const language of ['nl', 'zh-Hans'] as const) {
    await page.evaluate(([key, l]) => window.localStorage.setItem(key, l), [StorageKey.language, language] as const);
    await page.goto('/#/pages/payment/stock?name=Tencent&code=00700&source=11&direction=0');
    await page.reload();
    await expect(notice.locator('strong')).toHaveText(closedWords[language].notice);
    await expect(page.locator('.segmented__item--checked')).toHaveText(closedWords[language].limit);
    await shot(page, `defects-ticket-closed-${language}`, { animations: 'disabled' });
  }
});

test('an open market still starts on a market order', async ({ page, request }) => {
  const user = await registerUser(request, 'open');
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/payment/stock?name=Apple&code=AAPL&source=0&direction=0');
  await expect(page.getByTestId('ticket-market-price')).toBeVisible();
  await expect(page.locator('.segmented__item--checked')).toHaveText('Market');
  await expect(page.getByTestId('ticket-market-closed')).toHaveCount(0);
});

test('a guest tapping Watchlist or Trade stays on the tab, with the tab bar, and logs in from there', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'guest');
  await prepareDevice(page, { language: 'en' });
  // A guarded screen that is not a tab still goes to the login screen.
  await page.goto('/#/pages/withdraw/bcard');
  await expect(page).toHaveURL(/#\/pages\/auth\/login\?redirect=/);
  await page.goto('/#/pages/home/index');

  await page.getByTestId('tab-watchlist').click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/index$/);
  await expect(page.getByRole('heading', { name: 'Log in to see your watchlist', exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-watchlist')).toHaveAttribute('aria-current', 'page');
  await shot(page, 'defects-guest-watchlist');

  await page.getByTestId('tab-trade').click();
  await expect(page).toHaveURL(/#\/pages\/trade\/index$/);
  await expect(page.getByRole('heading', { name: 'Log in to see your trades', exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-trade')).toHaveAttribute('aria-current', 'page');
  await shot(page, 'defects-guest-trade');

  // Register opens the registration; back returns to the tab.
  await page.getByTestId('guest-tab-register').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/register/);
  await page.goBack();
  await expect(page.getByTestId('guest-tab')).toHaveAttribute('data-tab', 'trade');

  // Log in comes back to the trade tab, now with the customer's trades.
  await page.getByTestId('guest-tab-login').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login\?redirect=%2Fpages%2Ftrade%2Findex$/);
  await page.getByLabel('User ID or email', { exact: true }).fill(user.userId);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/trade\/index$/);
  await expect(page.getByTestId('trade-tab-holdings')).toBeVisible();
  await expect(page.getByTestId('guest-tab')).toHaveCount(0);
});

for (const [language, words] of [
  ['nl', { watchlist: 'Log in om uw volglijst te zien', trade: 'Log in om uw transacties te zien' }],
  ['zh-Hans', { watchlist: '登录后查看您的自选', trade: '登录后查看您的交易' }],
] as const) {
  test(`the guest tabs in ${language}`, async ({ page }) => {
    await prepareDevice(page, { language });
    await page.goto('/#/pages/watchlist/index');
    await expect(page.getByRole('heading', { name: words.watchlist, exact: true })).toBeVisible();
    await page.getByTestId('tab-trade').click();
    await expect(page.getByRole('heading', { name: words.trade, exact: true })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/guestTab\./);
    await shot(page, `defects-guest-trade-${language}`);
  });
}
