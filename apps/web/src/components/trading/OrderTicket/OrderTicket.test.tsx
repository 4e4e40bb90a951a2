// @vitest-environment happy-dom
/**
 * The order ticket against a fake server: the quantity rules, a closed market, the paying wallet and its
 * shortfall, and review → confirm sending exactly one keyed order with the fee schedule of the figures shown.
 */
import { type DataOf, market, type Quote, trading, wallet } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../app/i18n';
import { formatWhen } from '../../../lib/format';
import { quoteOf, summaryOf } from '../../../test/quotes';
import { type FakeApi, fakeApi, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { OrderTicketPage } from './index';

const URL = '/pages/payment/stock?name=ASML&code=ASML&source=0&direction=0';
const TERMS = 'fees-2026-07';

type Figures = DataOf<typeof trading.halfOrFullNum>;

/** Figures of a Dutch stock paid from Funding: €10.00 margin and €0.05 fee a share. */
const figuresOf = (over: Partial<Figures> = {}): Figures => ({
  stockCode: 'ASML',
  source: 0,
  walletType: 'BALANCE',
  currency: 'EUR',
  priceCurrency: 'EUR',
  price: '100.10',
  rate: '1',
  leverage: 1,
  maxLeverage: 5,
  available: '1000.00',
  marginPerUnit: '10.00000000',
  feePerUnit: '0.05000000',
  feeRate: '0.0005',
  closeFeeRate: '0.0005',
  termsVersion: TERMS,
  full: 99,
  half: 49,
  minCount: 1,
  lotSize: 1,
  marketOpen: true,
  ...over,
});

const resultOf = (quantity: number): DataOf<typeof trading.stockCreate> => ({
  order: {
    id: 7,
    stockCode: 'ASML',
    stockName: 'ASML Holding',
    source: 0,
    walletType: 'BALANCE',
    currency: 'EUR',
    priceCurrency: 'EUR',
    positionId: null,
    direction: 0,
    orderType: 0,
    openClose: 0,
    quantity,
    price: '100.10',
    fillPrice: null,
    leverage: 1,
    margin: '100.00',
    fee: '0.50',
    total: '100.50',
    amount: '1001.00',
    rate: '1',
    status: 0,
    profit: null,
    closeReason: null,
    createTimeTimestamp: 1,
    fillTimeTimestamp: null,
    cancelTimeTimestamp: null,
  } as DataOf<typeof trading.stockCreate>['order'],
  position: null,
});

/** A fake server for one instrument; `answerOrder` answers the create call (default: at once). */
function serve(options: { quote?: Quote; figures?: Partial<Figures>; nextOpen?: number | null } = {}): FakeApi {
  const quote = options.quote ?? quoteOf();
  const figures = figuresOf({ marketOpen: quote.marketOpen, ...options.figures });
  return fakeApi()
    .on(market.stockDetail, quote)
    .on(market.summaryDetail, summaryOf(quote, options.nextOpen ?? null))
    .on(trading.stockRate, {
      assetClass: 'stock',
      buyRate: '0.0005',
      sellRate: '0.0005',
      maxLeverage: figures.maxLeverage,
      termsVersion: TERMS,
      all: [],
      closeOutLevel: 50,
    })
    .on(trading.getMinCount, { assetClass: 'stock', minCount: figures.minCount, lotSize: figures.lotSize })
    .on(trading.halfOrFullNum, figures)
    .on(wallet.getWalletBalance, [
      { walletType: 'BALANCE', currency: 'EUR', balance: figures.available, usedBalance: '0.00', total: '0' },
      { walletType: 'STOCK', currency: 'EUR', balance: '500.00', usedBalance: '0.00', total: '500.00' },
    ])
    .on(trading.stockCreate, (call) => resultOf((call.body as { quantity: number }).quantity));
}

async function openTicket(api: FakeApi, url = URL) {
  renderScreen(<OrderTicketPage product="stock" />, url);
  await screen.findByTestId('ticket-quote');
  // The figures have come once the paying wallet is named.
  await screen.findByTestId('ticket-wallet');
  return { api, user: userEvent.setup() };
}

/** The text box of a ticket field (the test id is on antd-mobile's wrapper). */
const box = (testId: string) => within(screen.getByTestId(testId)).getByRole<HTMLInputElement>('textbox');

async function typeQuantity(user: ReturnType<typeof userEvent.setup>, quantity: string) {
  await user.clear(box('ticket-quantity'));
  await user.type(box('ticket-quantity'), quantity);
}

/** The confirmation sheet once it takes taps (antd-mobile's popup takes none while it slides in). */
async function openedSheet() {
  return tappable(await screen.findByTestId('confirm-sheet'));
}

describe('OrderTicket', () => {
  setupScreenTests();

  it('says what is wrong with the quantity: missing, below the minimum (with a way out), off the lot size', async () => {
    const { api, user } = await openTicket(serve({ figures: { minCount: 10, lotSize: 5 } }));
    expect(screen.getByTestId('ticket-min').textContent).toBe('Minimum 10, in steps of 5');

    expect(box('ticket-quantity').getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByTestId('ticket-submit'));
    expect(screen.getByTestId('ticket-quantity-error').textContent).toContain('Please add quantity');
    expect(box('ticket-quantity').getAttribute('aria-invalid')).toBe('true');

    await typeQuantity(user, '3');
    expect(screen.getByTestId('ticket-quantity-error').textContent).toContain('The minimum is 10');
    await user.click(within(screen.getByTestId('ticket-quantity-error')).getByRole('button'));
    expect(box('ticket-quantity').value).toBe('10');
    expect(screen.queryByTestId('ticket-quantity-error')).toBeNull();
    expect(box('ticket-quantity').getAttribute('aria-invalid')).toBe('false');

    await typeQuantity(user, '12');
    expect(screen.getByTestId('ticket-quantity-error').textContent).toContain('Use a multiple of 5');
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();
    expect(api.callsTo(trading.stockCreate)).toHaveLength(0);
  });

  it('on a closed market starts on a limit order at the price it would fill at, and says when the market opens', async () => {
    const nextOpen = Date.now() + 3 * 3_600_000;
    const closed = quoteOf({ marketOpen: false, phase: 'closed' });
    const { api } = await openTicket(serve({ quote: closed, nextOpen }));

    await waitFor(() =>
      expect(screen.getByTestId('ticket-market-closed').textContent).toContain(
        `Market closed · opens ${formatWhen(nextOpen)}`,
      ),
    );
    expect(screen.queryByTestId('ticket-market-price')).toBeNull();
    expect(box('ticket-price').value).toBe('100.10');
    expect((screen.getByRole('radio', { name: 'Market' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Limit' }) as HTMLInputElement).checked).toBe(true);
    // The figures asked for are those of a limit order.
    await waitFor(() =>
      expect(api.callsTo(trading.halfOrFullNum).at(-1)?.body).toMatchObject({ orderType: 1, price: '100.10' }),
    );
  });

  it('shows the limit price with the Dutch decimal comma and asks with the point', async () => {
    await switchLanguage('nl');
    const closed = quoteOf({ marketOpen: false, phase: 'closed' });
    const { api, user } = await openTicket(serve({ quote: closed, nextOpen: Date.now() + 3_600_000 }));
    await waitFor(() => expect(box('ticket-price').value).toBe('100,10'));
    // Typed over the whole price (an emptied field is filled again with the live price).
    await user.type(box('ticket-price'), '99,5', { initialSelectionStart: 0, initialSelectionEnd: 6 });
    expect(box('ticket-price').value).toBe('99,5');
    await waitFor(() =>
      expect(api.callsTo(trading.halfOrFullNum).at(-1)?.body).toMatchObject({ orderType: 1, price: '99.5' }),
    );
  });

  it("takes a limit and a stop-loss only in the instrument's steps, and confirms them as they are sent", async () => {
    const closed = quoteOf({ marketOpen: false, phase: 'closed' });
    const { api, user } = await openTicket(serve({ quote: closed, nextOpen: Date.now() + 3_600_000 }));
    await waitFor(() => expect(box('ticket-price').value).toBe('100.10'));
    await user.type(box('ticket-price'), '99.125', { initialSelectionStart: 0, initialSelectionEnd: 6 });
    await user.click(screen.getByTestId('ticket-protect'));
    await user.type(box('ticket-stop-loss'), '95.5555');
    await typeQuantity(user, '10');
    await user.click(screen.getByTestId('ticket-submit'));

    // ASML has 2 decimals: a price between two cents is refused before the review, each field marked.
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();
    expect(screen.getAllByText('Prices of ASML go in steps of 0.01.')).toHaveLength(2);
    expect(box('ticket-price').getAttribute('aria-invalid')).toBe('true');
    expect(box('ticket-stop-loss').getAttribute('aria-invalid')).toBe('true');
    expect(box('ticket-take-profit').getAttribute('aria-invalid')).toBe('false');

    await user.type(box('ticket-price'), '99.1', { initialSelectionStart: 0, initialSelectionEnd: 6 });
    await user.clear(box('ticket-stop-loss'));
    await user.type(box('ticket-stop-loss'), '95.50');
    await user.click(screen.getByTestId('ticket-submit'));
    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('confirm-price').textContent).toBe('€99.10');
    expect(within(sheet).getByTestId('confirm-stop-loss').textContent).toBe('€95.50');
    await user.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('ticket-result');
    expect(api.callsTo(trading.stockCreate)[0]?.body).toMatchObject({ price: '99.1', stopLoss: '95.50' });
  });

  it('names the paying wallet and offers to move the shortfall there from the wallet holding the most', async () => {
    const { user } = await openTicket(serve({ figures: { available: '50.00' } }));
    expect(screen.getByTestId('ticket-wallet').textContent).toBe('This order is paid from your Funding wallet.');
    expect(screen.getByTestId('ticket-wallet').dataset.wallet).toBe('BALANCE');

    await typeQuantity(user, '10');
    // 10 × (€10.00 + €0.05) = €100.50 against €50.00 available: €50.50 short, Stocks holds €500.
    const link = await screen.findByTestId('trade-error-transfer');
    expect(link.textContent).toContain('Move €50.50 to Funding');
    expect(link.getAttribute('href')).toBe('/pages/profile/transfer?from=STOCK&to=BALANCE&amount=50.50');

    await user.click(screen.getByTestId('ticket-submit'));
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();
  });

  it('reviews, then confirms one order with an idempotency key and the fee schedule of the figures shown', async () => {
    const { api, user } = await openTicket(serve());
    await typeQuantity(user, '10');
    await user.click(screen.getByTestId('ticket-submit'));

    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('confirm-quantity').textContent).toBe('10 shares');
    expect(within(sheet).getByTestId('confirm-total').textContent).toBe('€100.50');
    expect(api.callsTo(trading.stockCreate)).toHaveLength(0);

    await user.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('ticket-result');
    const sent = api.callsTo(trading.stockCreate);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      stockCode: 'ASML',
      source: 0,
      direction: 0,
      orderType: 0,
      quantity: 10,
      leverage: 1,
      termsVersion: TERMS,
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the order once when confirm is tapped twice', async () => {
    let answer: () => void = () => undefined;
    const api = serve().on(
      trading.stockCreate,
      () => new Promise<DataOf<typeof trading.stockCreate>>((resolve) => (answer = () => resolve(resultOf(10)))),
    );
    const { user } = await openTicket(api);
    await typeQuantity(user, '10');
    await user.click(screen.getByTestId('ticket-submit'));
    const confirm = within(await openedSheet()).getByTestId('confirm-submit');

    await user.dblClick(confirm);
    await user.click(confirm);
    await waitFor(() => expect(api.callsTo(trading.stockCreate)).toHaveLength(1));
    answer();
    await screen.findByTestId('ticket-result');
    expect(api.callsTo(trading.stockCreate)).toHaveLength(1);
  });
});
