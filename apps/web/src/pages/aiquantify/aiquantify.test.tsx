// @vitest-environment happy-dom
/**
 * The AI quant screens against a fake server: the strategies with their ranking, published terms and figures (a loss
 * reads as a loss) and the simulated-results line; a subscription through the sheet (the amount within the
 * strategy's published limits and the Funds wallet, the transaction password) asks checkSecret for a confirmation
 * and sends order/save form-encoded with the intent's key, then opens the subscription; a wrong password shows the
 * server's message and saves nothing; record's empty and error states, and record-detail of a paid subscription.
 */
import { auth, type DataOf, quant, wallet } from '@beurs/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../test/render';
import { AiQuantifyIndexPage } from './index';
import { AiQuantifyRecordPage } from './record';
import { AiQuantifyRecordDetailPage } from './record-detail';

type Strategy = DataOf<typeof quant.quantList>['list'][number];
type Order = DataOf<typeof quant.quantOrderPageList>['list'][number];

const chart = [
  { time: Date.parse('2026-09-01T00:00:00Z'), nav: '1.00000000' },
  { time: Date.parse('2026-11-02T00:00:00Z'), nav: '0.95000000' },
];
const strategy = (over: Partial<Strategy>): Strategy => ({
  id: 7,
  code: 'KQ-GRID',
  name: 'Bitcoin and Solana grid',
  description: 'A rule, not a forecast.',
  bookCurrency: 'USD',
  performanceFee: '10.00',
  minAmount: '100.00',
  maxAmount: '1000000.00',
  terms: [7, 30],
  open: true,
  nav: '0.95000000',
  totalReturn: '-5.00',
  return30d: '-1.20',
  maxDrawdown: '8.00',
  winRate: '55.00',
  trades: 120,
  rank: 2,
  since: chart[0]?.time ?? 0,
  updatedAt: Date.parse('2026-11-02T10:00:00Z'),
  chart,
  ...over,
});
const GRID = strategy({});
const MOMENTUM = strategy({ id: 5, code: 'KQ-MOMENTUM', name: 'Crypto momentum', totalReturn: '3.10', rank: 1 });
const order = (over: Partial<Order> = {}): Order => ({
  id: 41,
  strategyId: 7,
  code: 'KQ-GRID',
  name: 'Bitcoin and Solana grid',
  amount: '250.00',
  currency: 'EUR',
  termDays: 7,
  performanceFee: '10.00',
  entryNav: '0.95000000',
  nav: '0.95000000',
  value: '250.00',
  fee: '0.00',
  profit: '0.00',
  paidOut: null,
  status: 'running',
  buyTimeStamp: Date.parse('2026-11-02T10:00:00Z'),
  endTimeStamp: Date.parse('2026-11-09T10:00:00Z'),
  closeTimeStamp: null,
  ...over,
});

function serve() {
  return fakeApi()
    .on(quant.quantList, { list: [GRID, MOMENTUM], currency: 'EUR', walletType: 'FINANCIAL' })
    .on(wallet.getWalletBalance, [
      { walletType: 'FINANCIAL', currency: 'EUR', balance: '300.00', usedBalance: '0.00', total: '300.00' },
    ] as DataOf<typeof wallet.getWalletBalance>)
    .on(auth.totpStatus, { enabled: false, recoveryCodesLeft: 0 } as DataOf<typeof auth.totpStatus>);
}

async function openedSheet() {
  return tappable(await screen.findByTestId('confirm-sheet'));
}

describe('AI quant', () => {
  setupScreenTests();

  it('lists the strategies ranked, with published terms, figures (a loss as a loss) and the simulated line', async () => {
    serve();
    renderScreen(<AiQuantifyIndexPage />, '/pages/aiquantify/index', { titleKey: 'routes.aiquantify.index' });
    const cards = await screen.findAllByTestId('quant-strategy');
    expect(cards).toHaveLength(2);
    const ranks = screen.getAllByTestId('quant-rank').map((r) => r.getAttribute('data-code'));
    expect(ranks).toEqual(['KQ-MOMENTUM', 'KQ-GRID']);
    const grid = cards[0] as HTMLElement;
    expect(within(grid).getByTestId('quant-terms').textContent).toBe(
      'From 100.00 EUR · periods 7 days, 30 days · performance fee 10.00%',
    );
    expect(within(grid).getByTestId('agency-return').querySelector('.fall')).toBeTruthy();
    expect(within(grid).getByTestId('agency-disclaimer').textContent).toContain('no guarantee');
  });

  it('subscribes through the sheet: checkSecret, then order/save form-encoded with the key; a wrong password saves nothing', async () => {
    const api = serve()
      .on(quant.quantCheckSecret, (call) =>
        (call.body as { payPassword: string }).payPassword === '246810'
          ? { confirmation: 'c-1', expiresAtTimestamp: Date.parse('2026-11-02T10:05:00Z') }
          : refuse(422, 'The transaction password is wrong.', 'wrongPayPassword'),
      )
      .on(quant.quantOrderSave, order());
    const u = userEvent.setup();
    renderScreen(<AiQuantifyIndexPage />, '/pages/aiquantify/index', { titleKey: 'routes.aiquantify.index' });
    const [grid] = await screen.findAllByTestId('quant-strategy');
    await u.click(within(grid as HTMLElement).getByTestId('quant-subscribe'));
    const sheet = await openedSheet();
    const amount = within(sheet).getByTestId('quant-amount').querySelector('input') as HTMLInputElement;
    await u.type(amount, '99.99');
    expect(within(sheet).getByTestId('quant-amount-problem').textContent).toBe(
      'A subscription is 100.00 to 1,000,000.00 EUR.',
    );
    await u.clear(amount);
    await u.type(amount, '300.01');
    expect(within(sheet).getByTestId('quant-amount-problem').textContent).toBe(
      'Your Funds wallet does not hold that much.',
    );
    await u.clear(amount);
    await u.type(amount, '250');
    expect(within(sheet).queryByTestId('quant-amount-problem')).toBeNull();
    expect(within(sheet).getByTestId('quant-sheet-note').textContent).toContain('cannot be taken out before');
    const password = sheet.querySelector('#quant-pay-password') as HTMLInputElement;
    await u.type(password, '000000');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    expect((await within(sheet).findByTestId('quant-error')).textContent).toBe('The transaction password is wrong.');
    expect(api.callsTo(quant.quantOrderSave)).toHaveLength(0);

    await u.clear(password);
    await u.type(password, '246810');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    const away = await screen.findByTestId('navigated-away');
    expect(away.getAttribute('data-path')).toBe('/pages/aiquantify/record-detail');
    expect(away.getAttribute('data-search')).toBe('?id=41');
    const sent = api.callsTo(quant.quantOrderSave);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent[0]?.body).toEqual({
      strategyId: '7',
      amount: '250.00',
      termDays: '7',
      performanceFee: '10.00',
      confirmation: 'c-1',
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.callsTo(quant.quantCheckSecret).at(-1)?.body).toEqual({
      strategyId: 7,
      amount: '250.00',
      termDays: 7,
      payPassword: '246810',
    });
  });

  it('record: an error offers a retry; empty leads to the strategies', async () => {
    const api = fakeApi().on(quant.quantOrderPageList, refuse(422, 'Not now'));
    renderScreen(<AiQuantifyRecordPage />, '/pages/aiquantify/record', { titleKey: 'routes.aiquantify.record' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    api.on(quant.quantOrderPageList, { list: [], total: 0, page: 1, pageSize: 20 });
    await userEvent.setup().click(retry);
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See the strategies' })).toBeTruthy();
  });

  it('record and record-detail: a paid subscription with its loss, fee and what was paid back', async () => {
    const paid = order({
      status: 'paid',
      nav: '0.90000000',
      value: '236.84',
      profit: '-13.16',
      paidOut: '236.84',
      closeTimeStamp: Date.parse('2026-11-09T10:00:00Z'),
    });
    fakeApi().on(quant.quantOrderPageList, { list: [paid], total: 1, page: 1, pageSize: 20 });
    renderScreen(<AiQuantifyRecordDetailPage />, '/pages/aiquantify/record-detail?id=41', {
      titleKey: 'routes.aiquantify.recordDetail',
    });
    const detail = await screen.findByTestId('quant-order-detail');
    expect(within(detail).getByTestId('quant-status').textContent).toBe('Paid back');
    expect(within(detail).getByTestId('quant-profit').querySelector('.fall')).toBeTruthy();
    expect(within(detail).getByTestId('quant-profit').textContent).toContain('13.16');
    expect(within(detail).getByTestId('quant-detail-note').textContent).toBe(
      'Ended: 236.84 EUR was paid back to your Funds wallet.',
    );
  });

  it('record-detail: another customer’s or an unknown id shows the server’s not found', async () => {
    fakeApi().on(quant.quantOrderPageList, refuse(404, 'There is no quant subscription #99.'));
    renderScreen(<AiQuantifyRecordDetailPage />, '/pages/aiquantify/record-detail?id=99', {
      titleKey: 'routes.aiquantify.recordDetail',
    });
    expect(await screen.findByText(/There is no quant subscription #99\./)).toBeTruthy();
  });
});
