/**
 * The product lists (issue 16) in a phone-sized Chromium: from the Market tab to UC stocks, popular, futures by
 * category and forex by group, each row opening its quote and its Trade link the order ticket; then one list in
 * Nederlands and one in 简体中文. The server's clock starts on a Monday at 15:30 UTC (playwright.config.ts), so US,
 * futures and forex trade.
 */
import type { Page } from '@playwright/test';
import { expect, prepareDevice, registerUser, shot, test } from './support';

const row = (page: Page, key: string) => page.locator(`[data-testid="quote-row"][data-key="${key}"]`);

test('the Market tab leads to the four product lists; rows open the quote and the ticket', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'lists');
  await prepareDevice(page, { token: user.token });
  await page.goto('/#/pages/market/index');

  // UC stocks: the US segment's own list comes first among the product links.
  const links = page.getByTestId(/^product-link-/);
  await expect(links.first()).toHaveAttribute('data-testid', 'product-link-ucstock');
  await shot(page, 'product-lists-market-en');
  await page.getByTestId('product-link-ucstock').click();
  await expect(page).toHaveURL(/#\/pages\/product\/ucstock$/);
  await expect(page.getByText(/listed in the US, mostly as ADRs/)).toBeVisible();
  const alibaba = row(page, '0:BABA');
  await expect(alibaba).toContainText('Alibaba Group Holding Limited (ADR)');
  await expect(alibaba.getByTestId('quote-price')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expect(row(page, '0:AAPL')).toHaveCount(0);
  await shot(page, 'product-ucstock-en');
  await alibaba.click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*code=BABA/);
  await page.goBack();
  await page.getByRole('link', { name: 'Trade Alibaba Group Holding Limited (ADR)' }).click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?.*code=BABA/);
  await expect(page.getByTestId('ticket-quote')).toContainText('BABA');

  // Popular: the rule on screen, rows counted or the stated fallback.
  await page.goto('/#/pages/product/popular');
  await expect(page.getByText(/placed an order on it in the last 30 days/)).toBeVisible();
  await expect(page.getByTestId('quote-row').first()).toBeVisible();
  await shot(page, 'product-popular-en');

  // Futures: metals first, then energy; rates has the bond futures, priced from the yield curves.
  await page.goto('/#/pages/product/future');
  await expect(row(page, '3:GC')).toContainText('Gold');
  await page.getByTestId('product-group-energy').click();
  await expect(row(page, '3:CL')).toContainText('WTI Crude Oil');
  await expect(row(page, '3:GC')).toHaveCount(0);
  await shot(page, 'product-future-energy-en');
  await page.getByTestId('product-group-rates').click();
  await expect(row(page, '3:FGBL')).toContainText('Euro-Bund');
  await expect(row(page, '3:ZN')).toContainText('10-Year US Treasury Note');
  await expect(row(page, '3:CL')).toHaveCount(0);
  await shot(page, 'product-future-rates-en');
  await page.getByTestId('product-group-energy').click();
  await row(page, '3:CL').getByText('WTI Crude Oil').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/future\?.*code=CL/);
  // A bond future opens its quote like every future (the ticket is the futures ticket).
  await page.goto('/#/pages/product/future?g=rates');
  await row(page, '3:FGBL').getByText('Euro-Bund').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/future\?.*code=FGBL/);

  // Forex: majors first, crosses by their chip.
  await page.goto('/#/pages/product/forex');
  await expect(row(page, '2:EURUSD')).toBeVisible();
  await page.getByTestId('product-group-cross').click();
  await expect(row(page, '2:EURGBP')).toContainText('EUR/GBP');
  await expect(row(page, '2:EURUSD')).toHaveCount(0);
  await shot(page, 'product-forex-cross-en');
  await page.getByRole('link', { name: 'Trade EUR/GBP' }).click();
  await expect(page).toHaveURL(/#\/pages\/payment\/forex\?.*code=EURGBP/);
});

test('in Nederlands, futures by category speak the language', async ({ page }) => {
  await prepareDevice(page, { language: 'nl' });
  await page.goto('/#/pages/product/future?g=agricultural');
  await expect(page.getByRole('button', { name: 'Landbouw', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/Granen, softs en vee/)).toBeVisible();
  await expect(row(page, '3:ZC')).toContainText('Corn');
  await expect(page.getByRole('link', { name: 'Handel in Corn' })).toBeVisible();
  await shot(page, 'product-future-nl');
});

test('in 简体中文, UC stocks show Chinese names', async ({ page }) => {
  await prepareDevice(page, { language: 'zh-Hans' });
  await page.goto('/#/pages/product/ucstock');
  await expect(page.getByText(/在美国上市的公司股票/)).toBeVisible();
  await expect(row(page, '0:BABA')).toContainText('阿里巴巴');
  await expect(row(page, '0:NIO')).toContainText('蔚来');
  await shot(page, 'product-ucstock-zh');
});
