/**
 * The markets journey in a phone-sized Chromium (issue 3): live prices on home, a US stock's quote
 * with its chart ranges, the watchlist from star to removal, searching a Dutch stock by name, and
 * the same screens in Nederlands and 简体中文. The server's clock starts on a Monday at 15:30 UTC
 * (playwright.config.ts), so US and Euronext trading are open whatever day the tests run.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API, expect, prepareDevice, registerUser, revealDeferred, shot, test } from './support';

const RANGES = ['intraday', '1D', '1W', '1M', '3M', '1Y'] as const;

/** The labels of a stock's key figures, in screen order (QuoteStats). */
const STOCK_STATS = {
  en: [
    'Last',
    'Open',
    'High',
    'Low',
    'Previous close',
    '52-week high',
    '52-week low',
    'Bid',
    'Ask',
    'Bid volume',
    'Ask volume',
    'Volume',
    'Market cap',
  ],
  nl: [
    'Laatst',
    'Opening',
    'Hoog',
    'Laag',
    'Vorige slot',
    '52-weekshoog',
    '52-weekslaag',
    'Bieden',
    'Laten',
    'Volume bieden',
    'Volume laten',
    'Volume',
    'Beurswaarde',
  ],
  'zh-Hans': [
    '最新价',
    '开盘价',
    '最高价',
    '最低价',
    '昨收',
    '52周最高',
    '52周最低',
    '买价',
    '卖价',
    '买量',
    '卖量',
    '成交量',
    '总市值',
  ],
};

/** "$216.22", "$1,234.56" (en). */
const USD_PRICE = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;
/** "€71.53" (en). */
const EUR_PRICE = /^€\d{1,3}(,\d{3})*\.\d{2,3}$/;

/**
 * US and Euronext trading are open on the server: its clock started at SIM_CLOCK_START. Checked first
 * so that a server on the real clock fails with that reason rather than on a price that never moves.
 */
async function expectMarketsOpen(request: APIRequestContext) {
  const res = await request.post(`${API}/market/getMakets`, { data: {} });
  const { data } = (await res.json()) as { data: Array<{ market: string; open: boolean; time: number }> };
  const open = Object.fromEntries(data.map((m) => [m.market, m.open]));
  const message = `markets open on the server's clock (SIM_CLOCK_START); it reads ${new Date(data[0]?.time ?? 0).toISOString()}`;
  expect({ US: open.US, NL: open.NL }, message).toEqual({ US: true, NL: true });
}

const row = (page: Page | Locator, key: string) => page.locator(`[data-testid="quote-row"][data-key="${key}"]`);
const stat = (page: Page, key: string) => page.locator(`[data-testid="quote-stats"] [data-stat="${key}"] dd`);

test('home shows the world indices and lists with prices, and a price changes while the user watches', async ({
  page,
  request,
}) => {
  await expectMarketsOpen(request);
  await prepareDevice(page);
  await page.goto('/');
  await expect(page).toHaveURL(/#\/pages\/home\/index$/);

  // The indices strip, S&P 500 first, with prices and a live connection.
  await expect(page.getByRole('heading', { name: 'World indices', exact: true })).toBeVisible();
  const strip = page.getByRole('list', { name: 'Indices', exact: true });
  const spx = strip.locator('[data-testid="index-card"][data-key="99:SPX"]');
  await expect(spx).toBeVisible();
  await expect(spx).toContainText('S&P 500');
  const spxPrice = spx.getByTestId('quote-price');
  await expect(spxPrice).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  expect(await strip.getByTestId('index-card').count()).toBeGreaterThanOrEqual(10);
  await expect(strip.getByTestId('index-card').filter({ hasText: 'AEX' })).toHaveCount(1);
  await expect(page.getByTestId('live-status').first()).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('live-status').first()).toHaveText('Live');
  await expect(page.getByRole('complementary', { name: 'Prices in this app are simulated' }).first()).toBeVisible();
  await shot(page, 'markets-home');

  // Live: the S&P 500 (US trading is open) shows another price within a few seconds.
  const before = await spxPrice.innerText();
  await expect(spxPrice).not.toHaveText(before, { timeout: 10_000 });

  // A guest's watchlist preview is a suggested selection, with a hint to log in.
  const suggested = page.getByRole('region', { name: 'Popular to follow', exact: true });
  await expect(suggested.getByText(/^Log in to keep your own watchlist\./)).toBeVisible();
  await expect(suggested.getByTestId('quote-row').first()).toBeVisible();
  await expect(suggested.getByTestId('quote-price').first()).toHaveText(/^(\$|€|HK\$|MX\$)?[\d,]+\.\d{1,5}$/);

  // Top movers of the US market: gainers by default, rising. Below the first screenful, it arrives on the way down.
  await revealDeferred(page);
  const movers = page.getByRole('region', { name: 'Top movers', exact: true });
  await movers.scrollIntoViewIfNeeded();
  await expect(movers.getByTestId('movers-gainers')).toHaveAttribute('aria-selected', 'true');
  await expect(movers.getByTestId('movers-market-US')).toHaveAttribute('aria-pressed', 'true');
  await expect(movers.getByTestId('quote-row')).toHaveCount(5);
  await expect(movers.getByTestId('quote-price').first()).toHaveText(USD_PRICE);
  await expect(movers.getByTestId('quote-ratio').first()).toHaveText(/^\+\d+\.\d{2}%$/);
  await movers.getByTestId('movers-losers').click();
  await expect(movers.getByTestId('movers-losers')).toHaveAttribute('aria-selected', 'true');
  await expect(movers.getByTestId('quote-ratio').first()).toHaveText(/^-\d+\.\d{2}%$/);
  await shot(page, 'markets-home-movers');

  // The most traded stocks today, with dollar prices. (By test id: the section's aria-labelledby
  // names an id that its heading does not carry, so it has no accessible name.)
  const hot = page.getByTestId('home-hot');
  await hot.scrollIntoViewIfNeeded();
  await expect(hot.getByRole('heading', { name: 'Most traded today', exact: true })).toBeVisible();
  await expect(hot.getByTestId('quote-row')).toHaveCount(5);
  for (const price of await hot.getByTestId('quote-price').all()) await expect(price).toHaveText(USD_PRICE);
});

test('a US stock from the market tab: price header, key figures and the chart in every range', async ({
  page,
  request,
}) => {
  await expectMarketsOpen(request);
  await prepareDevice(page);
  await page.goto('/#/pages/home/index');
  await page.getByTestId('tab-market').click();
  await expect(page).toHaveURL(/#\/pages\/market\/index/);
  await expect(page.getByRole('heading', { name: 'Markets', exact: true })).toBeVisible();

  // US stocks are the first segment, all exchanges, and the US session is open.
  await expect(page.getByTestId('market-filter-all')).toHaveAttribute('aria-pressed', 'true');
  const session = page.getByTestId('market-session');
  await expect(session).toHaveAttribute('data-open', 'true');
  await expect(session.getByText('Open', { exact: true })).toBeVisible();
  // The primary markets' entries of the stock segments (issue 15), each to its screen.
  for (const [entry, path] of [
    ['ipo-centre-entry', 'product/newstock'],
    ['auction-entry', 'product/auction'],
    ['placings-entry', 'placing/index'],
    ['block-trade-entry', 'product/blocktrade'],
  ] as const) {
    await expect(page.getByTestId(entry)).toHaveAttribute('href', new RegExp(`#/pages/${path}$`));
  }
  const apple = row(page, '0:AAPL');
  await expect(apple).toContainText('Apple Inc.');
  await expect(apple).toContainText('NASDAQ');
  await expect(apple.getByTestId('quote-price')).toHaveText(USD_PRICE);
  await shot(page, 'markets-market-us');

  await apple.click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*code=AAPL/);
  // The tap left the pointer where the chart now is: move it off, so no crosshair is drawn.
  await page.mouse.move(0, 0);

  // The price header: name, code and exchange, a dollar price, open for trading, live.
  await expect(page.getByRole('heading', { name: 'Apple Inc. AAPL · NASDAQ', exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-last')).toHaveText(USD_PRICE);
  await expect(page.getByTestId('quote-change')).toHaveText(/^[+-]\d+\.\d{2}$|^0\.00$/);
  await expect(page.getByTestId('market-phase')).toHaveAttribute('data-phase', 'regular');
  await expect(page.getByTestId('market-phase').getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByTestId('market-phase')).toContainText(/Trading until (\S+ )?\d{2}:\d{2}$/);
  const header = page.getByRole('region', { name: 'Price', exact: true });
  await expect(header.getByTestId('live-status')).toHaveAttribute('data-status', 'live');

  // The labels of a stock (SPEC §3), prices in dollars.
  await expect(page.getByRole('heading', { name: 'Key figures', exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-stats').locator('dt')).toHaveText(STOCK_STATS.en);
  for (const key of ['last', 'open', 'high', 'low', 'prevClose', 'bid', 'ask']) {
    await expect(stat(page, key)).toHaveText(USD_PRICE);
  }
  await expect(stat(page, 'marketCap')).toHaveText(/^\$[\d.]+T$/);
  await expect(page.getByRole('heading', { name: 'Order book', exact: true })).toBeVisible();
  await expect(page.getByTestId('order-book')).toBeVisible();
  await expect(page.getByTestId('quote-profile')).toContainText('NASDAQ');
  await expect(page.getByTestId('quote-profile')).toContainText('Eastern Time');
  await expect(page.getByTestId('buy')).toHaveText('Buy');
  await expect(page.getByTestId('sell')).toHaveText('Sell');

  // The chart: intraday first, as the day's line drawn without the chart library's code (QuoteChart.tsx); a tap on
  // it opens the full chart, and each range in turn redraws it.
  const tabs = page.getByRole('tablist', { name: 'Chart range', exact: true }).getByRole('tab');
  await expect(tabs).toHaveText(['Intraday', '1D', '1W', '1M', '3M', '1Y']);
  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-range', 'intraday');
  await expect(chart).toHaveAttribute('data-view', 'preview');
  const preview = chart.getByRole('button', { name: 'Tap for the full chart', exact: true });
  await expect(preview.locator('path')).toHaveCount(2);
  await expect(chart.getByRole('status')).toHaveCount(0);
  await expect(chart.locator('canvas')).toHaveCount(0);
  await shot(page, 'markets-quote-aapl-preview');
  // A finger's tap, as on the phone this viewport is: a mouse's click first moves the pointer over the preview, which
  // opens the full chart by itself (QuoteChart.tsx), and the click then chased a button that had just gone (a flake).
  await preview.tap();
  await expect(chart).toHaveAttribute('data-view', 'full');
  await page.mouse.move(0, 0);
  let previous: Buffer | undefined;
  for (const range of RANGES) {
    const tab = page.getByTestId(`range-${range}`);
    if (range !== 'intraday') await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
    await expect(chart).toHaveAttribute('data-range', range);
    await expect(chart.getByRole('status')).toHaveCount(0);
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart.getByText('No prices for this range.')).toHaveCount(0);
    await expect(chart.getByText(/^No trades yet today\./)).toHaveCount(0);
    if (range === 'intraday') await shot(page, 'markets-quote-aapl');
    // Drawn anew: the chart looks different from the previous range's.
    const seen = previous;
    if (seen) await expect.poll(async () => (await chart.screenshot()).equals(seen)).toBe(false);
    previous = await chart.screenshot();
  }
  await shot(page, 'markets-quote-aapl-1y');
});

test('a logged-in user stars a stock, finds it on the watchlist tab and removes it again', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'watch');
  await prepareDevice(page, { token: user.token });
  await page.goto('/#/pages/home/index');
  await page.getByTestId('tab-watchlist').click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/index$/);
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty', exact: true })).toBeVisible();

  // From the empty watchlist to a quote through search.
  await page.getByTestId('watchlist-search').click();
  await expect(page).toHaveURL(/#\/pages\/search\/index$/);
  await page.getByPlaceholder('Code or name, e.g. AAPL or ASML', { exact: true }).fill('Microsoft');
  await row(page.getByTestId('search-results'), '0:MSFT').click();
  await expect(page.getByRole('heading', { name: 'Microsoft Corporation MSFT · NASDAQ', exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-last')).toHaveText(USD_PRICE);

  // Star it.
  const star = page.getByTestId('watch-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(star).toHaveAccessibleName('Add to watchlist');
  await star.click();
  await expect(page.getByText('Added to your watchlist', { exact: true })).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toHaveAccessibleName('Remove from watchlist');

  // Back on the watchlist tab (through the search it came from), the stock is there, live.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/search\/index\?q=Microsoft$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/index$/);
  const watchlist = page.getByTestId('watchlist');
  await expect(watchlist.getByTestId('quote-row')).toHaveCount(1);
  await expect(row(watchlist, '0:MSFT')).toContainText('Microsoft Corporation');
  await expect(row(watchlist, '0:MSFT').getByTestId('quote-price')).toHaveText(USD_PRICE);
  await expect(page.getByText('1 instrument', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty', exact: true })).toHaveCount(0);
  await expect(page.getByText('Added to your watchlist', { exact: true })).toBeHidden();
  await shot(page, 'markets-watchlist');

  // Home previews the user's own watchlist now.
  await page.getByTestId('tab-home').click();
  const preview = page.getByRole('region', { name: 'My watchlist', exact: true });
  await expect(row(preview, '0:MSFT')).toBeVisible();
  await page.getByTestId('tab-watchlist').click();

  // Remove it on watchlist/manage, after confirming.
  await page.getByTestId('watchlist-edit').click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/manage$/);
  await expect(page.getByRole('heading', { name: 'Edit watchlist', exact: true })).toBeVisible();
  const manage = page.getByTestId('watchlist-manage');
  await expect(manage.getByRole('listitem')).toHaveCount(1);
  await expect(manage.getByRole('listitem')).toContainText('Microsoft Corporation');
  await manage.getByRole('button', { name: 'Remove Microsoft Corporation', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Remove from watchlist?', { exact: true })).toBeVisible();
  await expect(
    dialog.getByText(
      'Microsoft Corporation (MSFT) will no longer be on your watchlist. You can add it again at any time.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await shot(page, 'markets-watchlist-remove');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Removed from your watchlist', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty', exact: true })).toBeVisible();
  await expect(page.getByTestId('watchlist-manage')).toHaveCount(0);

  // The watchlist tab is empty again, also after a reload.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/watchlist\/index$/);
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty', exact: true })).toBeVisible();
  await expect(page.getByTestId('watchlist-edit')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty', exact: true })).toBeVisible();
  await expect(page.getByTestId('watchlist').getByTestId('quote-row')).toHaveCount(0);
  await shot(page, 'markets-watchlist-empty');
});

test('searching a Dutch stock by name finds it, and its quote is in euros', async ({ page, request }) => {
  await expectMarketsOpen(request);
  await prepareDevice(page);
  await page.goto('/#/pages/home/index');
  await page.getByTestId('open-search').click();
  await expect(page).toHaveURL(/#\/pages\/search\/index$/);

  await page.getByPlaceholder('Code or name, e.g. AAPL or ASML', { exact: true }).fill('heineken');
  await expect(page).toHaveURL(/#\/pages\/search\/index\?q=heineken$/);
  await expect(page.getByText('2 results', { exact: true })).toBeVisible();
  const results = page.getByTestId('search-results');
  await expect(results.getByTestId('quote-row')).toHaveCount(2);
  const heineken = row(results, '0:HEIA');
  await expect(heineken).toContainText('Heineken N.V.');
  await expect(heineken).toContainText('HEIA');
  await expect(heineken).toContainText('Stock');
  await expect(heineken).toContainText('Euronext AMS');
  await expect(heineken.getByTestId('quote-price')).toHaveText(EUR_PRICE);
  await expect(row(results, '0:HEIO')).toContainText('Heineken Holding N.V.');
  await shot(page, 'markets-search-heineken');

  await heineken.click();
  await page.mouse.move(0, 0);
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*code=HEIA/);
  await expect(page.getByRole('heading', { name: 'Heineken N.V. HEIA · Euronext AMS', exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-last')).toHaveText(EUR_PRICE);
  await expect(page.getByTestId('market-phase')).toHaveAttribute('data-phase', 'regular');
  for (const key of ['last', 'open', 'high', 'low', 'prevClose', 'high52', 'low52', 'bid', 'ask']) {
    await expect(stat(page, key)).toHaveText(EUR_PRICE);
  }
  await expect(stat(page, 'marketCap')).toHaveText(/^€[\d.]+B$/);
  const profile = page.getByTestId('quote-profile');
  await expect(profile).toContainText('Euronext AMS');
  await expect(profile).toContainText('EUR');
  await expect(profile).toContainText('Consumer Staples');
  await expect(page.getByTestId('chart')).toHaveAttribute('data-range', 'intraday');
  await shot(page, 'markets-quote-heineken');

  // Back to the results, and the term is kept among the recent searches.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/search\/index\?q=heineken$/);
  await expect(row(page.getByTestId('search-results'), '0:HEIA')).toBeVisible();
  await page.getByPlaceholder('Code or name, e.g. AAPL or ASML', { exact: true }).fill('');
  const recent = page.getByTestId('recent-searches');
  await expect(recent.getByRole('button', { name: 'heineken', exact: true })).toBeVisible();
});

const TRANSLATED = [
  {
    language: 'nl',
    market: {
      title: 'Markten',
      tabs: { home: 'Home', market: 'Markten', watchlist: 'Volglijst' },
      segments: { US: 'VS', NL: 'Nederland', forex: 'Valuta', commodities: 'Grondstoffen', indices: 'Indices' },
      columns: ['Naam', 'Koers', 'Verschil'],
      segment: 'NL',
      open: 'Open',
    },
    quote: {
      key: '0:ASML',
      heading: 'ASML Holding N.V. ASML · Euronext AMS',
      // Dutch numbers: "€1.198,02".
      price: /^€\d{1,3}(\.\d{3})*,\d{2}$/,
      marketCap: /^€\d+(,\d+)?\smld\.$/,
      ranges: ['Intraday', '1D', '1W', '1M', '3M', '1J'],
      titles: ['Kerncijfers', 'Orderboek', 'Over'],
      // The sector and the time zone of the hours by their Dutch names.
      profile: ['Informatietechnologie', 'Midden-Europese tijd'],
      star: 'Aan volglijst toevoegen',
      chartHint: 'Tik voor de volledige grafiek',
      buy: 'Kopen',
      sell: 'Verkopen',
      open: 'Open',
    },
  },
  {
    language: 'zh-Hans',
    market: {
      title: '行情',
      tabs: { home: '首页', market: '行情', watchlist: '自选' },
      segments: { US: '美股', NL: '荷兰', forex: '外汇', commodities: '大宗商品', indices: '指数' },
      columns: ['名称', '最新价', '涨跌幅'],
      segment: 'US',
      open: '交易中',
    },
    quote: {
      key: '0:AAPL',
      heading: '苹果 AAPL · NASDAQ',
      price: USD_PRICE,
      // Large amounts in 万 / 亿: "$3.2万亿".
      marketCap: /^\$[\d.]+万亿$/,
      ranges: ['分时', '1日', '1周', '1月', '3月', '1年'],
      titles: ['关键数据', '五档盘口', '简介'],
      profile: ['信息技术', '北美东部时间'],
      star: '加入自选',
      chartHint: '点按查看完整图表',
      buy: '买入',
      sell: '卖出',
      open: '交易中',
    },
  },
] as const;

for (const lang of TRANSLATED) {
  test(`in ${lang.language}, the market tab and a quote page speak the language`, async ({ page, request }) => {
    await expectMarketsOpen(request);
    await prepareDevice(page, { language: lang.language });
    await page.goto('/#/pages/market/index');
    await expect(page.locator('html')).toHaveAttribute('lang', lang.language);

    // The market tab: title, tab bar, segments, column heads, the open session.
    await expect(page.getByRole('heading', { name: lang.market.title, exact: true })).toBeVisible();
    for (const [tab, label] of Object.entries(lang.market.tabs))
      await expect(page.getByTestId(`tab-${tab}`)).toHaveText(label);
    for (const [segment, label] of Object.entries(lang.market.segments)) {
      await expect(page.getByTestId(`market-tab-${segment}`)).toHaveText(label);
    }
    if (lang.market.segment !== 'US') {
      await page.getByTestId(`market-tab-${lang.market.segment}`).click();
      await expect(page).toHaveURL(new RegExp(`m=${lang.market.segment}`));
    }
    await expect(page.getByTestId('sort-code')).toHaveText(lang.market.columns[0]);
    await expect(page.getByTestId('sort-price')).toHaveText(lang.market.columns[1]);
    await expect(page.getByTestId('sort-change_ratio')).toHaveText(lang.market.columns[2]);
    await expect(page.getByTestId('market-session')).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('market-session').getByText(lang.market.open, { exact: true })).toBeVisible();
    const listed = row(page, lang.quote.key);
    await expect(listed.getByTestId('quote-price')).toHaveText(lang.quote.price);
    await shot(page, `markets-market-${lang.language}`);

    // The quote page.
    await listed.click();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('heading', { name: lang.quote.heading, exact: true })).toBeVisible();
    await expect(page.getByTestId('quote-last')).toHaveText(lang.quote.price);
    await expect(page.getByTestId('market-phase')).toHaveAttribute('data-phase', 'regular');
    await expect(page.getByTestId('market-phase').getByText(lang.quote.open, { exact: true })).toBeVisible();
    await expect(page.getByRole('tablist').getByRole('tab')).toHaveText([...lang.quote.ranges]);
    await expect(page.getByTestId('quote-stats').locator('dt')).toHaveText(STOCK_STATS[lang.language]);
    await expect(stat(page, 'marketCap')).toHaveText(lang.quote.marketCap);
    for (const title of lang.quote.titles)
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    for (const text of lang.quote.profile) await expect(page.getByTestId('quote-profile')).toContainText(text);
    await expect(page.getByTestId('watch-star')).toHaveAccessibleName(lang.quote.star);
    await expect(page.getByTestId('buy')).toHaveText(lang.quote.buy);
    await expect(page.getByTestId('sell')).toHaveText(lang.quote.sell);
    await expect(page.getByTestId('chart')).toHaveAttribute('data-range', 'intraday');
    await expect(page.getByTestId('chart-preview')).toHaveText(lang.quote.chartHint);
    await shot(page, `markets-quote-${lang.language}`);
    // A mouse over the preview opens the full chart by itself (the first test taps it, as a finger does).
    await page.getByTestId('chart-preview').hover();
    await expect(page.getByTestId('chart')).toHaveAttribute('data-view', 'full');
    await page.mouse.move(0, 0);

    // The one-year chart under its translated label.
    await page.getByRole('tab', { name: lang.quote.ranges[5], exact: true }).click();
    await expect(page.getByTestId('range-1Y')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('chart')).toHaveAttribute('data-range', '1Y');
    await expect(page.getByTestId('chart').getByRole('status')).toHaveCount(0);
  });
}
