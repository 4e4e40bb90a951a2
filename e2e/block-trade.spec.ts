/**
 * Block trades in the browser (issue 15; docs/primary-markets.md "Block trades"): a verified customer with a
 * transaction password applies on product/blocktrade; an operator approves in the console's Block trading queue
 * (the criteria shown per row); the customer's inbox says so; the screen shows the desk, a below-minimum quantity is
 * blocked in the form, a wrong transaction password is answered in the confirmation, and 10,000 AGN are bought at
 * the desk price into a position the trade centre shows. The customer's own block trades, behind the switch above
 * the desk, list it (empty before: "No block trades yet") with a link to its position. A Dutch and a Chinese customer
 * then go through the same flow in their language (apply, approval, a block of 10,000 AGN bought, its position; the
 * decision by the console's own call, the console itself being the English run's). The approved desk, the ticket
 * and the list are checked and photographed in English, Dutch and Chinese at 390x844.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  consoleSignIn,
  customerId,
  expect,
  fundCustomer,
  noRawKeys,
  operatorReviewer,
  prepareDevice,
  registerUser,
  setPayPassword,
  type TestUser,
  test,
  verifyIdentity,
} from './support';

const PAY = '246810';
const snap = (page: Page, name: string) =>
  page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'test-results/screens'}/${name}.png`,
    animations: 'disabled',
    style: '.toast-host { visibility: hidden !important; }',
  });
/** Taps one side of the approved screen's switch (the desk or the customer's own block trades). */
async function show(page: Page, name: string, timeout?: number) {
  await page.locator('.segmented__item').filter({ hasText: name }).click({ timeout });
  await expect(page.getByRole('radio', { name })).toBeChecked();
}
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['block', 'trading', 'routes'];

/**
 * Confirms the open block confirmation with the transaction password until the block is bought. The simulated quote
 * moves while the customer types: a desk price that rose above the one confirmed is refused (nothing bought, said
 * with `refusedText` when given) and "Review the new price" confirms again. Answers the result panel.
 */
async function confirmBlock(page: Page, refusedText?: string) {
  const sheet = page.getByTestId('confirm-sheet');
  const result = page.getByTestId('block-result');
  const moved = page.locator('[data-testid="trade-error"][data-reason="blockPriceMoved"]');
  for (let attempt = 0; ; attempt++) {
    await sheet.locator('#block-pay-password').fill(PAY);
    await sheet.getByTestId('confirm-submit').click();
    await expect(result.or(moved)).toBeVisible({ timeout: 20_000 });
    if (await result.isVisible()) return result;
    expect(attempt, 'the desk price kept moving up').toBeLessThan(4);
    if (refusedText) await expect(moved).toContainText(refusedText);
    await moved.getByTestId('block-error-review').click();
    await expect(sheet).toBeVisible();
  }
}

/** A reviewer approves the customer's pending block trading application (the console's own call). */
async function approveBlockTrading(request: APIRequestContext, customer: TestUser) {
  const reviewer = await operatorReviewer(request);
  const queue = await request.get(`${API}/console/block-permissions`, {
    headers: { authorization: reviewer },
    params: { status: 1, q: customer.email, page: 1, pageSize: 5 },
  });
  expect(queue.ok(), await queue.text()).toBe(true);
  const id = ((await queue.json()) as { data: { list: Array<{ id: number }> } }).data.list[0]?.id;
  expect(id, 'a pending application').toBeDefined();
  const approved = await request.post(`${API}/console/block-permissions/${id}/approve`, {
    headers: { authorization: reviewer },
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}

let user: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  user = await registerUser(request, 'blk');
  await verifyIdentity(request, user);
  await setPayPassword(request, user, PAY);
  // AGN (Aegon) is about 5.40 EUR: a block of 10,000 and its fee fit in 300,000 (the Funding wallet pays EUR stocks).
  await fundCustomer(request, await customerId(request, user.token), 'BALANCE', '300000', 'Block trade test funds');
});

test('apply, approved in the console, buy a block of 10,000 AGN and see the position', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await prepareDevice(page, { token: user.token, language: 'en' });

  // ---------------------------------------------------------------- apply
  await page.goto('/#/pages/product/blocktrade');
  const panel = page.getByTestId('block-permission');
  await expect(panel).toHaveAttribute('data-status', 'none', { timeout: 30_000 });
  await expect(page.getByTestId('block-criterion')).toHaveCount(2);
  await expect(page.locator('[data-testid="block-criterion"][data-met="true"]')).toHaveCount(2);
  await expect(page.getByTestId('block-terms')).toContainText('At least 10,000 shares in one transaction.');
  await expect(page.getByTestId('block-terms')).toContainText('less a published discount of 0.5%');
  const apply = page.getByTestId('block-apply-submit');
  await expect(apply).toBeDisabled();
  await page.getByTestId('block-accept').check();
  await apply.click();
  await expect(panel).toHaveAttribute('data-status', 'pending');
  await expect(panel).toContainText('Your application is under review');
  await noRawKeys(page, OWN_KEYS);

  // ---------------------------------------------------------------- the operator approves
  const ops = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  const console = await ops.newPage();
  await consoleSignIn(console, 'reviewer', 'Review1234!');
  await console.getByRole('menuitem', { name: 'Block trading' }).click();
  await expect(console.getByRole('heading', { name: 'Block trading applications' })).toBeVisible();
  await console.getByPlaceholder('Search by user ID or email').fill(user.email);
  await console.getByPlaceholder('Search by user ID or email').press('Enter');
  const row = console.getByRole('row').filter({ hasText: user.userId });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('block-criterion-identity')).toHaveAttribute('data-met', 'true');
  await expect(row.getByTestId('block-criterion-paypassword')).toHaveAttribute('data-met', 'true');
  await row.click();
  const drawer = console.getByRole('dialog').filter({ hasText: 'Block trading application' });
  await expect(drawer.getByTestId('block-detail-identity')).toHaveText('Met');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const confirm = console.getByRole('tooltip').filter({ hasText: 'Approve block trading?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByText('Approved', { exact: true }).first()).toBeVisible();
  await ops.close();

  // The decision is in the customer's inbox.
  const inbox = await request.get(`${API}/userMessage/getMessage`, { headers: { authorization: user.token } });
  expect(inbox.ok(), await inbox.text()).toBe(true);
  const messages = ((await inbox.json()) as { data: { list: Array<{ kind: string }> } }).data.list;
  expect(messages.map((m) => m.kind)).toContain('blockApproved');

  // ---------------------------------------------------------------- the desk
  await page.reload();
  const desk = page.getByTestId('block-desk');
  await expect(desk).toBeVisible({ timeout: 30_000 });
  const aegon = page.locator('[data-testid="block-row"][data-code="AGN"]');
  await expect(aegon).toBeVisible();
  // None bought yet: the customer's own list, behind the switch, says so.
  await show(page, 'My block trades');
  await expect(page.getByTestId('my-block-trades')).toContainText('No block trades yet');
  await show(page, 'The block desk');
  await aegon.getByTestId('block-choose').click();
  const ticket = page.getByTestId('block-ticket');
  await expect(ticket).toHaveAttribute('data-code', 'AGN');

  // Below the minimum: blocked in the form, nothing sent.
  await page.getByTestId('block-quantity').fill('9999');
  await page.getByTestId('block-review').click();
  await expect(page.getByTestId('block-quantity-error')).toContainText('A block is at least 10,000 shares.');
  await expect(page.getByTestId('confirm-sheet')).toHaveCount(0);
  await page.getByTestId('block-quantity').fill('10000');
  await expect(page.getByTestId('block-total')).toContainText('€');

  // A wrong transaction password is answered in the confirmation, which stays open.
  await page.getByTestId('block-review').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet.getByTestId('confirm-quantity')).toHaveText('10,000');
  await sheet.locator('#block-pay-password').fill('000000');
  await sheet.getByTestId('confirm-submit').click();
  await expect(sheet.getByTestId('block-secret-error')).toBeVisible();
  await expect(sheet.getByTestId('block-secret-error')).not.toBeEmpty();
  await noRawKeys(page, OWN_KEYS);

  // The right one buys the block. The simulated quote moves while the customer types: a desk price that rose above
  // the one confirmed is refused (nothing bought) and said with "Review the new price", which confirms again.
  const result = await confirmBlock(page, 'Nothing was bought');
  await expect(result).toContainText('You bought 10,000 AGN at the desk price.');
  await page.getByTestId('block-to-position').click();
  await expect(page).toHaveURL(/#\/pages\/trade\/detail\?.*AGN/);
  await expect(page.locator('body')).toContainText('AGN');
  const positionUrl = page.url();

  // ---------------------------------------------------------------- the customer's own block trades
  // A fresh load: a hash change alone once came back to the screen still showing the bought block (CI of ed95bd7,
  // passed on its retry), where the switch is not shown.
  await page.goto('/#/pages/product/blocktrade');
  await page.reload();
  await show(page, 'My block trades', 30_000);
  const mine = page.getByTestId('my-block-trade');
  await expect(mine).toHaveCount(1, { timeout: 30_000 });
  await expect(mine).toContainText('Aegon');
  await expect(mine).toContainText('10,000');
  await mine.getByTestId('my-block-position').click();
  await expect(page).toHaveURL(positionUrl);
});

/** The whole flow again for a customer of each other language: the screens in that language, the decision by API. */
const FLOWS = [
  { language: 'nl', desk: 'De blokdesk' },
  { language: 'zh-Hans', desk: '大宗交易台' },
] as const;

for (const run of FLOWS) {
  test(`apply, approved, and a block of 10,000 AGN bought, in ${run.language}`, async ({ page, request }) => {
    test.slow();
    const buyer = await registerUser(request, `blk${run.language.slice(0, 2)}`);
    await verifyIdentity(request, buyer);
    await setPayPassword(request, buyer, PAY);
    await fundCustomer(request, await customerId(request, buyer.token), 'BALANCE', '300000', 'Block trade test funds');
    await prepareDevice(page, { token: buyer.token, language: run.language });

    await page.goto('/#/pages/product/blocktrade');
    const panel = page.getByTestId('block-permission');
    await expect(panel).toHaveAttribute('data-status', 'none', { timeout: 30_000 });
    await page.getByTestId('block-accept').check();
    await page.getByTestId('block-apply-submit').click();
    await expect(panel).toHaveAttribute('data-status', 'pending');
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `block-${run.language}-00-pending`);

    await approveBlockTrading(request, buyer);
    await page.reload();
    await expect(page.getByTestId('block-desk')).toContainText(run.desk, { timeout: 30_000 });
    await page.locator('[data-testid="block-row"][data-code="AGN"]').getByTestId('block-choose').click();
    await page.getByTestId('block-quantity').fill('10000');
    await page.getByTestId('block-review').click();
    await expect(page.getByTestId('confirm-sheet').getByTestId('confirm-quantity')).toHaveText(/^10[.,]000$/);
    const result = await confirmBlock(page);
    await expect(result).toContainText('AGN');
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `block-${run.language}-03-bought`);
    await page.getByTestId('block-to-position').click();
    await expect(page).toHaveURL(/#\/pages\/trade\/detail\?.*AGN/);
  });
}

const LANGUAGES = [
  { language: 'en', desk: 'The block desk', review: 'Review block order', mine: 'My block trades' },
  { language: 'nl', desk: 'De blokdesk', review: 'Blokorder controleren', mine: 'Mijn blokhandel' },
  { language: 'zh-Hans', desk: '大宗交易台', review: '核对大宗订单', mine: '我的大宗交易' },
] as const;

for (const run of LANGUAGES) {
  test(`the approved desk and the ticket in ${run.language}`, async ({ page }) => {
    await prepareDevice(page, { token: user.token, language: run.language });
    await page.goto('/#/pages/product/blocktrade');
    const desk = page.getByTestId('block-desk');
    await expect(desk).toBeVisible({ timeout: 30_000 });
    await expect(desk).toContainText(run.desk);
    await expect(page.locator('[data-testid="block-row"]').first()).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `block-${run.language}-01-desk`);
    await show(page, run.mine);
    const mine = page.getByTestId('my-block-trades');
    await expect(mine.getByTestId('my-block-trade')).toHaveCount(1);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `block-${run.language}-01b-mine`);
    await show(page, run.desk);
    await page.locator('[data-testid="block-row"][data-code="AGN"]').getByTestId('block-choose').click();
    await expect(page.getByTestId('block-review')).toHaveText(run.review);
    await expect(page.getByTestId('block-total')).not.toHaveText('–');
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `block-${run.language}-02-ticket`);
  });
}
