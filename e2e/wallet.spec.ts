/**
 * Money in the customer app (docs/money.md): the funding overview, a transfer between currencies with its
 * confirmation and idempotency key, the bill, cancelling the transfer, and the inbox with its unread badge.
 * Each test registers its own customer and funds it through the console's manual adjustment.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { API, customerId, expect, fundCustomer, prepareDevice, registerUser, shot, test } from './support';

/** Credits `amount` to a wallet of the customer as an approved operator adjustment (an entry and a message). */
async function fund(request: APIRequestContext, token: string, walletType: string, amount: string, reason: string) {
  await fundCustomer(request, await customerId(request, token), walletType, amount, reason);
}

async function balances(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const res = await request.post(`${API}/wallet/getWalletBalance`, { headers: { authorization: token }, data: {} });
  const body = (await res.json()) as { data: Array<{ walletType: string; balance: string }> };
  return Object.fromEntries(body.data.map((w) => [w.walletType, w.balance]));
}

const confirmButton = (page: Page) => page.locator('.adm-dialog-button-bold:visible');

test('a customer transfers euros to the US stock wallet, sees it in the bill and cancels it', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'wal');
  await fund(request, user.token, 'BALANCE', '1000.00', 'E2E starting money');
  await prepareDevice(page, { token: user.token });

  // The profile shows the money.
  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('funding-total')).toHaveText('€1,000.00');
  await expect(page.getByTestId('funding-available')).toHaveText('€1,000.00');
  await expect(page.getByTestId('funding-on-hold')).toHaveText('€0.00');
  await expect(page.getByTestId('funding-wallet-BALANCE')).toContainText('€1,000.00');
  await expect(page.getByTestId('funding-wallet-US_STOCK')).toHaveCount(0);
  await shot(page, 'wallet-profile-en');

  // The transfer screen: Funding to US stocks, the available balance and the live-rate preview.
  await page.getByRole('link', { name: 'Transfer', exact: true }).click();
  await expect(page.getByTestId('transfer-from')).toHaveAttribute('data-value', 'BALANCE');
  await expect(page.getByTestId('transfer-to')).toHaveAttribute('data-value', 'US_STOCK');
  await expect(page.getByTestId('transfer-available')).toContainText('€1,000.00');

  // More than available is refused before sending; "All" fills in the whole balance.
  await page.getByLabel('Amount').fill('1000.01');
  await page.getByLabel('Amount').blur();
  await expect(page.getByText('This is more than is available (€1,000.00)')).toBeVisible();
  await page.getByTestId('transfer-amount-all').click();
  await expect(page.getByLabel('Amount')).toHaveValue('1000.00');
  await expect(page.getByText('This is more than is available (€1,000.00)')).toBeHidden();

  await page.getByLabel('Amount').fill('100');
  await expect(page.getByTestId('conversion-rate')).toHaveText(/^1 EUR = \d+\.\d+ USD$/);
  await expect(page.getByTestId('conversion-credit')).toHaveText(/^≈ \$\d+\.\d{2}$/);
  await shot(page, 'wallet-transfer-form-en');

  await page.getByTestId('transfer-submit').click();
  await expect(page.locator('.adm-dialog-content:visible')).toContainText('€100.00');
  await expect(page.locator('.adm-dialog-content:visible')).toContainText('US stocks');
  await shot(page, 'wallet-transfer-confirm-en');
  const sent = page.waitForRequest((r) => r.url().endsWith('/web/wallet/transfer'));
  await confirmButton(page).click();
  const request1 = await sent;
  expect(request1.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(request1.postDataJSON()).toEqual({ from: 'BALANCE', to: 'US_STOCK', amount: '100' });

  // The result as the server booked it.
  const result = page.getByTestId('transfer-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('transfer-debited')).toHaveText('-€100.00');
  await expect(page.getByTestId('transfer-credited')).toHaveText(/^\+\$\d+\.\d{2}$/);
  await expect(page.getByTestId('transfer-rate')).toContainText(/1 EUR = \d+\.\d+ USD/);
  await expect(page.getByTestId('transfer-cancel-notice')).toContainText('within 5 minutes');
  await shot(page, 'wallet-transfer-result-en');
  const credited = ((await page.getByTestId('transfer-credited').textContent()) ?? '').replace(/^\+\$/, '');
  const entryId = await result.getAttribute('data-entry');
  expect(await balances(request, user.token)).toMatchObject({ BALANCE: '900.00', US_STOCK: credited });

  // The bill shows both sides of the transfer; the first one offers to cancel it.
  await page.getByTestId('transfer-bill').click();
  const rows = page.locator(`[data-testid="bill-row"][data-entry="${entryId}"]`);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Transfer out' })).toContainText('-€100.00');
  await expect(rows.filter({ hasText: 'Transfer in' })).toContainText(`+$${credited}`);
  await expect(page.getByTestId('bill-cancel')).toHaveCount(1);
  await expect(page.locator('[data-testid="bill-row"][data-type="adjustment"]')).toContainText('E2E starting money');
  await shot(page, 'wallet-bill-en');

  // Filters.
  await page.getByTestId('bill-type-adjustment').click();
  await expect(page.getByTestId('bill-row')).toHaveCount(1);
  await page.getByTestId('bill-wallet-US_STOCK').click();
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await page.getByTestId('bill-clear-filters').click();
  await expect(rows).toHaveCount(2);

  // Cancel from the bill: asked first, sent with a key, both wallets back as before.
  await page.getByTestId('bill-cancel').click();
  await expect(page.locator('.adm-dialog-content:visible')).toContainText('within 5 minutes');
  const cancelSent = page.waitForRequest((r) => r.url().endsWith('/web/wallet/cancelTransfer'));
  await confirmButton(page).click();
  const cancelRequest = await cancelSent;
  expect(cancelRequest.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(cancelRequest.postDataJSON()).toEqual({ entryId: Number(entryId) });
  await expect(page.getByText('Transfer cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.locator('[data-testid="bill-row"][data-type="transferReversal"]')).toHaveCount(2);
  await expect(page.getByTestId('bill-cancel')).toHaveCount(0);
  await shot(page, 'wallet-bill-cancelled-en');
  expect(await balances(request, user.token)).toMatchObject({ BALANCE: '1000.00', US_STOCK: '0.00' });
});

test('in Dutch: the wallets swap and stay different, a same-currency transfer is cancelled from its result', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'walx');
  await fund(request, user.token, 'BALANCE', '50.00', 'E2E starting money');
  await prepareDevice(page, { token: user.token, language: 'nl' });
  await page.goto('/#/pages/profile/transfer?to=STOCK');
  await expect(page.getByTestId('transfer-to')).toHaveAttribute('data-value', 'STOCK');

  // Picking the other side's wallet swaps them; the swap button too.
  await page.getByTestId('transfer-to').click();
  await page.getByTestId('transfer-to-option-BALANCE').click();
  await expect(page.getByTestId('transfer-from')).toHaveAttribute('data-value', 'STOCK');
  await page.getByTestId('transfer-swap').click();
  await expect(page.getByTestId('transfer-from')).toHaveAttribute('data-value', 'BALANCE');
  await expect(page.getByTestId('transfer-to')).toHaveAttribute('data-value', 'STOCK');
  // Same currency: no conversion.
  await expect(page.getByTestId('conversion-preview')).toHaveCount(0);

  await page.getByLabel('Bedrag').fill('12,5');
  // Shown with the Dutch decimal comma; the form sends 12.5 (the debit below says €12,50).
  await expect(page.getByLabel('Bedrag')).toHaveValue('12,5');
  // The amount is checked against the wallet it comes from, at once when the wallets swap.
  await page.getByTestId('transfer-swap').click();
  await expect(page.getByText('Dit is meer dan beschikbaar is (€0,00)')).toBeVisible();
  await page.getByTestId('transfer-swap').click();
  await expect(page.getByText('Dit is meer dan beschikbaar is (€0,00)')).toBeHidden();
  await page.getByTestId('transfer-submit').click();
  await confirmButton(page).click();
  await expect(page.getByTestId('transfer-debited')).toHaveText('-€12,50');
  await expect(page.getByTestId('transfer-credited')).toHaveText('+€12,50');
  await expect(page.getByTestId('transfer-rate')).toHaveCount(0);
  await shot(page, 'wallet-transfer-result-nl');

  await page.getByTestId('transfer-cancel').click();
  await confirmButton(page).click();
  await expect(page.getByTestId('transfer-result-title')).toHaveText('Overboeking geannuleerd');
  await expect(page.getByTestId('transfer-cancel')).toHaveCount(0);
  expect(await balances(request, user.token)).toMatchObject({ BALANCE: '50.00', STOCK: '0.00' });

  // A new transfer starts from an empty form.
  await page.getByTestId('transfer-new').click();
  await expect(page.getByLabel('Bedrag')).toHaveValue('');
});

test('the inbox: unread badge, reading a message, mark all read', async ({ page, request }) => {
  const user = await registerUser(request, 'walin');
  await fund(request, user.token, 'BALANCE', '20.00', 'First credit');
  await fund(request, user.token, 'US_STOCK', '30.00', 'Second credit');
  await prepareDevice(page, { token: user.token });

  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('profile-unread')).toHaveText('2');
  await expect(page.getByTestId('tab-profile-unread')).toContainText('2');
  await page.getByTestId('profile-inbox').click();

  const rows = page.getByTestId('message-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('notice-unread-count')).toHaveText('2 unread messages');
  await shot(page, 'wallet-inbox-en');

  // Opening the newest marks it read and shows the whole body and a link to the screen it is about.
  await rows.first().click();
  const detail = page.getByTestId('message-detail');
  await expect(detail).toContainText('Second credit');
  await expect(detail.locator('p')).toHaveCount(2);
  await shot(page, 'wallet-message-en');
  await page.goBack();
  await expect(page.getByTestId('notice-unread-count')).toHaveText('1 unread message');
  await expect(rows.first()).toHaveAttribute('data-read', 'true');

  await page.getByTestId('notice-read-all').click();
  await expect(page.getByTestId('notice-unread-count')).toHaveText('All messages read');
  await expect(rows.nth(1)).toHaveAttribute('data-read', 'true');
  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('funding-overview')).toBeVisible();
  await expect(page.getByTestId('profile-unread')).toHaveCount(0);
  await expect(page.getByTestId('tab-profile-unread')).toHaveCount(0);
});
