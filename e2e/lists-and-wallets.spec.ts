/**
 * Issue 13, defects found walking the app as a new user: market list names shown in full (not cut with an
 * ellipsis) at a phone's width, pinch zoom allowed, and the order ticket of a Dutch stock naming the wallet
 * that pays (Funding, SPEC §3) with a "Move €X to Funding" link that opens the transfer prefilled from the
 * wallet the customer did fill (Stocks).
 */
import type { Page } from '@playwright/test';
import { customerId, expect, fundCustomer, prepareDevice, registerUser, shot, test, verifyIdentity } from './support';

/** Names in the first `n` rows whose text does not fit its box (cut by an ellipsis, a clamp or hidden overflow). */
function cutNames(page: Page, n: number) {
  return page.evaluate((n) => {
    const names = [...document.querySelectorAll<HTMLElement>('[data-testid="quote-row"] .quote-row__name')];
    return names
      .slice(0, n)
      .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent);
  }, n);
}

test('market list names are shown in full and pinch zoom is allowed', async ({ page }) => {
  await prepareDevice(page, { language: 'en' });
  await page.goto('/#/pages/market/index');
  const rows = page.getByTestId('quote-row');
  // The first page (15 rows) and, scrolled to its end, the next.
  await expect(rows.nth(14)).toBeAttached();
  await rows.nth(14).scrollIntoViewIfNeeded();
  await expect(rows.nth(29)).toBeAttached();
  expect(await cutNames(page, 30)).toEqual([]);
  await shot(page, 'lists-market-us');

  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).toContain('width=device-width');
  expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/);
  expect(viewport).not.toMatch(/maximum-scale/);
});

test('the ticket of a Dutch stock names Funding and offers to move the shortfall there from Stocks', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'wlt');
  await verifyIdentity(request, user, { firstName: 'Test', lastName: 'Trader', idNumber: 'NX7654321' });
  // The customer put money in the wallet called Stocks, which does not pay for DE, NL or BE stocks.
  await fundCustomer(request, await customerId(request, user.token), 'STOCK', '5000', 'Test funds in Stocks');
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto('/#/pages/payment/stock?name=ASML&code=ASML&source=0&direction=0');
  const paidFrom = page.getByTestId('ticket-wallet');
  await expect(paidFrom).toHaveAttribute('data-wallet', 'BALANCE');
  await expect(paidFrom).toHaveText('This order is paid from your Funding wallet.');
  await expect(page.getByTestId('ticket-available')).toContainText('€0.00');

  await page.getByTestId('ticket-quantity').locator('input').fill('1');
  const total = (await page.getByTestId('ticket-total').textContent()) ?? '';
  expect(total).toMatch(/^€[\d,]+\.\d{2}$/);
  const short = page.getByTestId('ticket-summary').getByTestId('trade-error');
  await expect(short).toHaveAttribute('data-reason', 'insufficientMargin');
  const move = short.getByTestId('trade-error-transfer');
  // Nothing in Funding: the shortfall is the whole total.
  await expect(move).toHaveText(`Move ${total} to Funding ›`);
  const amount = total.replace(/[€,]/g, '');
  await expect(move).toHaveAttribute('href', `#/pages/profile/transfer?from=STOCK&to=BALANCE&amount=${amount}`);
  await short.scrollIntoViewIfNeeded();
  await shot(page, 'lists-ticket-shortfall', { animations: 'disabled' });

  await move.click();
  await expect(page.getByTestId('transfer-from')).toHaveAttribute('data-value', 'STOCK');
  await expect(page.getByTestId('transfer-to')).toHaveAttribute('data-value', 'BALANCE');
  await expect(page.getByTestId('transfer-amount').locator('input')).toHaveValue(amount);
  await shot(page, 'lists-transfer-prefilled');
});

test('in Dutch and Chinese the ticket names the paying wallet by its transfer-screen name', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'wlt');
  await verifyIdentity(request, user, { firstName: 'Test', lastName: 'Trader', idNumber: 'NX7654321' });
  for (const [language, text] of [
    ['nl', 'Deze order wordt betaald vanaf uw rekening Tegoed.'],
    ['zh-Hans', '此订单从您的资金账户支付。'],
  ] as const) {
    const tab = await page.context().newPage();
    await prepareDevice(tab, { token: user.token, language });
    await tab.goto('/#/pages/payment/stock?name=ASML&code=ASML&source=0&direction=0');
    await expect(tab.getByTestId('ticket-wallet')).toHaveText(text);
    await tab.close();
  }
});
