/**
 * Loans in the browser (issue 18; docs/loans.md): a verified customer holding German government bonds sees their
 * credit limit with its formula on loan/index, applies (a below-minimum amount is refused in the form, a valid one is
 * confirmed with its figures), a reviewer approves it in the console's Loans queue (the published criteria shown), the
 * amount is in the customer's funding wallet, and the customer repays part and then all of it. The screen is checked
 * and photographed in English, Dutch and Chinese at 390x844.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  consoleSignIn,
  expect,
  noRawKeys,
  overlaysGone,
  prepareDevice,
  setPayPassword,
  snap,
  type TestUser,
  test,
  trader,
  walletBalance,
} from './support';

const PAY = '246810';
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['loan', 'routes', 'wallets'];
const funding = async (request: APIRequestContext, user: TestUser) =>
  Number((await walletBalance(request, user, 'BALANCE')).balance);

let user: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  user = await trader(request, 'loan', [['BALANCE', '20000']]);
  await setPayPassword(request, user, PAY);
  // Ten German bonds (about 10,000 EUR of face) as collateral: 70 % of their value at the bid may be borrowed.
  const list = await request.post(`${API}/m_ft/bondsList`, { data: { issuer: 'DE', kind: 'bond', pageSize: 50 } });
  const code = ((await list.json()).data.list as Array<{ code: string }>)[0]?.code;
  const bought = await request.post(`${API}/treasuryBond/create`, {
    headers: { authorization: user.token, 'idempotency-key': crypto.randomUUID() },
    data: { code, quantity: 10, payPassword: PAY },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  expect((await bought.json()).code, await bought.text()).toBe(200);
});

test('apply, approved in the console, repay part and then all', async ({ page, browser, request }) => {
  test.slow();
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/pages/loan/index');

  // ---------------------------------------------------------------- the limit and its formula
  const limit = page.getByTestId('loan-limit');
  await expect(limit).toContainText('Your credit limit', { timeout: 30_000 });
  await expect(limit).toContainText('× 70%');
  await expect(limit).toContainText('Available = Σ (value × LTV) − owed − in review');
  await expect(limit).toContainText('6% a year');
  await expect(page.getByTestId('loan-list')).toHaveCount(0);
  await expect(page.getByText('No applications yet')).toBeVisible();
  await noRawKeys(page, OWN_KEYS);
  await snap(page, 'loans-en-01-limit');

  // ---------------------------------------------------------------- apply
  const amount = page.getByTestId('loan-apply').getByRole('textbox');
  await amount.fill('50');
  await page.getByTestId('loan-apply-submit').click();
  await expect(page.getByTestId('loan-amount-error')).toHaveText('The smallest loan is €100.00.');
  await expect(page.getByTestId('confirm-sheet')).toHaveCount(0);
  await amount.fill('1000');
  await page.getByTestId('loan-apply-submit').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toContainText('€1,000.00');
  await expect(sheet).toContainText('€0.16'); // 1,000 × 6 % / 365 a day
  await snap(page, 'loans-en-02-confirm');
  await sheet.getByTestId('confirm-submit').click();
  await overlaysGone(page);
  const row = page.getByTestId('loan-row').first();
  await expect(row).toHaveAttribute('data-state', 'review');
  await expect(row.getByTestId('loan-state')).toHaveText('In review');
  await expect(page.getByTestId('loan-in-review-note')).toBeVisible();

  // ---------------------------------------------------------------- the reviewer approves
  const before = await funding(request, user);
  const ops = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const console = await ops.newPage();
  await consoleSignIn(console, 'reviewer', 'Review1234!');
  await console.getByRole('menuitem', { name: /^Loans/ }).click();
  await expect(console.getByRole('heading', { name: 'Loan applications' })).toBeVisible();
  await console.getByPlaceholder('Search by user ID or email').fill(user.email);
  await console.getByPlaceholder('Search by user ID or email').press('Enter');
  const queued = console.getByRole('row').filter({ hasText: user.userId });
  await expect(queued).toHaveCount(1);
  await expect(queued.getByTestId('loan-criterion-identity')).toHaveAttribute('data-met', 'true');
  await expect(queued.getByTestId('loan-criterion-limit')).toHaveAttribute('data-met', 'true');
  await queued.click();
  const drawer = console.getByRole('dialog').filter({ hasText: 'Loan application' });
  await expect(drawer.getByTestId('loan-detail-limit')).toHaveText('Met');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const confirm = console.getByRole('tooltip').filter({ hasText: 'Approve this loan?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByText('Approved', { exact: true }).first()).toBeVisible();
  await ops.close();
  expect(await funding(request, user)).toBeCloseTo(before + 1000, 2);

  // ---------------------------------------------------------------- repay part, then all
  await page.reload();
  await expect(row).toHaveAttribute('data-state', 'inUse', { timeout: 30_000 });
  await expect(row.getByTestId('loan-due')).toContainText('€1,000.00');
  await row.getByTestId('loan-repay').click();
  const repay = page.getByTestId('confirm-sheet');
  await repay.getByRole('textbox').fill('1000.01');
  await repay.getByTestId('confirm-submit').click();
  await expect(repay.getByTestId('loan-repay-error')).toHaveText('At most €1,000.00 is due.');
  await repay.getByRole('textbox').fill('400');
  await snap(page, 'loans-en-03-repay');
  await repay.getByTestId('confirm-submit').click();
  await overlaysGone(page);
  await expect(row.getByTestId('loan-repaid')).toContainText('€400.00');
  await expect(row.getByTestId('loan-due')).toContainText('€600.00');
  await row.getByTestId('loan-repay').click();
  await page.getByTestId('confirm-sheet').getByTestId('loan-repay-amount-all').click();
  await page.getByTestId('confirm-sheet').getByTestId('confirm-submit').click();
  await overlaysGone(page);
  await expect(row).toHaveAttribute('data-state', 'repaid');
  await expect(row.getByTestId('loan-state')).toHaveText('Repaid');
  await noRawKeys(page, OWN_KEYS);
  await snap(page, 'loans-en-04-repaid');
});

const LANGUAGES = [
  { language: 'nl', title: 'Uw kredietlimiet', state: 'Afgelost', apply: 'Lening aanvragen' },
  { language: 'zh-Hans', title: '您的信用额度', state: '已还清', apply: '申请贷款' },
] as const;

for (const { language, title, state, apply } of LANGUAGES) {
  test(`the loan screen in ${language}`, async ({ page }) => {
    await prepareDevice(page, { token: user.token, language });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/pages/loan/index');
    await expect(page.getByTestId('loan-limit')).toContainText(title, { timeout: 30_000 });
    await expect(page.getByTestId('loan-apply')).toContainText(apply);
    await expect(page.getByTestId('loan-row').first().getByTestId('loan-state')).toHaveText(state);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `loans-${language}-01-screen`);
  });
}
