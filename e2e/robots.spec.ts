/**
 * The crypto market and the trading robots in the browser (issue 17; docs/strategies.md): a guest opens the Market
 * tab's Crypto list, a pair's quote (live, no Buy or Sell, the reason, the way to the robots that trade it) and finds
 * Bitcoin by searching "BTC". A customer with 150 USD in the US stocks wallet reads the robots, one robot's terms,
 * statuses and what they may allocate (too little for the grid robot's minimum), in English, Dutch and Chinese.
 * A verified customer rents a robot from its product screen (the confirm sheet with the price, the simulated-results
 * line and the transaction password), sees its status and event log on its screen and in My robots, ends it and
 * gets its value back, in the three languages. Its trading over hours is tested on the deterministic clock in
 * apps/server/src/modules/robots/orders.test.ts: the e2e server's robot starts trading at the next whole hour.
 */
import { Decimal } from '@beurs/contracts';
import type { Locator, Page } from '@playwright/test';
import {
  credit,
  expect,
  noRawKeys,
  prepareDevice,
  registerUser,
  snap,
  type TestUser,
  test,
  trader,
  walletBalance,
} from './support';

const row = (scope: Page | Locator, key: string) => scope.locator(`[data-testid="quote-row"][data-key="${key}"]`);
/** A raw text key ("robots.labels.rent") where a text should be. */
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['robots', 'routes', 'market', 'quote'];
const noMining = (page: Page) => expect(page.locator('body')).not.toContainText(/mining|minen|挖矿/i);

test('the Crypto tab lists the pairs live; a pair has no ticket and leads to its robots; search finds BTC', async ({
  page,
}) => {
  await prepareDevice(page);
  await page.goto('/#/pages/market/index');
  await page.getByTestId('market-tab-crypto').click();
  await expect(page).toHaveURL(/m=crypto/);
  const btc = row(page, '100:BTCUSD');
  await expect(btc).toContainText('Bitcoin');
  await expect(btc.getByTestId('quote-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.locator('[data-testid="quote-row"]')).toHaveCount(10);
  await expect(page.getByTestId('crypto-robots')).toContainText('Trading robots');
  await snap(page, 'robots-01-crypto-tab');

  await btc.click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*code=BTCUSD.*source=100/);
  await expect(page.getByTestId('quote-last')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('market-phase')).toHaveAttribute('data-phase', 'regular');
  const footer = page.getByTestId('crypto-no-trade');
  await expect(footer).toContainText("Crypto can't be bought or sold directly in this app");
  await expect(page.getByTestId('buy')).toHaveCount(0);
  await expect(page.getByTestId('sell')).toHaveCount(0);
  await snap(page, 'robots-02-crypto-quote');

  await footer.getByTestId('crypto-robots').click();
  await expect(page).toHaveURL(/#\/pages\/robotai\/quote\?.*code=BTCUSD/);
  const robots = page.getByTestId('pair-robot');
  await expect(robots).toHaveCount(2);
  await expect(page.locator('[data-testid="pair-robot"][data-code="GRID-BTC"]')).toContainText('Grid robot · BTC, ETH');
  await snap(page, 'robots-03-robot-quote');

  await page.goto('/#/pages/search/index?q=BTC');
  const first = page.getByTestId('search-results').getByTestId('quote-row').first();
  await expect(first).toHaveAttribute('data-key', '100:BTCUSD');
  await expect(first).toContainText('Crypto');
  await noRawKeys(page, OWN_KEYS);
  await snap(page, 'robots-04-search-btc');
});

const RUNS = [
  {
    language: 'en',
    rent: '9.90',
    grid: 'Grid robot · BTC, ETH',
    rule: 'every 0.50% below the start price',
    stopped: 'it never asks you to add money',
    cannot: 'You need at least 200.00 USD available',
  },
  {
    language: 'nl',
    rent: '9,90',
    grid: 'Gridrobot · BTC, ETH',
    rule: 'elke 0,50% onder de startprijs',
    stopped: 'hij vraagt u nooit geld bij te storten',
    cannot: 'U hebt minstens 200,00 USD beschikbaar nodig',
  },
  {
    language: 'zh-Hans',
    rent: '9.90',
    grid: '网格机器人 · BTC, ETH',
    rule: '下方每隔 0.50% 挂买单',
    stopped: '它绝不会要求您追加资金',
    cannot: '启动此机器人至少需要 200.00 USD 可用余额',
  },
] as const;

let user: TestUser;
test.describe('robot products', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ request }) => {
    user = await registerUser(request, 'rbt');
    await credit(request, user, 'US_STOCK', '150.00');
  });

  for (const run of RUNS) {
    test(`the robots, one robot's terms and statuses, and what may be allocated, in ${run.language}`, async ({
      page,
    }) => {
      await prepareDevice(page, { token: user.token, language: run.language });
      await page.goto('/#/pages/robotai/index');
      const cards = page.getByTestId('robot-card');
      await expect(cards).toHaveCount(3);
      const grid = page.locator('[data-testid="robot-card"][data-code="GRID-BTC"]');
      await expect(grid).toContainText(run.grid);
      await expect(page.getByTestId('robot-quota-remaining')).toContainText('150');
      await noRawKeys(page, OWN_KEYS);
      await noMining(page);
      await snap(page, `robots-${run.language}-05-index`);

      await grid.locator('a').click();
      await expect(page).toHaveURL(/#\/pages\/robotai\/product\?id=1/);
      const product = page.getByTestId('robot-product');
      await expect(product.getByTestId('robot-rule')).toContainText(run.rule);
      await expect(product.getByTestId('robot-terms')).toContainText(run.rent);
      await expect(product.getByTestId('robot-statuses').locator('[data-status]')).toHaveCount(6);
      await expect(product.getByTestId('robot-statuses')).toContainText(run.stopped);
      await expect(page.getByTestId('robot-cannot-start')).toContainText(run.cannot);
      await noRawKeys(page, OWN_KEYS);
      await noMining(page);
      await snap(page, `robots-${run.language}-06-product`);
      await page.getByTestId('robot-statuses').scrollIntoViewIfNeeded();
      await snap(page, `robots-${run.language}-07-statuses`);
    });
  }
});

const PAY = '246810';
const ORDER_RUNS = [
  {
    language: 'en',
    pastResults: 'Past results are simulated and no guarantee',
    choosing: 'Choosing its market',
    endIt: 'End it',
    ended: 'Ended',
  },
  {
    language: 'nl',
    pastResults: 'Resultaten uit het verleden zijn gesimuleerd en geen garantie',
    choosing: 'Kiest zijn markt',
    endIt: 'Beëindigen',
    ended: 'Beëindigd',
  },
  {
    language: 'zh-Hans',
    pastResults: '过往结果为模拟结果，不构成保证',
    choosing: '选择市场',
    endIt: '结束',
    ended: '已结束',
  },
] as const;

test.describe('robot orders', () => {
  test.describe.configure({ mode: 'serial' });
  let renter: TestUser;
  test.beforeAll(async ({ request }) => {
    renter = await trader(request, 'rbo', [['US_STOCK', '3000.00']], PAY);
  });

  for (const run of ORDER_RUNS) {
    test(`rent a robot, see its status and log, end it and get its value back, in ${run.language}`, async ({
      page,
      request,
    }) => {
      const before = new Decimal((await walletBalance(request, renter, 'US_STOCK')).balance);
      await prepareDevice(page, { token: renter.token, language: run.language });
      await page.goto('/#/pages/robotai/product?id=2');
      await page.getByTestId('robot-rent-action').click();
      await expect(page).toHaveURL(/#\/pages\/robotai\/rental\?id=2&term=rent/);
      await page.getByTestId('robot-pair-choice-SOLUSD').click();
      await page.locator('#robot-amount').fill('250');
      await noRawKeys(page, OWN_KEYS);
      await noMining(page);
      await snap(page, `robots-${run.language}-08-rental`);
      await page.getByTestId('robot-review').click();
      const sheet = page.getByTestId('confirm-sheet');
      await expect(sheet.getByTestId('confirm-price')).toContainText('2');
      await expect(sheet.getByTestId('robot-confirm-note')).toContainText(run.pastResults);
      await page.locator('#robot-pay-password').fill(PAY);
      await snap(page, `robots-${run.language}-09-confirm`);
      await sheet.getByTestId('confirm-submit').click();

      await expect(page).toHaveURL(/#\/pages\/robotai\/detail\?id=\d+/);
      const detail = page.getByTestId('robot-order-detail');
      // It trades from the next whole hour: until then it is choosing its market (1); any of 1-4 is yellow.
      await expect(detail).toHaveAttribute('data-status', /^[1-4]$/);
      await expect(page.getByTestId('robot-events').getByTestId('robot-event').last()).toContainText(run.choosing);
      await expect(page.getByTestId('robot-status').locator('.tag--warn')).toHaveCount(1);
      await noRawKeys(page, OWN_KEYS);
      await noMining(page);
      await snap(page, `robots-${run.language}-10-detail`);

      await page.getByTestId('robot-redeem').click();
      await page.locator('.adm-dialog').getByRole('button', { name: run.endIt, exact: true }).click();
      await expect(detail).toHaveAttribute('data-status', '6');
      await expect(page.getByTestId('robot-status')).toContainText(run.ended);
      await expect(page.getByTestId('robot-redeem')).toHaveCount(0);
      const paid = ((await page.getByTestId('robot-paid-out').textContent()) ?? '').replace(/[^\d.,]/g, '');
      await snap(page, `robots-${run.language}-11-ended`);
      // The wallet: less the rent, plus what the robot was worth (its allocation until its first trade).
      const after = new Decimal((await walletBalance(request, renter, 'US_STOCK')).balance);
      const value = after.minus(before).plus('2.90').plus(250);
      expect(paid.replace(/[.,](?=\d{3})/g, '').replace(',', '.')).toBe(value.toFixed(2));

      await page.goto('/#/pages/robotai/record');
      await page.getByTestId('robot-record-ended').click();
      await expect(page.getByTestId('robot-order').first()).toHaveAttribute('data-status', '6');
      await noRawKeys(page, OWN_KEYS);
      await snap(page, `robots-${run.language}-12-record`);
    });
  }
});
