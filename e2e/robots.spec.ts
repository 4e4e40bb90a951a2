/**
 * The crypto market and the trading robots in the browser (issue 17; docs/strategies.md): a guest opens the Market
 * tab's Crypto list, a pair's quote (live, no Buy or Sell, the reason, the way to the robots that trade it) and finds
 * Bitcoin by searching "BTC". A customer with 150 USD in the US stocks wallet reads the robots, one robot's terms,
 * statuses and what they may allocate (too little for the grid robot's minimum), in English, Dutch and Chinese.
 * Starting a robot (robot orders) is not built yet: the product screen says so.
 */
import type { Locator, Page } from '@playwright/test';
import { credit, expect, noRawKeys, prepareDevice, registerUser, snap, type TestUser, test } from './support';

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
