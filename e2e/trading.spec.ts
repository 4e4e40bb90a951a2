/**
 * Issue 5 in the browser (docs/trading.md, apps/web/README.md "Trading"): a verified customer with money in
 * the product's wallet buys a US stock at market from its quote page, sees the position in Holdings with a
 * live profit or loss, adds margin, closes half, finds the closed part with its sellProfit under Closed and
 * the fee and profit or loss entries in the bill; places a limit order that waits under Orders and cancels
 * it after a confirmation; sells EUR/USD at 30:1 after being told how to fund the Forex wallet; and sees the
 * same screens in Dutch and Chinese. The server's clock starts on a Monday afternoon (SIM_CLOCK_START in
 * playwright.config.ts), so the US market and forex are open. Registration, identity approval and the
 * money come through the API (they have their own tests).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { API, credit, expect, overlaysGone, prepareDevice, snap, type TestUser, test, trader } from './support';

async function balanceOf(request: APIRequestContext, user: TestUser, walletType: string) {
  const res = await request.post(`${API}/wallet/getWalletBalance`, {
    headers: { authorization: user.token },
    data: { walletType },
  });
  return (await res.json()).data[0] as { balance: string; usedBalance: string };
}

/** The input inside an antd-mobile field found by its test id. */
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

const SIGNED_USD = /^[+-]?\$\d[\d,]*\.\d{2}$/;

test('issue 5: buy a US stock at market, live P&L, add margin, close half, closed tab and bill', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await trader(request, 'trd', [['US_STOCK', '5000']]);
  await prepareDevice(page, { token: user.token, language: 'en' });

  // ------------------------------------------------ the quote page's Buy opens the ticket with the instrument
  await page.goto('/#/pages/quote/stock?name=Apple&code=AAPL&source=0');
  await expect(page.getByTestId('market-phase')).toHaveAttribute('data-phase', 'regular');
  await page.getByTestId('buy').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?/);
  const url = new URL(page.url().replace('/#/', '/'));
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ code: 'AAPL', source: '0', direction: '0' });
  expect(url.searchParams.get('name')).toBeTruthy();

  await expect(page.getByTestId('ticket-quote')).toContainText('AAPL');
  await expect(page.getByTestId('ticket-available')).toContainText('$5,000.00');
  await expect(page.getByTestId('ticket-min')).toHaveText('Minimum 1');
  // Below the minimum is said under the field (0 is not a quantity).
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('ticket-quantity-error')).toContainText('Please add quantity');
  // The presets come from the server: what the available balance can carry at this leverage.
  await page.getByTestId('ticket-leverage-2').click();
  await expect(page.getByTestId('ticket-full')).toContainText(/Full · \d+/);
  await input(page, 'ticket-quantity').fill('10');
  await expect(page.getByTestId('ticket-margin')).toHaveText(/^\$1,0\d\d\.\d{2}$/);
  await expect(page.getByTestId('ticket-fee')).toHaveText(/^\$\d\.\d{2}$/);
  await expect(page.getByTestId('ticket-total')).toHaveText(/^\$1,0\d\d\.\d{2}$/);
  await snap(page, 'trading-01-ticket');

  await page.getByTestId('ticket-submit').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('confirm-quantity')).toContainText('10 shares');
  await expect(sheet.getByTestId('confirm-leverage')).toContainText('2:1');
  await expect(sheet.getByTestId('confirm-total')).toContainText(/\$1,0\d\d\.\d{2}/);
  await snap(page, 'trading-02-confirm');
  await sheet.getByTestId('confirm-submit').click();

  const result = page.getByTestId('ticket-result');
  await expect(result).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('ticket-result-title')).toHaveText('Order filled');
  await snap(page, 'trading-03-filled');

  // ------------------------------------------------ holdings: the position, its P&L moving with the market
  await page.getByTestId('result-trade').click();
  await expect(page).toHaveURL(/tab=holdings/);
  const row = page.locator('[data-testid="position-row"][data-code="AAPL"]');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('direction')).toHaveText('Buy 2:1');
  const profit = row.getByTestId('position-profit');
  await expect(profit).toHaveText(SIGNED_USD);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
  const first = await profit.textContent();
  // Live: the figure follows the ticks (every second) without a reload.
  await expect.poll(() => profit.textContent(), { timeout: 20_000, intervals: [500] }).not.toBe(first);
  await expect(page.getByTestId('margin-US_STOCK')).toContainText('US stocks');
  // 2:1 borrows: the wallet shows a margin level, not "Fully paid".
  await expect(page.getByTestId('margin-US_STOCK').getByTestId('margin-level')).toHaveText(/%$/);
  // The header: the portfolio's value and today's P/L, in EUR like the funding overview.
  await expect(page.getByTestId('portfolio-value')).toHaveText(/^€\d/);
  await expect(page.getByTestId('portfolio-today')).toHaveText(/^[+-]?€\d/);
  await snap(page, 'trading-04-holdings');

  // ------------------------------------------------ detail: add 100 of margin
  await row.click();
  await expect(page.getByTestId('position-detail')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('fact-quantity')).toContainText('10');
  await page.getByTestId('detail-margin').click();
  await input(page, 'add-margin-amount').fill('100');
  await expect(page.getByTestId('add-margin-after')).toContainText('$1,1');
  await snap(page, 'trading-05-add-margin');
  await page.getByTestId('add-margin-submit').click();
  await expect(page.getByText('Margin added')).toBeVisible();
  await overlaysGone(page);
  await expect(page.getByTestId('fact-added-margin')).toContainText('$100.00');

  // ------------------------------------------------ add 2 shares at market: 12, at the average open price
  await page.getByTestId('detail-add').click();
  await input(page, 'add-quantity').fill('2');
  await page.getByTestId('add-submit').click();
  await expect(page.getByText('Added to your position')).toBeVisible();
  await overlaysGone(page);
  await expect(page.getByTestId('fact-quantity')).toHaveText('12');
  await expect(page.getByTestId('position-orders').locator('li')).toHaveCount(2);

  // ------------------------------------------------ stop-loss and take-profit around the price
  const now = Number((await page.getByTestId('fact-now').textContent())?.replace(/,/g, ''));
  await page.getByTestId('detail-stops').click();
  // A price between two cents is refused at the field, before anything is sent (the step is AAPL's quote's).
  await input(page, 'stop-loss').fill(`${(now * 0.5).toFixed(2)}5`);
  await page.getByTestId('stops-submit').click();
  await expect(page.getByTestId('stops-sheet').getByText('Prices of AAPL go in steps of 0.01.')).toBeVisible();
  await expect(input(page, 'stop-loss')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'trading-05a-stops-tick');
  await input(page, 'stop-loss').fill('');
  // A take-profit below the price is refused with the rule.
  await input(page, 'take-profit').fill((now * 0.9).toFixed(2));
  await page.getByTestId('stops-submit').click();
  await expect(page.getByTestId('stops-sheet').getByTestId('trade-error')).toHaveAttribute(
    'data-reason',
    'takeProfitInvalid',
  );
  const stopLossUs = `${(now * 0.5).toFixed(1)}1`;
  const takeProfitUs = `${(now * 1.5).toFixed(1)}1`;
  await input(page, 'stop-loss').fill(stopLossUs);
  await input(page, 'take-profit').fill(takeProfitUs);
  await page.getByTestId('stops-submit').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await overlaysGone(page);
  await expect(page.getByTestId('fact-stop-loss')).toHaveText(stopLossUs);
  await expect(page.getByTestId('fact-take-profit')).toHaveText(takeProfitUs);
  await snap(page, 'trading-05b-detail');

  // ------------------------------------------------ close half
  await page.getByTestId('detail-close').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/close\?/);
  await expect(input(page, 'close-quantity')).toHaveValue('12');
  await page.getByTestId('close-part-50').click();
  await expect(input(page, 'close-quantity')).toHaveValue('6');
  await expect(page.getByTestId('close-released')).toHaveText(/^\$6\d\d\.\d{2}$/);
  await snap(page, 'trading-06-close-half');
  await page.getByTestId('close-submit').click();
  await expect(page.getByTestId('confirm-close-quantity')).toContainText('6 / 12');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('close-result')).toBeVisible();
  await expect(page.getByTestId('close-sell-profit')).toContainText(SIGNED_USD);
  const sellProfit = (await page.getByTestId('close-sell-profit').textContent())?.trim() ?? '';
  await expect(page.getByTestId('close-net')).toContainText(SIGNED_USD);
  const netProfit = (await page.getByTestId('close-net').textContent())?.trim() ?? '';
  await expect(page.getByTestId('close-remaining')).toHaveText('6');
  await snap(page, 'trading-07-closed-half');

  // ------------------------------------------------ closed tab: the closed half with its sellProfit
  await page.getByTestId('close-to-closed').click();
  const closed = page.locator('[data-testid="closed-row"][data-code="AAPL"]');
  await expect(closed).toHaveCount(1);
  // The headline is net of fees; gross (the settled P/L) and the fees beside it.
  await expect(closed.getByTestId('closed-net')).toHaveText(netProfit);
  await expect(closed.getByTestId('closed-profit')).toHaveText(sellProfit);
  await expect(closed.getByTestId('closed-fees')).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(closed).toContainText('Closed by you');
  await snap(page, 'trading-08-closed-tab');
  // The order history: the close (newest), the addition and the opening fill.
  await page.getByTestId('trade-tab-history').click();
  const history = page.getByTestId('history').getByTestId('order-row');
  await expect(history).toHaveCount(3);
  await expect(history.first()).toHaveAttribute('data-status', '1');
  await expect(history.first()).toContainText('Close');
  await expect(history.last()).toContainText('Open');
  await snap(page, 'trading-08b-history');
  // Still open: the other half.
  await page.getByTestId('trade-tab-holdings').click();
  await expect(page.locator('[data-testid="position-row"][data-code="AAPL"]')).toContainText('6 ·');

  // ------------------------------------------------ the bill: three fees (open, add, close) and the settled P&L
  await page.goto('/#/pages/profile/transaction');
  await expect(page.locator('[data-testid="bill-row"][data-type="tradeFee"]')).toHaveCount(3);
  const settled = page.locator(
    '[data-testid="bill-row"][data-type="tradeProfit"], [data-testid="bill-row"][data-type="tradeLoss"]',
  );
  await expect(settled).toHaveCount(1);
  await expect(settled).toContainText(/position #\d+ \(AAPL\)/);
  await expect(settled.getByTestId('bill-amount')).toHaveText(sellProfit);
  await snap(page, 'trading-09-bill');
});

test('a limit order waits under Orders and is cancelled after a confirmation; the hold is released', async ({
  page,
  request,
}) => {
  const user = await trader(request, 'lmt', [['US_STOCK', '3000']]);
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto('/#/pages/quote/stock?name=Microsoft&code=MSFT&source=0');
  await page.getByTestId('buy').click();
  await page.getByTestId('ticket-type-limit').click();
  const price = input(page, 'ticket-price');
  await expect(price).toHaveValue(/^\d+\.\d{2}$/);
  // Far below the market: it waits. First with a third decimal: MSFT's prices go in cents.
  const limit = (Number(await price.inputValue()) * 0.7).toFixed(2);
  await price.fill(`${limit}5`);
  await input(page, 'ticket-quantity').fill('2');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByText('Prices of MSFT go in steps of 0.01.')).toBeVisible();
  await expect(page.getByTestId('confirm-sheet')).toHaveCount(0);
  await snap(page, 'trading-09a-limit-tick');
  await price.fill(limit);
  await expect(page.getByTestId('ticket-total')).toHaveText(/^\$\d+\.\d{2}$/);
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('confirm-sheet')).toContainText('Limit');
  // What is held is the most it costs: a fill at a better price is charged the fill's figures (docs/trading.md).
  await expect(page.getByTestId('confirm-sheet')).toContainText('They are the most this order costs');
  await expect(page.getByTestId('confirm-price')).toHaveText(`$${limit}`);
  await snap(page, 'trading-09b-limit-confirm');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('ticket-result-title')).toHaveText('Order placed');
  await expect(page.getByTestId('result-price')).toHaveText(`$${limit}`);
  const held = await balanceOf(request, user, 'US_STOCK');
  expect(Number(held.usedBalance)).toBeGreaterThan(0);

  await page.getByTestId('result-trade').click();
  await expect(page).toHaveURL(/tab=entrusted/);
  const order = page.getByTestId('order-row');
  await expect(order).toHaveCount(1);
  await expect(order).toHaveAttribute('data-status', '0');
  await expect(order).toContainText('MSFT');
  await expect(order).toContainText('Waiting');
  await snap(page, 'trading-10-entrusted');

  // Cancel asks first; "Keep order" keeps it.
  await order.getByTestId('order-cancel').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Cancel this order?' });
  await expect(dialog.getByTestId('cancel-confirm')).toContainText(`Buy 2 MSFT at ${limit}`);
  await snap(page, 'trading-11-cancel-confirm');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await overlaysGone(page);
  await expect(order).toHaveCount(1);

  await order.getByTestId('order-cancel').click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(0);
  await expect(page.getByText('No waiting orders')).toBeVisible();
  // It does not vanish: the history keeps it, cancelled.
  await page.getByTestId('trade-tab-history').click();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('order-row')).toContainText('Cancelled');
  const released = await balanceOf(request, user, 'US_STOCK');
  expect(released).toMatchObject({ balance: '3000.00', usedBalance: '0.00' });
});

test('a 1:1 position reads as fully paid, not as a margin level near a margin call', async ({ page, request }) => {
  const user = await trader(request, 'one', [['US_STOCK', '3000']]);
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/payment/stock?name=Apple&code=AAPL&source=0&direction=0');
  await page.getByTestId('ticket-leverage-1').click();
  await input(page, 'ticket-quantity').fill('2');
  await expect(page.getByTestId('ticket-total')).toHaveText(/^\$\d/);
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('confirm-leverage')).toContainText('1:1');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '1');
  await page.getByTestId('result-trade').click();
  // Bought at the ask, it is worth the bid: about 99.9 % of its cost, which as a "margin level" would alarm.
  const wallet = page.getByTestId('margin-US_STOCK');
  await expect(wallet.getByTestId('margin-fully-paid')).toHaveText('Fully paid (1:1)');
  await expect(wallet.getByTestId('margin-level')).toHaveCount(0);
  await expect(page.getByTestId('position-row')).toContainText('Paid $');
  await snap(page, 'trading-11b-fully-paid');
});

test('a forex trade at 30:1: an empty wallet says how to fund it, the minimum is checked, then it fills', async ({
  page,
  request,
}) => {
  const user = await trader(request, 'fx', []);
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto('/#/pages/quote/forex?name=EUR%2FUSD&code=EURUSD&source=2');
  await page.getByTestId('sell').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/forex\?.*direction=1/);
  await expect(page.getByTestId('ticket-side-sell')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('ticket-min')).toHaveText('Minimum 1,000, in steps of 1,000');
  await page.getByTestId('ticket-leverage-30').click();

  // Below the minimum: said under the field, with a way to use the minimum.
  await input(page, 'ticket-quantity').fill('500');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('ticket-quantity-error')).toContainText('The minimum is 1,000');
  await page.getByTestId('ticket-quantity-error').getByRole('button', { name: 'Use the minimum' }).click();
  await expect(input(page, 'ticket-quantity')).toHaveValue('1000');

  // Nothing in the Forex wallet yet: the ticket says so and links to a transfer into it.
  await input(page, 'ticket-quantity').fill('10000');
  const short = page.getByTestId('ticket-summary').getByTestId('trade-error');
  await expect(short).toHaveAttribute('data-reason', 'insufficientMargin');
  await expect(short.getByTestId('trade-error-transfer')).toHaveAttribute('href', /profile\/transfer\?to=FOREX/);
  await expect(short.getByTestId('trade-error-deposit')).toBeVisible();
  await snap(page, 'trading-12-forex-no-margin');

  await credit(request, user, 'FOREX', '1000');
  await page.reload();
  await page.getByTestId('ticket-leverage-30').click();
  await input(page, 'ticket-quantity').fill('10000');
  await expect(page.getByTestId('ticket-summary').getByTestId('trade-error')).toHaveCount(0);
  // 10,000 EUR at 30:1: about €333 of margin.
  await expect(page.getByTestId('ticket-margin')).toHaveText(/^€3[23]\d\.\d{2}$/);
  // Protection set with the order: for a sell, the stop-loss above the price and the take-profit below it.
  const bid = Number(await page.getByTestId('ticket-bid').textContent());
  // Five decimals ending in 1 read back exactly as typed (no trailing zero to drop).
  const fivePlaces = (n: number) => `${n.toFixed(4)}1`;
  const stopLoss = fivePlaces(bid * 1.05);
  const takeProfit = fivePlaces(bid * 0.95);
  await page.getByTestId('ticket-protect').check();
  await input(page, 'ticket-stop-loss').fill(stopLoss);
  await input(page, 'ticket-take-profit').fill(takeProfit);
  await snap(page, 'trading-13-forex-ticket');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('confirm-leverage')).toContainText('30:1');
  await expect(page.getByTestId('confirm-quantity')).toContainText('10,000 units');
  await expect(page.getByTestId('confirm-stop-loss')).toHaveText(stopLoss);
  await expect(page.getByTestId('confirm-take-profit')).toHaveText(takeProfit);
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '1');
  await page.getByTestId('result-position').click();
  await expect(page.getByTestId('position-detail')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('direction').first()).toHaveText('Sell 30:1');
  await expect(page.getByTestId('fact-quantity')).toContainText('10,000');
  await expect(page.getByTestId('fact-margin')).toContainText(/€3[23]\d\.\d{2}/);
  await expect(page.getByTestId('fact-stop-loss')).toHaveText(stopLoss);
  await expect(page.getByTestId('fact-take-profit')).toHaveText(takeProfit);
  await snap(page, 'trading-14-forex-position');
});

test('Hong Kong stocks: a closed market starts the ticket on a limit order, which waits under Orders', async ({
  page,
  request,
}) => {
  const user = await trader(request, 'hk', [['HK_STOCK', '20000']]);
  await prepareDevice(page, { token: user.token, language: 'en' });

  // 15:30 UTC: Hong Kong closed hours ago and opens at 09:30 Hong Kong time (01:30 UTC).
  await page.goto('/#/pages/hkstock/quote?name=Tencent&code=00700&source=11');
  await page.getByTestId('buy').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?.*source=11/);
  await expect(page.getByTestId('ticket-market-closed')).toContainText('Market closed · opens Tue 01:30');
  // A market order would be refused while closed: the ticket is on limit, at the price it would fill at now.
  await expect(page.getByTestId('ticket-price').locator('input')).toHaveValue(/^\d+\.\d{2}$/);
  await expect(page.getByTestId('ticket-market-price')).toHaveCount(0);
  await expect(page.getByTestId('ticket-min')).toHaveText('Minimum 100, in steps of 100');
  await input(page, 'ticket-quantity').fill('150');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('ticket-quantity-error')).toHaveText('Use a multiple of 100');
  await input(page, 'ticket-quantity').fill('100');
  await expect(page.getByTestId('ticket-total')).toHaveText(/^€\d/);
  await overlaysGone(page);
  await snap(page, 'trading-15-hk-closed');
  await page.getByTestId('ticket-submit').click();
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('ticket-result')).toHaveAttribute('data-status', '0');
});

for (const language of ['nl', 'zh-Hans'] as const) {
  const words = {
    nl: { holdings: 'Posities', closed: 'Gesloten', review: 'Order controleren', filled: 'Order uitgevoerd' },
    'zh-Hans': { holdings: '持仓', closed: '已平仓', review: '检查订单', filled: '订单已成交' },
  }[language];

  test(`the trading screens in ${language}`, async ({ page, request }) => {
    const user = await trader(request, language === 'nl' ? 'nl' : 'zh', [['US_STOCK', '5000']]);
    await prepareDevice(page, { token: user.token, language });
    const noRawKeys = async () => expect(page.locator('body')).not.toContainText(/trading\.[a-zA-Z]+\./);

    await page.goto('/#/pages/payment/stock?name=Apple&code=AAPL&source=0&direction=0');
    await expect(page.getByTestId('ticket-submit')).toHaveText(words.review);
    await page.getByTestId('ticket-leverage-5').click();
    await input(page, 'ticket-quantity').fill('4');
    await expect(page.getByTestId('ticket-total')).toHaveText(/\$\d/);
    await noRawKeys();
    await snap(page, `trading-${language}-01-ticket`);
    await page.getByTestId('ticket-submit').click();
    await expect(page.getByTestId('confirm-sheet')).toBeVisible();
    await noRawKeys();
    await snap(page, `trading-${language}-02-confirm`);
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('ticket-result-title')).toHaveText(words.filled);

    await page.getByTestId('result-trade').click();
    await expect(page.getByTestId('trade-tab-holdings')).toHaveText(words.holdings);
    await expect(page.getByTestId('position-row')).toHaveCount(1);
    await expect(page.getByTestId('position-profit')).toHaveText(/^[+-]?\$\d/);
    await noRawKeys();
    await snap(page, `trading-${language}-03-holdings`);

    await page.getByTestId('position-row').click();
    await expect(page.getByTestId('position-detail')).toBeVisible();
    await noRawKeys();
    await snap(page, `trading-${language}-04-detail`);
    await page.getByTestId('detail-stops').click();
    await expect(page.getByTestId('stops-sheet')).toBeVisible();
    await noRawKeys();
    await snap(page, `trading-${language}-05-stops`);
    await page.getByTestId('stops-sheet').locator('.sheet__close').click();
    await overlaysGone(page);

    await page.getByTestId('detail-close').click();
    await expect(input(page, 'close-quantity')).toHaveValue('4');
    await noRawKeys();
    await snap(page, `trading-${language}-06-close`);
    await page.getByTestId('close-submit').click();
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('close-result')).toBeVisible();
    await page.getByTestId('close-to-closed').click();
    await expect(page.getByTestId('trade-tab-closed')).toHaveText(words.closed);
    await expect(page.getByTestId('closed-row')).toHaveCount(1);
    await noRawKeys();
    await snap(page, `trading-${language}-07-closed`);
    await page.getByTestId('trade-tab-history').click();
    await expect(page.getByTestId('order-row')).toHaveCount(2);
    await noRawKeys();
    await snap(page, `trading-${language}-08-history`);
  });
}
