// @vitest-environment happy-dom
/**
 * The robot screens against a fake server. robotai/index: the published robots with their prices and limits, the
 * caller's allocation room, the guest's login link, the empty and error states. robotai/product: the terms, the rule
 * in words, the pairs, the statuses with SPEC §4's colours (1-4 yellow, 5-6 red), no mining wording, a robot the
 * caller cannot start yet. robotai/quote and a pair's quote screen: no Buy or Sell, the reason, the robots.
 */
import { type DataOf, market, robots } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { quoteOf } from '../../test/quotes';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { QuoteStockPage } from '../quote/stock';
import { RobotaiIndexPage } from './index';
import { RobotaiProductPage } from './product';
import { RobotaiQuotePage } from './quote';

// The chart draws on a canvas, which happy-dom has not: the quote screen's other parts are what is tested here.
vi.mock('../../components/market/CandleChart', () => ({ CandleChart: () => null }));

type Robot = DataOf<typeof robots.robotPageList>['list'][number];
type Quota = DataOf<typeof robots.robotMiningQuota>;
type Quote = DataOf<typeof market.stockDetail>;

const GRID: Robot = {
  id: 1,
  code: 'GRID-BTC',
  strategy: 'grid',
  pairs: ['BTCUSD', 'ETHUSD'],
  gridStepPercent: '0.500',
  levels: 10,
  intervalHours: null,
  rentCycleDays: 30,
  rentPrice: '9.90',
  buyPrice: '149.00',
  minAllocation: '200.00',
  maxAllocation: '20000.00',
  currency: 'USD',
  walletType: 'US_STOCK',
  open: true,
};
const DCA: Robot = {
  ...GRID,
  id: 3,
  code: 'DCA-MAJORS',
  strategy: 'averaging',
  pairs: ['BTCUSD', 'ETHUSD', 'SOLUSD'],
  gridStepPercent: null,
  levels: 12,
  intervalHours: 4,
  rentPrice: '4.90',
  buyPrice: null,
};
const page = (list: Robot[]) => ({ list, total: list.length, page: 1, pageSize: 50 });
const quota = (over: Partial<Quota> = {}): Quota => ({
  currency: 'USD',
  walletType: 'US_STOCK',
  available: '150.00',
  maxAllocation: '50000.00',
  maxActive: 5,
  allocated: '0.00',
  active: 0,
  remaining: '150.00',
  robot: null,
  ...over,
});
const BTC: Quote = quoteOf({
  key: '100:BTCUSD',
  stock_code: 'BTCUSD',
  name: 'Bitcoin',
  source: 100,
  kind: 'crypto',
  classify: null,
  market: 'CRYPTO',
  currency: 'USD',
  currencySymbol: '$',
  price_nominal: '91234.56',
  change: '1234.56',
  change_ratio: '1.37',
  volume: '1520.123',
  open: '90000.00',
  high: '91500.00',
  low: '89800.00',
  prevClose: '90000.00',
  high52: '99000.00',
  low52: '70000.00',
  bid: '91230.00',
  ask: '91239.00',
  bidVolume: '1.2',
  askVolume: '0.8',
  tradingDay: '2026-11-08',
  lotSize: '0.001',
  time: Date.parse('2026-11-08T12:00:00Z'),
});

/** The quote screen's other calls, answered empty enough to render. */
const quoteScreenApi = () =>
  fakeApi()
    .on(market.stockDetail, BTC)
    .on(market.summaryDetail, refuse(404, 'none'))
    .on(market.kline, {
      stock_code: 'BTCUSD',
      source: 100,
      range: 'intraday',
      priceDecimals: 2,
      prevClose: '90000.00',
      timeZone: 'UTC',
      candles: [],
    })
    .on(market.detailQuote, {
      stock_code: 'BTCUSD',
      source: 100,
      time: BTC.time,
      price_nominal: BTC.price_nominal,
      bid: BTC.bid,
      ask: BTC.ask,
      bids: [],
      asks: [],
      marketOpen: true,
    });

describe('robotai/index', () => {
  setupScreenTests();

  it("lists the robots with their prices and limits, and the caller's room", async () => {
    fakeApi()
      .on(robots.robotPageList, page([GRID, DCA]))
      .on(robots.robotMiningQuota, quota());
    renderScreen(<RobotaiIndexPage />, '/pages/robotai/index', { titleKey: 'routes.robotai.index' });
    const cards = await screen.findAllByTestId('robot-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Grid robot · BTC, ETH');
    expect(within(cards[0] as HTMLElement).getByTestId('robot-rent').textContent).toContain('for 30 days');
    expect(within(cards[0] as HTMLElement).getByTestId('robot-buy').textContent).toContain('149.00');
    expect(cards[0]?.textContent).toContain('Allocate 200 to 20,000 USD');
    // The averaging robot is rented only.
    expect(within(cards[1] as HTMLElement).queryByTestId('robot-buy')).toBeNull();
    expect((await screen.findByTestId('robot-quota-remaining')).textContent).toContain('150.00');
    expect(document.body.textContent?.toLowerCase()).not.toContain('mining');
  });

  it('offers a retry when the list fails, and says when no robot is published', async () => {
    const api = fakeApi().on(robots.robotPageList, refuse(422, 'Not now')).on(robots.robotMiningQuota, quota());
    renderScreen(<RobotaiIndexPage />, '/pages/robotai/index');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    api.on(robots.robotPageList, page([]));
    await userEvent.setup().click(retry);
    expect(await screen.findByText('No robots are published')).toBeTruthy();
  });
});

describe('robotai/index for a guest', () => {
  setupScreenTests({ guest: true });

  it('shows the robots and asks to log in for the limits, without asking the server for them', async () => {
    const api = fakeApi().on(robots.robotPageList, page([GRID]));
    renderScreen(<RobotaiIndexPage />, '/pages/robotai/index');
    expect(await screen.findAllByTestId('robot-card')).toHaveLength(1);
    expect(screen.getByTestId('robots-login').textContent).toContain('Log in to see what you may allocate');
    expect(api.callsTo(robots.robotMiningQuota)).toHaveLength(0);
  });
});

describe('robotai/product', () => {
  setupScreenTests();

  it('shows the terms, the rule, the pairs and the statuses, and why the caller cannot start it yet', async () => {
    const api = fakeApi()
      .on(robots.robotPageList, page([GRID, DCA]))
      .on(
        robots.robotMiningQuota,
        quota({ robot: { id: 1, minAllocation: '200.00', maxAllocation: '20000.00', canStart: false } }),
      );
    renderScreen(<RobotaiProductPage />, '/pages/robotai/product?id=1', { titleKey: 'routes.robotai.product' });
    const product = await screen.findByTestId('robot-product');
    expect(within(product).getByTestId('robot-rule').textContent).toContain('every 0.50% below the start price');
    const terms = within(product).getByTestId('robot-terms').textContent ?? '';
    expect(terms).toContain('9.90');
    expect(terms).toContain('US stocks');
    expect(within(product).getByTestId('robot-pair-ETHUSD').getAttribute('href')).toContain(
      '/pages/robotai/quote?name=ETHUSD&code=ETHUSD&source=100',
    );
    const statuses = within(product).getByTestId('robot-statuses');
    const colours = [...statuses.querySelectorAll('[data-status]')].map((tag) => [
      tag.getAttribute('data-status'),
      tag.className.includes('tag--warn') ? 'yellow' : tag.className.includes('tag--fall') ? 'red' : 'other',
    ]);
    expect(colours).toEqual([
      ['1', 'yellow'],
      ['2', 'yellow'],
      ['3', 'yellow'],
      ['4', 'yellow'],
      ['5', 'red'],
      ['6', 'red'],
    ]);
    expect(statuses.textContent).toContain('it never asks you to add money');
    expect((await screen.findByTestId('robot-cannot-start')).textContent).toContain('at least 200.00 USD');
    await waitFor(() => expect(api.callsTo(robots.robotMiningQuota)[0]?.body).toEqual({ robotId: 1 }));
    expect(document.body.textContent?.toLowerCase()).not.toContain('mining');
  });

  it('says a robot that does not exist does not', async () => {
    fakeApi().on(robots.robotPageList, page([GRID]));
    renderScreen(<RobotaiProductPage />, '/pages/robotai/product?id=42');
    expect(await screen.findByText('This robot does not exist')).toBeTruthy();
  });
});

describe("a crypto pair's quote", () => {
  setupScreenTests();

  it('has no Buy or Sell on the quote screen: it says why and leads to the robots', async () => {
    quoteScreenApi();
    renderScreen(<QuoteStockPage />, '/pages/quote/stock?name=Bitcoin&code=BTCUSD&source=100');
    const footer = await screen.findByTestId('crypto-no-trade');
    expect(footer.textContent).toContain("Crypto can't be bought or sold directly in this app");
    expect(screen.queryByTestId('buy')).toBeNull();
    expect(screen.queryByTestId('sell')).toBeNull();
    await userEvent.setup().click(within(footer).getByTestId('crypto-robots'));
    const away = await screen.findByTestId('navigated-away');
    expect(away.dataset.path).toBe('/pages/robotai/quote');
    expect(new URLSearchParams(away.dataset.search).get('code')).toBe('BTCUSD');
  });

  it('on robotai/quote, lists the robots that trade the pair', async () => {
    quoteScreenApi().on(robots.robotPageList, page([GRID, { ...DCA, pairs: ['SOLUSD'] }]));
    renderScreen(<RobotaiQuotePage />, '/pages/robotai/quote?name=Bitcoin&code=BTCUSD&source=100');
    const list = await screen.findByTestId('pair-robots');
    await waitFor(() => expect(within(list).getAllByTestId('pair-robot')).toHaveLength(1));
    expect(within(list).getByTestId('pair-robot').getAttribute('data-code')).toBe('GRID-BTC');
    expect(screen.queryByTestId('buy')).toBeNull();
  });
});
