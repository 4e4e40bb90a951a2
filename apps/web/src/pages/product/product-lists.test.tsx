// @vitest-environment happy-dom
/**
 * The product lists (product/ucstock, popular, future, forex) against a fake server: each asks the list it
 * describes (UC stocks as US stocks based in China, a futures category, a forex group chosen by its chip), shows the
 * Market tab's rows with name, code and price, each row opening its quote and its Trade link the order ticket; the
 * empty and error states; and the popular list says when it is the fallback selection rather than a count.
 */
import { type DataOf, market, type Quote } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { quoteOf } from '../../test/quotes';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { ForexPage } from './forex';
import { FuturePage } from './future';
import { PopularPage } from './popular';
import { UcStockPage } from './ucstock';

type QuotePage = DataOf<typeof market.stockList>;

function quote(code: string, name: string, kind: Quote['kind'], source: number, price: string, change: string): Quote {
  return quoteOf({
    key: `${source}:${code}`,
    stock_code: code,
    name,
    source,
    kind,
    classify: kind === 'stock' ? 'UsStock' : null,
    market: kind === 'stock' ? 'NYSE' : kind === 'forex' ? 'FX' : 'COMEX',
    currency: 'USD',
    currencySymbol: kind === 'stock' ? '$' : '',
    price_nominal: price,
    change,
    change_ratio: '1.50',
    fall: change.startsWith('-'),
    ...Object.fromEntries(
      (['open', 'high', 'low', 'prevClose', 'high52', 'low52', 'bid', 'ask'] as const).map((k) => [k, price]),
    ),
    bidVolume: '1',
    askVolume: '1',
    tradingDay: '2026-11-02',
    time: Date.parse('2026-11-02T15:00:00Z'),
  });
}

const pageOf = (list: Quote[]): QuotePage => ({ list, total: list.length, page: 1, pageSize: 30 });
const BABA = quote('BABA', 'Alibaba Group Holding Limited (ADR)', 'stock', 0, '156.20', '2.31');
const GC = quote('GC', 'Gold', 'future', 3, '4100.50', '-12.40');
const EURGBP = quote('EURGBP', 'EUR/GBP', 'forex', 2, '0.88', '0.01');

describe('product lists', () => {
  setupScreenTests({ guest: true });

  it('UC stocks: asks for US stocks based in China and lists them with their quote and ticket links', async () => {
    const api = fakeApi().on(market.stockList, pageOf([BABA]));
    renderScreen(<UcStockPage />, '/pages/product/ucstock', { titleKey: 'routes.product.ucstock', auth: false });
    const row = await screen.findByTestId('quote-row');
    expect(row.textContent).toContain('Alibaba Group Holding Limited (ADR)');
    expect(row.textContent).toContain('BABA');
    expect(row.textContent).toContain('$156.20');
    expect(api.callsTo(market.stockList)[0]?.query).toMatchObject({ market: 'US', domicile: 'CN' });
    expect(row.getAttribute('href')).toContain('/pages/quote/stock?');
    const trade = screen.getByTestId('quote-trade');
    expect(trade.getAttribute('href')).toMatch(/^\/pages\/payment\/stock\?.*code=BABA/);
    expect(trade.getAttribute('aria-label')).toBe('Trade Alibaba Group Holding Limited (ADR)');
    expect(screen.getByText(/listed in the US, mostly as ADRs/)).toBeTruthy();
  });

  it('UC stocks: skeleton rows while the list loads, then the rows', async () => {
    let answer: (page: QuotePage) => void = () => {};
    fakeApi().on(market.stockList, new Promise<QuotePage>((resolve) => (answer = resolve)));
    const { container } = renderScreen(<UcStockPage />, '/pages/product/ucstock');
    await waitFor(() => expect(container.querySelector('.quote-skeleton')).toBeTruthy());
    expect(screen.queryByTestId('quote-row')).toBeNull();
    answer(pageOf([BABA]));
    expect(await screen.findByTestId('quote-row')).toBeTruthy();
    expect(container.querySelector('.quote-skeleton')).toBeNull();
  });

  it('futures: metals first; another category by its chip; an empty category says so', async () => {
    const api = fakeApi().on(market.futuresList, (call) =>
      call.query.category === 'metals' ? pageOf([GC]) : pageOf([]),
    );
    renderScreen(<FuturePage />, '/pages/product/future', { titleKey: 'routes.product.future', auth: false });
    const row = await screen.findByTestId('quote-row');
    expect(row.textContent).toContain('Gold');
    expect(row.textContent).toContain('4,100.50');
    expect(row.querySelector('.fall')).toBeTruthy();
    expect(screen.getByTestId('quote-trade').getAttribute('href')).toMatch(/^\/pages\/payment\/future\?/);

    await userEvent.setup().click(screen.getByTestId('product-group-rates'));
    expect(await screen.findByText('No futures in this category in the simulated market yet.')).toBeTruthy();
    expect(api.callsTo(market.futuresList).map((c) => c.query.category)).toEqual(['metals', 'rates']);
    expect(screen.getByTestId('product-group-rates').getAttribute('aria-pressed')).toBe('true');
  });

  it('forex: majors first; crosses by their chip, said what they are', async () => {
    const api = fakeApi().on(market.forexList, pageOf([EURGBP]));
    renderScreen(<ForexPage />, '/pages/product/forex', { titleKey: 'routes.product.forex', auth: false });
    await screen.findByTestId('quote-row');
    await userEvent.setup().click(screen.getByTestId('product-group-cross'));
    await waitFor(() => expect(api.callsTo(market.forexList).map((c) => c.query.group)).toEqual(['major', 'cross']));
    expect(screen.getByText(/two currencies other than the US dollar/)).toBeTruthy();
    expect(within(await screen.findByTestId('quote-row')).getByText('EUR/GBP')).toBeTruthy();
  });

  it('forex: a failed list shows the error state with a retry', async () => {
    const api = fakeApi().on(market.forexList, refuse(422, 'Not now'));
    renderScreen(<ForexPage />, '/pages/product/forex', { titleKey: 'routes.product.forex', auth: false });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    api.on(market.forexList, pageOf([EURGBP]));
    await userEvent.setup().click(retry);
    expect(await screen.findByTestId('quote-row')).toBeTruthy();
  });

  it('popular: states the rule, and says when the rows are the fallback selection, not a count', async () => {
    const fallback = { ...pageOf([BABA, GC]), origin: 'fallback' as const, windowDays: 30 };
    const api = fakeApi().on(market.popularList, fallback);
    renderScreen(<PopularPage />, '/pages/product/popular', { titleKey: 'routes.product.popular', auth: false });
    expect(await screen.findAllByTestId('quote-row')).toHaveLength(2);
    expect(screen.getByTestId('popular-fallback').textContent).toContain('not a ranking');
    expect(screen.getByText(/placed an order on it in the last 30 days/)).toBeTruthy();
    expect(screen.getAllByTestId('quote-trade')).toHaveLength(2);
    expect(api.callsTo(market.popularList)).toHaveLength(1);
  });

  it('popular: counted rows carry no fallback note', async () => {
    fakeApi().on(market.popularList, { ...pageOf([GC]), origin: 'counted', windowDays: 30 });
    renderScreen(<PopularPage />, '/pages/product/popular');
    await screen.findByTestId('quote-row');
    expect(screen.queryByTestId('popular-fallback')).toBeNull();
  });
});
