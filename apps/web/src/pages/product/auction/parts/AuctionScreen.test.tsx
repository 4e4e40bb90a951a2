// @vitest-environment happy-dom
/**
 * product/auction against a fake server: the stocks in pre-open, the empty state naming each market's next window,
 * the error state, the ticket's confirmation sending one keyed order, the customer's auction orders with their
 * states, and cancelling a waiting one (its trading order, after the confirmation; the list read again).
 */
import { auction, type DataOf, trading } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../../app/i18n';
import { fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../../../test/render';
import { AuctionPage } from '../index';

type Stock = DataOf<typeof auction.preMarketList>['list'][number];
type Order = DataOf<typeof auction.auctionOrderList>['list'][number];
const OPEN = Date.UTC(2026, 10, 2, 14, 30);

const stockOf = (over: Partial<Stock> = {}): Stock => ({
  code: 'AAPL',
  name: 'Apple Inc.',
  source: 0,
  classify: 'UsStock',
  market: 'US',
  currency: 'USD',
  walletType: 'US_STOCK',
  walletCurrency: 'USD',
  indicativePrice: '200.00',
  priceDecimals: 2,
  prevClose: '198.00',
  lotSize: 1,
  minQuantity: 1,
  rate: '1',
  buyRate: '0.001',
  sellRate: '0.001',
  termsVersion: '0.001:0.001',
  preOpenStartsAtTimestamp: OPEN - 330 * 60_000,
  opensAtTimestamp: OPEN,
  ...over,
});

const orderOf = (over: Partial<Order> = {}): Order => ({
  id: 4,
  orderId: 40,
  code: 'AAPL',
  name: 'Apple Inc.',
  source: 0,
  direction: 0,
  quantity: 10,
  limitPrice: '200',
  held: '2002.00',
  walletType: 'US_STOCK',
  walletCurrency: 'USD',
  state: 'waiting',
  openPrice: null,
  positionId: null,
  opensAtTimestamp: OPEN,
  createTimeTimestamp: OPEN - 3_600_000,
  decidedAtTimestamp: null,
  ...over,
});

const sessions = [
  {
    market: 'HKEX' as const,
    preOpen: false,
    startsAtTimestamp: OPEN + 39_600_000,
    opensAtTimestamp: OPEN + 41_400_000,
  },
];
const stockPage = (list: Stock[]) => ({ list, total: list.length, page: 1, pageSize: 20, sessions });
const orderPage = (list: Order[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

describe('product/auction', () => {
  setupScreenTests();

  it('lists the stocks in pre-open and the orders with their states', async () => {
    fakeApi()
      .on(auction.preMarketList, stockPage([stockOf()]))
      .on(auction.auctionOrderList, orderPage([orderOf(), orderOf({ id: 5, state: 'notFilled', openPrice: '201.5' })]));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const row = await screen.findByTestId('auction-row');
    expect(within(row).getByTestId('auction-indicative').textContent).toBe('200.00');
    const orders = await screen.findAllByTestId('auction-order');
    expect(orders.map((o) => o.dataset.state)).toEqual(['waiting', 'notFilled']);
    expect(within(orders[1]!).getByTestId('auction-order-state').textContent).toBe('Not filled (released)');
    // Prices in the reader's number format, with at least two places, as the trade centre writes them.
    expect(within(orders[1]!).getByTestId('auction-order-open-price').textContent).toBe('201.50');
  });

  it('names the next pre-open window when no market is in pre-open', async () => {
    fakeApi().on(auction.preMarketList, stockPage([])).on(auction.auctionOrderList, orderPage([]));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    await screen.findByText('No market is in its pre-open now');
    expect((await screen.findByTestId('auction-next')).textContent).toContain('Hong Kong');
    await screen.findByText('No auction orders yet');
  });

  it('shows the error state with the server reason', async () => {
    fakeApi().on(auction.preMarketList, refuse(422, 'Boom')).on(auction.auctionOrderList, orderPage([]));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    await screen.findByText(/Boom/, undefined, { timeout: 5000 });
  });

  it('confirms, then sends one keyed auction order at the limit', async () => {
    const api = fakeApi()
      .on(auction.preMarketList, stockPage([stockOf()]))
      .on(auction.auctionOrderList, orderPage([]))
      .on(auction.auctionStockCreate, (call) => ({
        order: {} as never,
        position: null,
        auctionOrder: orderOf({ quantity: (call.body as { quantity: number }).quantity }),
      }));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('auction-choose'));
    const price = within(await screen.findByTestId('auction-price')).getByRole('textbox');
    await user.clear(price);
    await user.type(price, '199.5');
    const qty = within(screen.getByTestId('auction-quantity')).getByRole('textbox');
    await user.clear(qty);
    await user.type(qty, '10');
    // 10 × 199.5 = 1,995.00 + fee 0.001 × that = 2.00 (half up from 1.995).
    expect(screen.getByTestId('auction-total').textContent).toBe('$1,997.00');
    await user.click(screen.getByTestId('auction-review'));
    const sheet = await screen.findByTestId('confirm-sheet');
    await tappable(sheet);
    await user.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('auction-placed');
    const sent = api.callsTo(auction.auctionStockCreate);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      stockCode: 'AAPL',
      source: 0,
      direction: 0,
      price: '199.5',
      quantity: 10,
      termsVersion: '0.001:0.001',
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('in Dutch: the limit with a decimal comma in the field and the confirmation, sent with a point', async () => {
    await switchLanguage('nl');
    const api = fakeApi()
      .on(auction.preMarketList, stockPage([stockOf()]))
      .on(auction.auctionOrderList, orderPage([]))
      .on(auction.auctionStockCreate, () => ({ order: {} as never, position: null, auctionOrder: orderOf() }));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('auction-choose'));
    const price = within(await screen.findByTestId('auction-price')).getByRole<HTMLInputElement>('textbox');
    expect(price.value).toBe('200,00');
    await user.clear(price);
    await user.type(price, '199,5');
    expect(price.value).toBe('199,5');
    // 1 × 199.5 = 199.50 + fee 0.001 × that = 0.20 (half up from 0.1995).
    expect(screen.getByTestId('auction-total').textContent).toContain('199,70');
    await user.click(screen.getByTestId('auction-review'));
    const sheet = await screen.findByTestId('confirm-sheet');
    expect(sheet.textContent).toContain('199,50');
    await tappable(sheet);
    await user.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('auction-placed');
    expect(api.callsTo(auction.auctionStockCreate)[0]?.body).toMatchObject({ price: '199.5', quantity: 1 });
  });

  it("in Dutch: a limit between two of the stock's ticks is marked and cannot be reviewed", async () => {
    await switchLanguage('nl');
    fakeApi()
      .on(auction.preMarketList, stockPage([stockOf()]))
      .on(auction.auctionOrderList, orderPage([]));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('auction-choose'));
    const price = within(await screen.findByTestId('auction-price')).getByRole<HTMLInputElement>('textbox');
    await user.clear(price);
    await user.type(price, '199,555');
    expect(screen.getByText('Koersen van AAPL gaan in stappen van 0,01.')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('auction-review') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(price);
    await user.type(price, '199,55');
    expect(screen.queryByText('Koersen van AAPL gaan in stappen van 0,01.')).toBeNull();
    expect((screen.getByTestId('auction-review') as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancels a waiting order through its trading order after a confirmation, and reads the list again', async () => {
    let waiting = true;
    const api = fakeApi()
      .on(auction.preMarketList, stockPage([stockOf()]))
      .on(auction.auctionOrderList, () =>
        orderPage([orderOf({ state: waiting ? 'waiting' : 'cancelled' }), orderOf({ id: 5, state: 'filled' })]),
      )
      .on(trading.cancelOrder, () => {
        waiting = false;
        return {} as never;
      });
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const user = userEvent.setup();
    const [first, second] = await screen.findAllByTestId('auction-order');
    expect(within(second!).queryByTestId('auction-order-cancel')).toBeNull();
    await user.click(within(first!).getByTestId('auction-order-cancel'));
    const dialog = await screen.findByTestId('cancel-confirm');
    expect(dialog.textContent).toContain('$2,002.00');
    const ok = within(dialog.closest('.adm-dialog-body') as HTMLElement).getByRole('button', { name: 'Cancel order' });
    await tappable(ok);
    await user.click(ok);
    await waitFor(() => expect(screen.getAllByTestId('auction-order')[0]?.dataset.state).toBe('cancelled'));
    const sent = api.callsTo(trading.cancelOrder);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ id: 40 });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

type Sale = DataOf<typeof auction.saleList>['list'][number];
const LISTING = Date.UTC(2026, 10, 30, 1, 30);
const saleOf = (over: Partial<Sale> = {}): Sale => ({
  code: '02876',
  subscriptionId: 9,
  name: 'Harbour Tea Holdings',
  market: 'HK',
  listingAtTimestamp: LISTING,
  lockUpEndsAtTimestamp: null,
  sellableFromTimestamp: LISTING,
  sellableNow: true,
  allottedQuantity: 1000,
  price: '8.80',
  currency: 'HKD',
  positionId: 77,
  heldQuantity: 1000,
  ...over,
});
const salePage = (list: Sale[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

describe('product/auction: when new shares may be sold', () => {
  setupScreenTests();
  const base = () => fakeApi().on(auction.preMarketList, stockPage([])).on(auction.auctionOrderList, orderPage([]));

  it('lists the allotted new shares, sellable now or from when, with the position once delivered', async () => {
    base().on(
      auction.saleList,
      salePage([
        saleOf(),
        saleOf({
          subscriptionId: 10,
          code: 'PGRD',
          name: 'Paragon Grid',
          market: 'US',
          sellableNow: false,
          sellableFromTimestamp: LISTING + 86_400_000,
          positionId: null,
          heldQuantity: 0,
          currency: 'USD',
          price: '1021.50',
        }),
      ]),
    );
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const rows = await screen.findAllByTestId('sale-row');
    expect(rows[0]?.textContent).toContain('8.80 HKD');
    expect(rows[1]?.textContent).toContain('1,021.50 USD');
    expect(rows.map((r) => r.dataset.code)).toEqual(['02876', 'PGRD']);
    expect(within(rows[0]!).getByTestId('sale-state').textContent).toBe('Sellable now');
    expect(within(rows[0]!).getByTestId('sale-held').textContent).toBe('1,000');
    expect(within(rows[0]!).getByTestId('sale-position').getAttribute('href')).toContain('/pages/trade/detail');
    expect(within(rows[1]!).getByTestId('sale-state').textContent).toMatch(/^Sellable from /);
    expect(within(rows[1]!).getByTestId('sale-held').textContent).toBe('Delivered at the listing');
    expect(within(rows[1]!).queryByTestId('sale-position')).toBeNull();
  });

  it('says the price and the shares held in Dutch', async () => {
    await switchLanguage('nl');
    base().on(auction.saleList, salePage([saleOf({ price: '1021.50' })]));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const row = await screen.findByTestId('sale-row');
    expect(row.textContent).toContain('1.021,50 HKD');
    expect(within(row).getByTestId('sale-held').textContent).toBe('1.000');
  });

  it('says when there are none', async () => {
    base().on(auction.saleList, salePage([]));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    await screen.findByText('No allotted new shares yet');
  });

  it('shows the failure of the list', async () => {
    base().on(auction.saleList, refuse(422, 'Sales down'));
    renderScreen(<AuctionPage />, '/pages/product/auction');
    await screen.findByText(/Sales down/, undefined, { timeout: 5000 });
  });

  it('looks up one code: its times, or the server refusal for an unknown one', async () => {
    const api = base()
      .on(auction.saleList, salePage([]))
      .on(auction.getSaleTime, (call) =>
        (call.body as { code: string }).code === '02876'
          ? {
              code: '02876',
              listingAtTimestamp: LISTING,
              lockUpEndsAtTimestamp: null,
              sellableFromTimestamp: LISTING,
              sellableNow: false,
            }
          : refuse(404, 'No such offering'),
      );
    renderScreen(<AuctionPage />, '/pages/product/auction');
    const user = userEvent.setup();
    const input = within(await screen.findByTestId('sale-lookup')).getByRole('textbox');
    await user.type(input, 'zzzz');
    await user.click(screen.getByTestId('sale-lookup-submit'));
    expect((await screen.findByTestId('sale-lookup-error')).textContent).toBe('No such offering');
    await user.clear(input);
    await user.type(input, '02876');
    await user.click(screen.getByTestId('sale-lookup-submit'));
    const result = await screen.findByTestId('sale-lookup-result');
    expect(within(result).getByTestId('sale-state').textContent).toMatch(/^Sellable from /);
    expect(result.textContent).toContain('None');
    expect(api.callsTo(auction.getSaleTime).map((c) => c.body)).toEqual([{ code: 'ZZZZ' }, { code: '02876' }]);
  });
});

describe('product/auction as a guest', () => {
  setupScreenTests({ guest: true });

  it('offers the look-up but does not ask for the allotments', async () => {
    const api = fakeApi().on(auction.preMarketList, stockPage([]));
    renderScreen(<AuctionPage />, '/pages/product/auction', { auth: false });
    await screen.findByTestId('sale-lookup');
    expect(screen.queryByTestId('sale-list')).toBeNull();
    expect(api.callsTo(auction.saleList)).toHaveLength(0);
  });
});
