/**
 * Trading in the console on a desktop viewport: an admin changes a leverage cap (a value above the ESMA
 * limit is refused on the field, the change is confirmed, published and audited), a reviewer may only read
 * the rules, and an operator reads a customer's open and closed positions and orders.
 */
import { Decimal, formatMoney } from '@beurs/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  customerId,
  documentPng,
  expect,
  fundCustomer,
  operatorLogin,
  registerUser,
  shot,
  consoleSignIn as signIn,
  type TestUser,
  test,
  uploadImage,
} from './support';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

/** "-0.24" -> "−$0.24", "1.5" -> "+$1.50", as the console shows a profit or loss in the US stock wallet. */
function signedDollars(amount: string): string {
  const d = new Decimal(amount);
  const abs = `$${formatMoney(d.abs())}`;
  return d.isZero() ? abs : d.isNegative() ? `\u2212${abs}` : `+${abs}`;
}

let keySeq = 0;
const idempotencyKey = () => `e2e-console-trading-${Date.now().toString(36)}-${++keySeq}`;

async function apiPost<T>(request: APIRequestContext, path: string, token: string, data: unknown, idempotent = false) {
  const res = await request.post(`${API}${path}`, {
    headers: { authorization: token, ...(idempotent ? { 'idempotency-key': idempotencyKey() } : {}) },
    data,
  });
  const body = (await res.json()) as { code: number; msg: string; data: T; reason?: string };
  return body;
}

async function ok<T>(request: APIRequestContext, path: string, token: string, data: unknown, idempotent = false) {
  const body = await apiPost<T>(request, path, token, data, idempotent);
  if (body.code !== 200) throw new Error(`${path} ${body.code}: ${body.msg}`);
  return body.data;
}

/**
 * A verified customer with $10,000 in the US stock wallet who bought 10 AAPL at market, closed 4 of them,
 * and has a limit buy waiting far below the price. All through the public API, as the customer would.
 */
async function customerWhoTraded(page: Page, request: APIRequestContext): Promise<{ user: TestUser; id: number }> {
  const user = await registerUser(request, 'cmtrd');
  const id = await customerId(request, user.token);
  const operator = await operatorLogin(request);

  const frontFileId = await uploadImage(request, user.token, 'front.png', await documentPng(page, 'ID FRONT'));
  const backFileId = await uploadImage(request, user.token, 'back.png', await documentPng(page, 'ID BACK'));
  await ok(request, '/updateReal', user.token, {
    firstName: 'Test',
    lastName: 'Trader',
    country: 'NL',
    idType: 'idCard',
    idNumber: 'NX1122334',
    frontFileId,
    backFileId,
  });
  const queue = await request.get(`${API}/console/kyc?q=${encodeURIComponent(user.email)}`, {
    headers: { authorization: operator },
  });
  const submission = ((await queue.json()) as { data: { list: Array<{ id: number }> } }).data.list[0];
  if (!submission) throw new Error('no identity submission');
  await ok(request, `/console/kyc/${submission.id}/approve`, operator, {});
  await fundCustomer(request, id, 'US_STOCK', '10000', 'Trading test funds');

  // The fee schedule the ticket shows, which each order sends back (docs/trading.md "Fees").
  const rates = await request.get(`${API}/stock_rate/site/get?stockCode=AAPL`);
  const { termsVersion } = ((await rates.json()) as { data: { termsVersion: string } }).data;
  const bought = await ok<{ position: { id: number } | null }>(
    request,
    '/stock/create',
    user.token,
    { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 10, termsVersion },
    true,
  );
  if (!bought.position) throw new Error('the market buy did not fill');
  await ok(request, '/position/flatPosition', user.token, { id: bought.position.id, quantity: 4 }, true);
  await ok(
    request,
    '/stock/create',
    user.token,
    { stockCode: 'AAPL', direction: 0, orderType: 1, price: '1.00', quantity: 2, termsVersion },
    true,
  );
  return { user, id };
}

interface SettingRow {
  assetClass: string;
  leverageCap: number;
  buyRate: string;
  sellRate: string;
  minQuantity: number;
}

async function settingOf(request: APIRequestContext, assetClass: string): Promise<SettingRow> {
  const res = await request.get(`${API}/console/trading/settings`, {
    headers: { authorization: await operatorLogin(request) },
  });
  const row = ((await res.json()) as { data: SettingRow[] }).data.find((s) => s.assetClass === assetClass);
  if (!row) throw new Error(`no setting ${assetClass}`);
  return row;
}

test('an admin changes a leverage cap: a value above the ESMA limit is refused, the change is confirmed and audited', async ({
  page,
  request,
}) => {
  const original = await settingOf(request, 'forexMinor');
  const { assetClass: _, ...originalInput } = original;
  try {
    await signIn(page, 'admin', 'Admin1234!');
    await page.getByRole('menuitem', { name: 'Trading settings' }).click();
    await expect(page.getByRole('heading', { name: 'Trading settings' })).toBeVisible();

    // Retail defaults at the ESMA caps.
    const caps: Record<string, string> = {
      forexMajor: '30:1',
      forexMinor: '20:1',
      gold: '20:1',
      indexMajor: '20:1',
      commodity: '10:1',
      indexOther: '10:1',
      stock: '5:1',
    };
    for (const [assetClass, cap] of Object.entries(caps)) {
      await expect(page.getByTestId(`setting-${assetClass}`).getByTestId('leverage-cap')).toHaveText(cap);
    }
    await shot(page, 'console-trading-settings');

    const row = page.getByTestId('setting-forexMinor');
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trading rules: Minor FX pairs' });
    const leverage = dialog.getByLabel('Leverage cap');
    const buyFee = dialog.getByLabel('Buy fee');
    await expect(leverage).toHaveValue('20');

    // Above the ESMA limit, and a fee of 20 %: refused on the fields, nothing is sent.
    await leverage.fill('50');
    await buyFee.fill('0.2');
    await dialog.getByRole('button', { name: 'Review change' }).click();
    await expect(dialog.getByText('Enter a whole number from 1 to 20: 20:1 is the ESMA retail limit.')).toBeVisible();
    await expect(
      dialog.getByText('Enter a fraction from 0 to 0.05 with at most 6 decimals, e.g. 0.001 for 0.1 %.'),
    ).toBeVisible();
    await shot(page, 'console-trading-settings-invalid');

    // The server refuses it too, whoever asks.
    const refused = await apiPost(request, '/console/trading/settings/forexMinor', await operatorLogin(request), {
      ...originalInput,
      leverageCap: 50,
    });
    expect(refused.code).toBe(422);
    expect(refused.reason).toBe('leverageAboveEsma');

    // A valid change: the confirmation lists what changes, before and after.
    await leverage.fill('15');
    await buyFee.fill(original.buyRate);
    await dialog.getByRole('button', { name: 'Review change' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the trading rules of Minor FX pairs?' });
    const changes = confirm.getByTestId('setting-changes').locator('tbody tr');
    await expect(changes).toHaveCount(1);
    await expect(changes.getByRole('cell')).toHaveText(['Leverage cap', '20:1', '15:1']);
    await expect(confirm).toContainText('Every change is recorded in the audit log');
    await shot(page, 'console-trading-settings-confirm');
    await confirm.getByRole('button', { name: 'Save change' }).click();
    await expect(page.getByText('Trading rules of Minor FX pairs saved.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByTestId('leverage-cap')).toHaveText('15:1');
    await expect(row).toContainText('Below ESMA');
    await expect(row).toContainText('by admin');
    await shot(page, 'console-trading-settings-saved');

    // Published to the customers' order tickets.
    const published = await request.get(`${API}/stock_rate/site/get?source=2`);
    const all = ((await published.json()) as { data: { all: Array<{ assetClass: string; maxLeverage: number }> } }).data
      .all;
    expect(all.find((a) => a.assetClass === 'forexMinor')?.maxLeverage).toBe(15);

    // Audited.
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'forexMinor' }).first()).toContainText('admin');
    await shot(page, 'console-trading-audit');
  } finally {
    // Back to what it was, for the tests that trade after this one.
    await ok(request, '/console/trading/settings/forexMinor', await operatorLogin(request), originalInput);
  }
});

test('a reviewer reads the trading rules but cannot change them', async ({ page }) => {
  await signIn(page, 'reviewer', 'Review1234!');
  await page.goto('/console/#/trading-settings');
  await expect(page.getByTestId('trading-read-only')).toContainText('Only admins can change the trading rules.');
  await expect(page.getByTestId('setting-stock').getByTestId('leverage-cap')).toHaveText('5:1');
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test("an operator reads a customer's open and closed positions and orders", async ({ page, request }) => {
  const { user, id } = await customerWhoTraded(page, request);
  await signIn(page, 'reviewer', 'Review1234!');
  await page.goto(`/console/#/customers/${id}`);
  await expect(page.getByRole('heading', { name: `Customer ${user.userId}` })).toBeVisible();

  const trading = page.getByTestId('trading-card');
  await expect(trading.getByRole('tab', { name: 'Open positions (1)' })).toBeVisible();
  const open = trading.getByRole('row').filter({ hasText: 'AAPL' });
  await expect(open).toHaveCount(1);
  await expect(open).toContainText('Buy (long)');
  await expect(open).toContainText('5:1');
  await expect(open.getByRole('cell').nth(3)).toHaveText('6');
  await expect(open).toContainText('USD');
  // Margin is held in the US stock wallet (on hold), not spent.
  const usWallet = page.getByTestId('wallets-card').getByRole('row').filter({ hasText: 'US stocks' });
  await expect(usWallet.getByRole('cell').nth(3)).not.toHaveText('$0.00');
  await trading.scrollIntoViewIfNeeded();
  await shot(page, 'console-customer-open-positions');

  await trading.getByRole('tab', { name: 'Closed positions' }).click();
  const closed = trading.getByRole('row').filter({ hasText: 'AAPL' });
  await expect(closed).toHaveCount(1);
  await expect(closed.getByRole('cell').nth(3)).toHaveText('4');
  await expect(closed).toContainText('Customer');
  // The realised profit or loss is the one settled for the customer (their closed list), to the cent.
  const flat = await ok<{ list: Array<{ sellProfit: string }> }>(request, '/position/flatList', user.token, {});
  const sellProfit = flat.list[0]?.sellProfit ?? 'missing';
  await expect(closed.getByRole('cell').nth(6)).toContainText(signedDollars(sellProfit));
  await shot(page, 'console-customer-closed-positions');

  await trading.getByRole('tab', { name: 'Orders' }).click();
  const orders = trading.getByRole('row').filter({ hasText: 'AAPL' });
  await expect(orders).toHaveCount(3);
  await expect(orders.filter({ hasText: 'Waiting' })).toContainText('Limit 1.00 USD');
  await expect(orders.filter({ hasText: 'Filled' })).toHaveCount(2);
  await shot(page, 'console-customer-orders');

  await trading.getByTestId('orders-status-filter').click();
  await page.locator('.ant-select-item-option[title="Waiting"]').click();
  await expect(orders).toHaveCount(1);
  await expect(orders).toContainText('Waiting');

  // The ledger beside it has the trading fees.
  await expect(
    page.getByTestId('ledger-card').getByRole('row').filter({ hasText: 'Trading fee' }).first(),
  ).toBeVisible();
});
