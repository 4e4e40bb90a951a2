// @vitest-environment happy-dom
/**
 * The fund screens against a fake server. yinmutual/index: the products with their terms before any confirmation, a
 * Regular's confirm sheet showing the interest at maturity (to the cent, rounded down as the server pays it) and
 * sending the rate it showed with the amount and the transaction password, a bad amount refused on the spot, the
 * empty and error states. yinmutual/myhold: the totals and orders, a day's series, the redemption of a Current.
 */
import { type DataOf, funds, wallet } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../app/i18n';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { YinmutualIndexPage } from './index';
import { YinmutualMyholdPage } from './myhold';

type Product = DataOf<typeof funds.fundProductPageList>['list'][number];
type Order = DataOf<typeof funds.fundOrderPageList>['list'][number];

const base = {
  currency: 'EUR' as const,
  walletType: 'FINANCIAL' as const,
  open: true,
  valueDate: '2026-11-03',
};
const LIQ: Product = {
  ...base,
  id: 1,
  code: 'KM-LIQ',
  name: 'Kade Euro Liquidity',
  type: 'current',
  termDays: null,
  annualRate: '1.8345',
  managementFee: '0.3000',
  marketYield: '2.1345',
  minAmount: '10.00',
  redeemable: true,
  maturityDate: null,
};
const FIX90: Product = {
  ...base,
  id: 3,
  code: 'KM-FIX90',
  name: 'Kade Fixed 90 days',
  type: 'regular',
  termDays: 90,
  annualRate: '2.1000',
  managementFee: null,
  marketYield: null,
  minAmount: '100.00',
  redeemable: false,
  maturityDate: '2027-02-01',
};
const products = (list: Product[]) => ({ list, total: list.length, page: 1, pageSize: 50 });

const order = (over: Partial<Order>): Order => ({
  id: 7,
  productId: 1,
  code: 'KM-LIQ',
  name: 'Kade Euro Liquidity',
  type: 'current',
  termDays: null,
  annualRate: '1.8345',
  managementFee: '0.3000',
  amount: '5000.00',
  currency: 'EUR',
  valueDate: '2026-11-03',
  maturityDate: null,
  income: '3.01',
  dailyIncome: '0.25',
  paidOut: null,
  status: 'inProgress',
  redeemable: true,
  buyTimeStamp: Date.parse('2026-11-02T10:00:00Z'),
  sellTimeStamp: null,
  ...over,
});

const balances = [
  {
    walletType: 'FINANCIAL' as const,
    currency: 'EUR' as const,
    balance: '2000.00',
    usedBalance: '0.00',
    total: '2000.00',
  },
];

describe('yinmutual/index', () => {
  setupScreenTests();

  it('shows the terms, and subscribes a Regular with the rate and the interest its sheet showed', async () => {
    const api = fakeApi()
      .on(funds.fundProductPageList, products([LIQ, FIX90]))
      .on(wallet.getWalletBalance, balances)
      .on(funds.fundOrderCreate, order({ id: 9, type: 'regular', amount: '1000.00', name: FIX90.name }));
    renderScreen(<YinmutualIndexPage />, '/pages/yinmutual/index', { titleKey: 'routes.yinmutual.index' });
    const rows = await screen.findAllByTestId('fund-product');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('fund-rules').textContent).toContain('Redeemable any day');
    expect(within(rows[1] as HTMLElement).getByTestId('fund-rules').textContent).toContain(
      'cannot be redeemed before then',
    );
    expect(rows[1]?.textContent).toContain('01/02/2027');

    const user = userEvent.setup();
    await user.click(within(rows[1] as HTMLElement).getByTestId('fund-subscribe'));
    const sheet = await screen.findByTestId('confirm-sheet');
    const amount = within(sheet).getByTestId('fund-amount').querySelector('input') as HTMLInputElement;
    await user.type(amount, '50');
    expect(within(sheet).getByTestId('fund-amount-problem').textContent).toBe('The minimum is 100.00 EUR.');
    await user.clear(amount);
    // A Dutch keyboard's decimal comma is taken as the decimal point (the money forms' AmountInput).
    await user.type(amount, '1000,5');
    expect(amount.value).toBe('1000.5');
    await user.clear(amount);
    await user.type(amount, '1000');
    // 1,000 × 2.1 % × 90 / 365 = 5.178… → 5.17.
    expect(within(sheet).getByTestId('fund-expected-interest').textContent).toContain('5.17');
    const confirm = within(sheet).getByTestId('confirm-submit');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(
      within(sheet).getByTestId('fund-pay-password').querySelector('input') as HTMLInputElement,
      '123456',
    );
    await user.click(confirm);
    await waitFor(() => expect(api.callsTo(funds.fundOrderCreate)).toHaveLength(1));
    expect(api.callsTo(funds.fundOrderCreate)[0]?.body).toEqual({
      productId: 3,
      amount: '1000.00',
      annualRate: '2.1000',
      payPassword: '123456',
    });
  });

  it('says when no fund is open, and offers a retry when the list fails', async () => {
    const api = fakeApi().on(funds.fundProductPageList, refuse(422, 'Not now')).on(wallet.getWalletBalance, balances);
    renderScreen(<YinmutualIndexPage />, '/pages/yinmutual/index');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    api.on(funds.fundProductPageList, products([]));
    await userEvent.setup().click(retry);
    expect(await screen.findByText('No fund is open to new money now')).toBeTruthy();
  });
});

describe('yinmutual/myhold', () => {
  setupScreenTests();

  it('shows the totals and the orders, a daily series, and redeems a Current after confirming', async () => {
    const api = fakeApi()
      .on(funds.fundOrderPageList, {
        list: [order({}), order({ id: 6, type: 'regular', redeemable: false, maturityDate: '2027-02-01' })],
        total: 2,
        page: 1,
        pageSize: 20,
      })
      .on(funds.fundStat, {
        currency: 'EUR',
        regularAmount: '5003.01',
        currentAmount: '5003.01',
        held: '10006.02',
        dailyYield: '0.50',
        totalIncome: '6.02',
      })
      .on(funds.fundProfit, {
        id: 7,
        profit: '3.01',
        buyTimeStamp: 0,
        sellTimeStamp: null,
        days: [{ date: '2026-11-14', annualRate: '1.8345', profit: '0.25' }],
      })
      .on(funds.fundOrderRedeem, order({ status: 'completed', paidOut: '5003.01', redeemable: false }));
    renderScreen(<YinmutualMyholdPage />, '/pages/yinmutual/myhold', { titleKey: 'routes.yinmutual.myhold' });
    const rows = await screen.findAllByTestId('fund-order');
    expect(rows).toHaveLength(2);
    expect((await screen.findByTestId('fund-stat-daily')).textContent).toContain('0.50');
    expect(screen.getByTestId('fund-stat-income').textContent).toContain('6.02');
    expect(within(rows[1] as HTMLElement).queryByTestId('fund-order-redeem')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(rows[0] as HTMLElement).getByTestId('fund-order-days'));
    expect((await screen.findByTestId('fund-days')).textContent).toContain('14/11/2026');
    await user.click(within(rows[0] as HTMLElement).getByTestId('fund-order-redeem'));
    expect((await screen.findByTestId('fund-redeem-confirm')).textContent).toContain('5,003.01 EUR');
    // The dialog is still fading in (pointer-events none while it animates).
    await userEvent.setup({ pointerEventsCheck: 0 }).click(await screen.findByText('Redeem now'));
    await waitFor(() => expect(api.callsTo(funds.fundOrderRedeem)).toHaveLength(1));
    expect(api.callsTo(funds.fundOrderRedeem)[0]?.body).toEqual({ id: 7 });
  });

  it('says an order that ended before its first day of interest earned none, and one in progress when it will', async () => {
    fakeApi()
      .on(funds.fundOrderPageList, {
        list: [order({ status: 'completed', paidOut: '5000.00', redeemable: false }), order({ id: 8 })],
        total: 2,
        page: 1,
        pageSize: 20,
      })
      .on(funds.fundStat, {
        currency: 'EUR',
        regularAmount: '0.00',
        currentAmount: '5000.00',
        held: '5000.00',
        dailyYield: '0.00',
        totalIncome: '0.00',
      })
      .on(funds.fundProfit, { id: 7, profit: '0.00', buyTimeStamp: 0, sellTimeStamp: null, days: [] });
    renderScreen(<YinmutualMyholdPage />, '/pages/yinmutual/myhold', { titleKey: 'routes.yinmutual.myhold' });
    const rows = await screen.findAllByTestId('fund-order');
    const user = userEvent.setup();
    await user.click(within(rows[0] as HTMLElement).getByTestId('fund-order-days'));
    expect((await within(rows[0] as HTMLElement).findByTestId('fund-no-days')).textContent).toBe(
      'No interest: it ended before its first day of interest (03/11/2026).',
    );
    await user.click(within(rows[1] as HTMLElement).getByTestId('fund-order-days'));
    expect((await within(rows[1] as HTMLElement).findByTestId('fund-no-days')).textContent).toBe(
      'No interest yet: the first day that earns interest is 03/11/2026.',
    );
  });

  it('says what a redemption pays in Dutch', async () => {
    await switchLanguage('nl');
    fakeApi()
      .on(funds.fundOrderPageList, { list: [order({})], total: 1, page: 1, pageSize: 20 })
      .on(funds.fundStat, {
        currency: 'EUR',
        regularAmount: '0.00',
        currentAmount: '5003.01',
        held: '5003.01',
        dailyYield: '0.25',
        totalIncome: '3.01',
      });
    renderScreen(<YinmutualMyholdPage />, '/pages/yinmutual/myhold', { titleKey: 'routes.yinmutual.myhold' });
    const row = await screen.findByTestId('fund-order');
    await userEvent.setup().click(within(row).getByTestId('fund-order-redeem'));
    expect((await screen.findByTestId('fund-redeem-confirm')).textContent).toContain('5.003,01 EUR');
  });

  it('says when there are no funds yet', async () => {
    fakeApi().on(funds.fundOrderPageList, { list: [], total: 0, page: 1, pageSize: 20 });
    renderScreen(<YinmutualMyholdPage />, '/pages/yinmutual/myhold');
    expect(await screen.findByText('You have no funds yet')).toBeTruthy();
  });
});
