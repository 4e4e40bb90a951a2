/**
 * Terms hold in the browser (docs/trading.md "Fees", docs/security.md "Terms hold"): the Fees and terms screen is
 * reachable from settings and from the order ticket in three languages and shows the server's live rates, and an
 * order whose fees changed between the ticket and the confirmation is refused with nothing ordered, then reviewed
 * again at the new fee and placed.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  customerId,
  expect,
  fundCustomer,
  operatorLogin,
  prepareDevice,
  registerUser,
  shot,
  type TestUser,
  test,
  verifyIdentity,
} from './support';

/** A customer with verified identity (an operator approves the documents) and $5,000 in US stocks. */
async function trader(request: APIRequestContext): Promise<TestUser> {
  const user = await registerUser(request, 'fee');
  await verifyIdentity(request, user, { firstName: 'Fee', lastName: 'Tester', idNumber: 'NX7654322' });
  const id = await customerId(request, user.token);
  await fundCustomer(request, id, 'US_STOCK', '5000', 'Fees and terms test');
  return user;
}

/** What an admin does in the console: the stock fee schedule changes for every order placed afterwards. */
async function setStockFees(request: APIRequestContext, buyRate: string, sellRate: string) {
  const res = await request.post(`${API}/console/trading/settings/stock`, {
    headers: { authorization: await operatorLogin(request) },
    data: { leverageCap: 5, buyRate, sellRate, minQuantity: 1 },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const LANGUAGES = [
  { language: 'en', title: 'Fees and terms', closeOut: 'Margin close-out at 50 %' },
  { language: 'nl', title: 'Kosten en voorwaarden', closeOut: 'Margin close-out bij 50 %' },
  { language: 'zh-Hans', title: '费用与条款', closeOut: '保证金水平 50% 强制平仓' },
] as const;

for (const { language, title, closeOut } of LANGUAGES) {
  test(`the fee schedule from settings in ${language}`, async ({ page }) => {
    await prepareDevice(page, { language });
    await page.goto('/#/pages/setting/index');
    await page.getByTestId('setting-fees').click();
    await expect(page).toHaveURL(/#\/pages\/setting\/fees$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // The server's live rates: stocks 0.1 %, forex majors 0.02 % (the defaults), shown in the reader's format.
    await expect(page.getByTestId('fees-stock-buy')).toHaveText(language === 'nl' ? '0,10%' : '0.10%');
    await expect(page.getByTestId('fees-forexMajor-sell')).toHaveText(language === 'nl' ? '0,02%' : '0.02%');
    await expect(page.getByTestId('fees-page')).toContainText(closeOut);
    await shot(page, `fees-terms-${language}`, { animations: 'disabled' });
  });
}

test('fees changed between the ticket and the confirmation: refused, nothing ordered, reviewed again', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await trader(request);
  await prepareDevice(page, { token: user.token, language: 'en' });
  try {
    await page.goto('/#/pages/payment/stock?name=Apple&code=AAPL&source=0');
    await page.getByTestId('ticket-quantity').locator('input').fill('10');
    await expect(page.getByTestId('ticket-fee')).toHaveText(/^\$\d\.\d{2}$/);
    const shownFee = Number((await page.getByTestId('ticket-fee').innerText()).slice(1));
    await page.getByTestId('ticket-submit').click();
    await expect(page.getByTestId('confirm-sheet')).toBeVisible();

    // Meanwhile an admin doubles the buy fee; the settings cache of the server holds a change for up to 2 s.
    await setStockFees(request, '0.002', '0.001');
    await page.waitForTimeout(2_500);
    await page.getByTestId('confirm-submit').click();
    const refusal = page.getByTestId('trade-error');
    await expect(refusal).toHaveAttribute('data-reason', 'termsChanged');
    await expect(refusal).toContainText('Nothing was ordered');
    const orders = await request.post(`${API}/position/consignList`, {
      headers: { authorization: user.token },
      data: { all: true },
    });
    expect((await orders.json()).data.total).toBe(0);
    await shot(page, 'fees-terms-refused', { animations: 'disabled' });

    // Review again: the figures at the new fee (about twice the first), confirmed and placed.
    await page.getByTestId('trade-error-review').click();
    await expect(page.getByTestId('confirm-sheet')).toBeVisible();
    const newFee = Number((await page.getByTestId('confirm-fee').innerText()).slice(1));
    expect(newFee).toBeGreaterThan(shownFee * 1.8);
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '1');
    await expect(page.getByTestId('result-fee')).toHaveText(`$${newFee.toFixed(2)}`);

    // The ticket links to the schedule, which shows the new rate.
    await page.getByTestId('result-again').click();
    await page.getByTestId('ticket-fees-link').click();
    await expect(page.getByTestId('fees-stock-buy')).toHaveText('0.20%');
  } finally {
    await setStockFees(request, '0.001', '0.001');
  }
});
