// @vitest-environment happy-dom
/**
 * The subscription ticket against a fake server: its figures (lots × the hold per lot + the fee, in the wallet's
 * currency with the rate), the most the wallet carries, the shortfall with the way to the Subscriptions wallet,
 * review → confirm sending one keyed request with `maxTotal` = the total shown, and each refusal said with what to
 * do next.
 */
import { type DataOf, primary } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { primaryKeys } from '../../../api/primary';
import { queryClient } from '../../../api/queryClient';
import { type FakeApi, fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { subscriptionFigures } from '../figures';
import { SubscribeTicketPage } from './index';

const URL = '/pages/payment/newstock?name=Northwind&code=NWRB&source=5';
type Detail = DataOf<typeof primary.newStockDetail>;
type Figures = DataOf<typeof primary.ipoFullNum>;
type Sub = DataOf<typeof primary.newSharesCreate>;

const NOW = Date.now();
const offeringOf = (over: Partial<Detail['offering']> = {}): Detail['offering'] => ({
  id: 1,
  code: 'NWRB',
  name: 'Northwind Robotics',
  market: 'US',
  exchange: 'NASDAQ',
  currency: 'USD',
  simulated: true,
  prospectusDateTimestamp: NOW - 5 * 86_400_000,
  opensAtTimestamp: NOW - 86_400_000,
  closesAtTimestamp: NOW + 86_400_000,
  marketDateTimestamp: NOW + 3 * 86_400_000,
  priceMin: '18.00',
  priceMax: '20.00',
  subscriptionPrice: '20.00',
  lotSize: 100,
  sharesOffered: 100_000,
  fundRaising: '2000000.00',
  fee: '10.00',
  allotmentRule: 'proRata',
  phase: 'open',
  modifyTimeTimestamp: NOW,
  ...over,
});

/** $20 × 100 shares at 0.9 = €1,800.00 a lot; the $10 fee is €9.00. */
const figuresOf = (over: Partial<Figures> = {}): Figures => ({
  code: 'NWRB',
  walletType: 'SUBSCRIPTION',
  currency: 'EUR',
  priceCurrency: 'USD',
  price: '20.00',
  rate: '0.9',
  lotSize: 100,
  perLot: '1800.00',
  fee: '9.00',
  available: '5000.00',
  maxQuantity: 200,
  financing: null,
  ...over,
});

const subscriptionOf = (quantity: number): Sub => ({
  id: 42,
  offeringId: 1,
  code: 'NWRB',
  name: 'Northwind Robotics',
  market: 'US',
  exchange: 'NASDAQ',
  priceCurrency: 'USD',
  walletType: 'SUBSCRIPTION',
  currency: 'EUR',
  quantity,
  price: '20.00',
  rate: '0.9',
  amount: '3600.00',
  fee: '9.00',
  total: '3609.00',
  allottedQuantity: null,
  amountPaid: '0.00',
  amountPending: '3609.00',
  financed: false,
  deposit: null,
  interest: null,
  makeUp: null,
  paymentDueAtTimestamp: null,
  status: 'subscribed',
  settleStatus: null,
  closesAtTimestamp: NOW + 86_400_000,
  marketDateTimestamp: NOW + 3 * 86_400_000,
  createTimeTimestamp: NOW,
  modifyTimeTimestamp: NOW,
});

function serve(options: { offering?: Partial<Detail['offering']>; figures?: Partial<Figures> } = {}): FakeApi {
  // Once subscribed, the offering's detail says so (the ticket refetches it after the send).
  let subscribed: Sub | null = null;
  return fakeApi()
    .on(primary.newStockDetail, () => ({
      offering: offeringOf(options.offering),
      state: subscribed ? ('subscribed' as const) : ('subscribable' as const),
      subscription: subscribed,
    }))
    .on(primary.ipoFullNum, figuresOf(options.figures))
    .on(primary.newSharesCreate, (call) => {
      subscribed = subscriptionOf((call.body as { quantity: number }).quantity);
      return subscribed;
    });
}

async function openTicket(api: FakeApi) {
  renderScreen(<SubscribeTicketPage />, URL);
  await screen.findByTestId('ipo-hold');
  return { api, user: userEvent.setup() };
}

async function openedSheet() {
  return tappable(await screen.findByTestId('confirm-sheet'));
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('subscriptionFigures', () => {
  it('holds lots × the hold per lot + the fee, and says what the wallet lacks', () => {
    const f = subscriptionFigures(figuresOf({ perLot: '1800.01', available: '3600.00' }), 2);
    expect(f).toEqual({
      lots: 2,
      quantity: 200,
      priceAmount: '4000.00',
      amount: '3600.02',
      fee: '9.00',
      total: '3609.02',
      financing: null,
      shortfall: '9.02',
    });
    expect(subscriptionFigures(figuresOf(), 1)?.shortfall).toBeNull();
    expect(subscriptionFigures(figuresOf(), 0)).toBeNull();
    expect(subscriptionFigures(undefined, 1)).toBeNull();
  });
});

describe('SubscribeTicket', () => {
  setupScreenTests();

  it('shows the hold in the wallet currency with the rate, and steps in whole lots up to the most it carries', async () => {
    const { user } = await openTicket(serve());
    expect(text('ipo-total')).toBe('€1,809.00');
    expect(text('ipo-rate')).toContain('1 USD = 0.9 EUR');
    expect(text('ipo-max')).toContain('at most 2 lots (200 shares)');
    expect(screen.getByTestId('ipo-rule').dataset.rule).toBe('proRata');

    await user.click(screen.getByTestId('ipo-lots-plus'));
    expect(text('ipo-lots-hint')).toContain('Shares: 200');
    expect(text('ipo-amount')).toBe('€3,600.00');
    expect(text('ipo-total')).toBe('€3,609.00');

    await user.click(screen.getByTestId('ipo-lots-plus'));
    // 3 lots = €5,409.00 against €5,000.00: €409.00 short, and the way to the Subscriptions wallet.
    const link = await screen.findByTestId('trade-error-transfer');
    expect(link.textContent).toContain('Move €409.00 to Subscriptions');
    expect(link.getAttribute('href')).toBe('/pages/profile/transfer?to=SUBSCRIPTION&amount=409.00');
    await user.click(screen.getByTestId('ipo-submit'));
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();

    await user.click(screen.getByTestId('ipo-lots-max'));
    expect((screen.getByTestId('ipo-lots') as HTMLInputElement).value).toBe('2');
    expect(screen.queryByTestId('ipo-short')).toBeNull();
  });

  it('confirms once, with an idempotency key and maxTotal = the total the sheet showed', async () => {
    const { api, user } = await openTicket(serve());
    await user.click(screen.getByTestId('ipo-lots-plus'));
    await user.click(screen.getByTestId('ipo-submit'));
    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('confirm-total').textContent).toBe('€3,609.00');
    expect(within(sheet).getByTestId('confirm-quantity').textContent).toBe('200 (2 × 100)');
    expect(api.callsTo(primary.newSharesCreate)).toHaveLength(0);

    await user.dblClick(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('ipo-result');
    // The refetched offering (now subscribed) does not replace the result.
    await waitFor(() => expect(api.callsTo(primary.newStockDetail).length).toBeGreaterThan(1));
    expect(screen.getByTestId('ipo-result')).toBeTruthy();
    const sent = api.callsTo(primary.newSharesCreate);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ code: 'NWRB', quantity: 200, maxTotal: '3609.00' });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the confirmation at the figures it opened with while the live rate moves, and holds to them', async () => {
    let perLot = '1800.00';
    const api = serve().on(primary.ipoFullNum, () => figuresOf({ perLot }));
    const { user } = await openTicket(api);
    await user.click(screen.getByTestId('ipo-submit'));
    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('confirm-total').textContent).toBe('€1,809.00');

    perLot = '1810.00';
    await queryClient.invalidateQueries({ queryKey: primaryKeys.ticket('NWRB') });
    await waitFor(() => expect(text('ipo-total')).toBe('€1,819.00'));
    expect(within(sheet).getByTestId('confirm-total').textContent).toBe('€1,809.00');

    await user.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('ipo-result');
    expect(api.callsTo(primary.newSharesCreate)[0]?.body).toMatchObject({ quantity: 100, maxTotal: '1809.00' });
  });

  it('says each refusal with what to do: verify, move money, review the new rate, see the subscription', async () => {
    let answer: () => ReturnType<typeof refuse> = () => refuse(422, 'Verify your identity first.', 'kycRequired');
    const api = serve().on(primary.newSharesCreate, () => answer());
    const { user } = await openTicket(api);
    const submit = async () => {
      await user.click(screen.getByTestId('ipo-submit'));
      await user.click(within(await openedSheet()).getByTestId('confirm-submit'));
      return screen.findByTestId('trade-error');
    };

    let notice = await submit();
    expect(notice.dataset.reason).toBe('kycRequired');
    expect(within(notice).getByTestId('trade-error-kyc').getAttribute('href')).toBe('/pages/kyc/individual');

    answer = () => refuse(422, 'Not enough in Subscriptions.', 'insufficientBalance');
    notice = await submit();
    expect(within(notice).getByTestId('trade-error-transfer').textContent).toContain('Transfer to Subscriptions');

    answer = () => refuse(422, 'The rate moved.', 'offeringTotalAboveTicket');
    notice = await submit();
    const before = api.callsTo(primary.ipoFullNum).length;
    await user.click(within(notice).getByTestId('ipo-error-review'));
    await openedSheet();
    expect(api.callsTo(primary.ipoFullNum).length).toBeGreaterThan(before);
    await user.click(screen.getByText('Cancel'));

    answer = () => refuse(409, 'You have already subscribed to NWRB.');
    notice = await submit();
    expect(notice.textContent).toContain('You have already subscribed to NWRB.');
    expect(within(notice).getByTestId('ipo-error-subscription').getAttribute('href')).toBe(
      '/pages/trade/index?tab=subscription',
    );
    // Every attempt was a new intent: a refusal renews the key.
    const keys = api.callsTo(primary.newSharesCreate).map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not offer the form when the window is not open, or the customer already subscribed', async () => {
    serve({ offering: { phase: 'upcoming' } });
    renderScreen(<SubscribeTicketPage />, URL);
    expect(await screen.findByText('Subscriptions for NWRB are not open')).toBeTruthy();
    expect(screen.queryByTestId('ipo-submit')).toBeNull();
  });
});
