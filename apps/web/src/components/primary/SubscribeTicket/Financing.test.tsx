// @vitest-environment happy-dom
/**
 * IPO financing on the ticket and in the subscription tab, against a fake server: the terms and the deadline shown
 * before choosing, the figures of a financed subscription (deposit, financed part, interest, make-up, to the cent),
 * the confirmation listing them and the request carrying `financing: true` with the deposit's total; an offering
 * without financing says so; a pendingPayment subscription's Pay confirms, then sends one keyed /NewShares/pay.
 */
import { type DataOf, primary, wallet } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { subscriptionFigures } from '../figures';
import { MakeUpPay } from '../MakeUpPay';
import { SubscribeTicketPage } from './index';

const URL = '/pages/payment/newstock?name=Northwind&code=NWRB&source=5';
type Detail = DataOf<typeof primary.newStockDetail>;
type Figures = DataOf<typeof primary.ipoFullNum>;
type Sub = DataOf<typeof primary.newSharesCreate>;

const HOUR = 3_600_000;
const NOW = Date.now();
const CLOSES = NOW + 24 * HOUR;
const DUE = CLOSES + 46 * HOUR;

const offering: Detail['offering'] = {
  id: 1,
  code: 'NWRB',
  name: 'Northwind Robotics',
  market: 'US',
  exchange: 'NASDAQ',
  currency: 'USD',
  simulated: true,
  prospectusDateTimestamp: NOW - 5 * 24 * HOUR,
  opensAtTimestamp: NOW - 24 * HOUR,
  closesAtTimestamp: CLOSES,
  marketDateTimestamp: DUE + 2 * HOUR,
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
};

/** $20 × 100 shares at 0.9 = €1,800.00 a lot; the $10 fee is €9.00; financing 20 % at 6 % a year. */
const figuresOf = (financing: Figures['financing']): Figures => ({
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
  financing,
});
const TERMS = {
  depositPercent: 20,
  annualRatePercent: 6,
  dueAtTimestamp: DUE,
  closesAtTimestamp: CLOSES,
  maxQuantity: 1300,
};

const pending: Sub = {
  id: 42,
  offeringId: 1,
  code: 'NWRB',
  name: 'Northwind Robotics',
  market: 'US',
  exchange: 'NASDAQ',
  priceCurrency: 'USD',
  walletType: 'SUBSCRIPTION',
  currency: 'EUR',
  quantity: 200,
  price: '20.00',
  rate: '0.9',
  amount: '3600.00',
  fee: '9.00',
  total: '729.00',
  allottedQuantity: 200,
  amountPaid: '9.00',
  amountPending: '720.00',
  financed: true,
  deposit: '720.00',
  interest: '0.91',
  makeUp: '2880.91',
  paymentDueAtTimestamp: DUE,
  status: 'pendingPayment',
  settleStatus: null,
  closesAtTimestamp: CLOSES,
  marketDateTimestamp: DUE + 2 * HOUR,
  createTimeTimestamp: NOW,
  modifyTimeTimestamp: NOW,
};

function serve(financing: Figures['financing']): FakeApi {
  return fakeApi()
    .on(primary.newStockDetail, { offering, state: 'subscribable' as const, subscription: null })
    .on(primary.ipoFullNum, figuresOf(financing))
    .on(primary.newSharesCreate, { ...pending, status: 'subscribed', allottedQuantity: null, makeUp: null });
}

async function openedSheet() {
  return tappable(await screen.findByTestId('confirm-sheet'));
}

describe('financed subscriptionFigures', () => {
  it('holds the deposit and the fee; the make-up is the rest with interest from the close to the deadline', () => {
    // 3600 × 20 % = 720; 2880 × 6 % × 46 / 8760 = 0.907… → 0.91.
    expect(subscriptionFigures(figuresOf(TERMS), 2, true)).toMatchObject({
      amount: '3600.00',
      total: '729.00',
      financing: { deposit: '720.00', financed: '2880.00', interest: '0.91', makeUp: '2880.91', dueAtTimestamp: DUE },
      shortfall: null,
    });
    // Not chosen, or not offered: the whole amount is held.
    expect(subscriptionFigures(figuresOf(TERMS), 2)?.total).toBe('3609.00');
    expect(subscriptionFigures(figuresOf(null), 2, true)?.financing).toBeNull();
  });
});

describe('IPO financing screens', () => {
  setupScreenTests();

  it('shows the terms and deadline before choosing, and confirms a financed subscription with them', async () => {
    const api = serve(TERMS);
    renderScreen(<SubscribeTicketPage />, URL);
    const choice = await screen.findByTestId('ipo-financing');
    expect(choice.textContent).toContain('Pay 20% now');
    expect(choice.textContent).toContain('6% a year');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('ipo-lots-plus'));
    await user.click(screen.getByTestId('ipo-financing-choice'));
    expect(screen.getByTestId('ipo-total').textContent).toBe('€729.00');
    expect(screen.getByTestId('ipo-makeup').textContent).toBe('€2,880.91');

    await user.click(screen.getByTestId('ipo-submit'));
    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('confirm-deposit').textContent).toBe('€720.00');
    expect(within(sheet).getByTestId('confirm-makeup').textContent).toBe('€2,880.91');
    expect(within(sheet).getByTestId('confirm-interest').textContent).toBe('€0.91');
    expect(within(sheet).getByTestId('confirm-due')).toBeTruthy();
    await user.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('ipo-result');
    expect(api.callsTo(primary.newSharesCreate)[0]?.body).toEqual({
      code: 'NWRB',
      quantity: 200,
      maxTotal: '729.00',
      financing: true,
    });
  });

  it('says so when the offering has no financing, and sends no choice', async () => {
    serve(null);
    renderScreen(<SubscribeTicketPage />, URL);
    expect((await screen.findByTestId('ipo-financing-none')).textContent).toContain('not offered');
    expect(screen.queryByTestId('ipo-financing-choice')).toBeNull();
  });

  it('pays the make-up after a confirmation, once, with a key; a shortfall links to a transfer of what is lacking', async () => {
    let answer: () => unknown = () => refuse(422, 'Not enough in Subscriptions.', 'insufficientBalance');
    const api = fakeApi()
      .on(primary.newSharesPay, () => answer() as never)
      .on(wallet.getWalletBalance, [
        { walletType: 'SUBSCRIPTION', currency: 'EUR', balance: '1000.00', usedBalance: '720.00', total: '1720.00' },
        { walletType: 'BALANCE', currency: 'EUR', balance: '5000.00', usedBalance: '0.00', total: '5000.00' },
      ]);
    renderScreen(<MakeUpPay subscription={pending} />, '/pages/trade/index?tab=subscription');
    expect(screen.getByTestId('ipo-makeup-due').textContent).toContain('€2,880.91');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('ipo-pay'));
    let sheet = await openedSheet();
    expect(within(sheet).getByTestId('pay-makeup').textContent).toBe('€2,880.91');
    expect(within(sheet).getByTestId('pay-deposit').textContent).toBe('€720.00');
    expect(api.callsTo(primary.newSharesPay)).toHaveLength(0);
    await user.click(within(sheet).getByTestId('confirm-submit'));
    const notice = await screen.findByTestId('trade-error');
    // €2,880.91 due, €1,000.00 in Subscriptions: move €1,880.91, from Funding (the euro wallet that holds the most).
    await waitFor(() => expect(within(notice).getByTestId('trade-error-transfer').textContent).toContain('€1,880.91'));
    const href = within(notice).getByTestId('trade-error-transfer').getAttribute('href') ?? '';
    expect(href).toContain('to=SUBSCRIPTION');
    expect(href).toContain('amount=1880.91');
    expect(href).toContain('from=BALANCE');

    answer = () => ({ ...pending, status: 'allotted', settleStatus: 'toBeSettled' });
    await user.click(screen.getByTestId('ipo-pay'));
    sheet = await openedSheet();
    await user.dblClick(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('ipo-makeup-paid');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(primary.newSharesPay)).toHaveLength(2);
    expect(screen.queryByTestId('ipo-pay')).toBeNull();
    const calls = api.callsTo(primary.newSharesPay);
    expect(calls[1]?.body).toEqual({ id: 42 });
    expect(calls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.headers['idempotency-key']).not.toBe(calls[0]?.headers['idempotency-key']);
  });
});
