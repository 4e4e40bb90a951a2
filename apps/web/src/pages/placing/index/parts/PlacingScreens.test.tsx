// @vitest-environment happy-dom
/**
 * placing/index and placing/record against a fake server: the list with the price fixed at the open (or "fixed when
 * the window opens"), the empty and error states, the ticket's figures (lots × hold per lot + fee), and the
 * confirmation sending checkSecret with the transaction password, then one keyed create with maxTotal = the total;
 * on placing/record, cancelling an application after a confirmation that says what is released.
 */
import { type DataOf, placing } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../../app/i18n';
import { fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../../../test/render';
import { PlacingRecordPage } from '../../record';
import { PlacingIndexPage } from '../index';
import { placingFigures } from './useApplyTicket';

type Item = DataOf<typeof placing.placingList>['list'][number];
type Ticket = DataOf<typeof placing.placingTicket>;
type App = DataOf<typeof placing.placingCreate>;
const NOW = Date.now();
const DAY = 86_400_000;

const itemOf = (over: Partial<Item> = {}): Item => ({
  id: 7,
  kind: 'SPO',
  code: 'INTC',
  name: 'Intel Corporation',
  market: 'US',
  currency: 'USD',
  simulated: true,
  opensAtTimestamp: NOW - DAY,
  closesAtTimestamp: NOW + DAY,
  discount: '0.06',
  referencePrice: '20.00',
  price: '18.80',
  lotSize: 10,
  sharesOffered: 1000,
  fee: '2.00',
  allotmentRule: 'proRata',
  lockupDays: 30,
  lockupEndsTimestamp: NOW + 31 * DAY,
  phase: 'open',
  lotsApplied: 12,
  state: 'subscribable',
  ...over,
});

const ticketOf = (over: Partial<Ticket> = {}): Ticket => ({
  id: 7,
  code: 'INTC',
  walletType: 'SUBSCRIPTION',
  currency: 'USD',
  priceCurrency: 'USD',
  price: '18.80',
  rate: '1',
  lotSize: 10,
  perLot: '188.00',
  fee: '2.00',
  available: '1000.00',
  maxQuantity: 50,
  ...over,
});

const appOf = (quantity: number): App => ({
  id: 3,
  placingId: 7,
  kind: 'SPO',
  code: 'INTC',
  name: 'Intel Corporation',
  market: 'US',
  priceCurrency: 'USD',
  walletType: 'SUBSCRIPTION',
  currency: 'USD',
  quantity,
  price: '18.80',
  rate: '1',
  amount: '376.00',
  fee: '2.00',
  total: '378.00',
  allottedQuantity: null,
  amountPaid: '0.00',
  amountPending: '378.00',
  status: 'subscribed',
  closesAtTimestamp: NOW + DAY,
  lockupEndsTimestamp: NOW + 31 * DAY,
  positionId: null,
  createTimeTimestamp: NOW,
  modifyTimeTimestamp: NOW,
});

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

describe('placingFigures', () => {
  it('holds lots × the hold per lot + the fee and says what the wallet lacks', () => {
    expect(placingFigures(ticketOf({ perLot: '188.01', available: '300.00' }), 2)).toEqual({
      quantity: 20,
      amount: '376.02',
      fee: '2.00',
      total: '378.02',
      shortfall: '78.02',
    });
    expect(placingFigures(ticketOf(), 0)).toBeNull();
  });
});

describe('placing/index', () => {
  setupScreenTests();

  it('lists placings with the fixed price, or says it is fixed at the open', async () => {
    fakeApi().on(
      placing.placingList,
      page([
        itemOf({ price: '1234.5' }),
        itemOf({ id: 8, phase: 'upcoming', price: null, referencePrice: null, state: null, lotsApplied: 1 }),
      ]),
    );
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    const rows = await screen.findAllByTestId('placing-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('placing-price').textContent).toBe('1,234.50 USD');
    expect(within(rows[1]!).getByTestId('placing-price').textContent).toBe('Fixed when the window opens');
    expect(within(rows[0]!).getByTestId('placing-discount').textContent).toBe('6.0% off');
    expect(within(rows[0]!).getByTestId('placing-demand').textContent).toBe('12 lots');
    expect(within(rows[1]!).getByTestId('placing-demand').textContent).toBe('1 lot');
  });

  it('says its figures in Dutch: the price, the demand and the amount held', async () => {
    await switchLanguage('nl');
    fakeApi()
      .on(placing.placingList, page([itemOf({ price: '51.88' }), itemOf({ id: 8, lotsApplied: 1, state: null })]))
      .on(placing.placingTicket, ticketOf({ price: '51.88', perLot: '518.80', available: '5000.00' }))
      .on(placing.placingCheckSecret, { confirmation: 'c-1', expiresAtTimestamp: NOW + 300_000 })
      .on(placing.placingCreate, { ...appOf(20), amount: '1037.60', total: '1039.60', amountPending: '1039.60' });
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    const rows = await screen.findAllByTestId('placing-row');
    expect(within(rows[0]!).getByTestId('placing-price').textContent).toBe('51,88 USD');
    expect(within(rows[0]!).getByTestId('placing-demand').textContent).toBe('12 loten');
    expect(within(rows[1]!).getByTestId('placing-demand').textContent).toBe('1 lot');
    const user = userEvent.setup();
    await user.click(within(rows[0]!).getByTestId('placing-row-apply'));
    await screen.findByTestId('placing-total');
    await user.click(screen.getByTestId('ipo-lots-plus'));
    // 2 lots × 518,80 + 2,00 fee.
    expect(screen.getByTestId('placing-total').textContent).toBe('$1.039,60');
    await user.click(screen.getByTestId('placing-review'));
    const sheet = await screen.findByTestId('confirm-sheet');
    await tappable(sheet);
    expect(within(sheet).getByTestId('confirm-submit').textContent).toBe('Bevestigen en 1.039,60 USD vasthouden');
    await user.type(within(sheet).getByLabelText('Transactiewachtwoord'), '135790');
    await user.click(within(sheet).getByTestId('confirm-submit'));
    expect((await screen.findByTestId('placing-result-text')).textContent).toContain(
      'en 1.039,60 USD wordt vastgehouden',
    );
  });

  it('shows the empty state', async () => {
    fakeApi().on(placing.placingList, page([]));
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    await screen.findByText('No placings now');
  });

  it('shows the error state with the server reason', async () => {
    fakeApi().on(placing.placingList, refuse(422, 'Boom'));
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    await screen.findByText(/Boom/, undefined, { timeout: 5000 });
  });

  it('shows the rate the hold is converted at when the wallet is in another currency', async () => {
    fakeApi()
      .on(placing.placingList, page([itemOf()]))
      .on(placing.placingTicket, ticketOf({ currency: 'EUR', rate: '0.85', perLot: '159.80' }));
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('placing-row-apply'));
    expect((await screen.findByTestId('placing-rate')).textContent).toMatch(/^1 USD = 0\.85\d* EUR$/);
    expect(screen.getByText('Shares at the placing price')).toBeTruthy();
  });

  it('shows no rate when the wallet is in the price currency', async () => {
    fakeApi()
      .on(placing.placingList, page([itemOf()]))
      .on(placing.placingTicket, ticketOf());
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    await userEvent.setup().click(await screen.findByTestId('placing-row-apply'));
    await screen.findByTestId('placing-total');
    expect(screen.queryByTestId('placing-rate')).toBeNull();
  });

  it('confirms with the transaction password, then sends one keyed application with maxTotal', async () => {
    const api = fakeApi()
      .on(placing.placingList, page([itemOf()]))
      .on(placing.placingTicket, ticketOf())
      .on(placing.placingCheckSecret, { confirmation: 'c-1', expiresAtTimestamp: NOW + 300_000 })
      .on(placing.placingCreate, (call) => appOf((call.body as { quantity: number }).quantity));
    renderScreen(<PlacingIndexPage />, '/pages/placing/index');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('placing-row-apply'));
    await screen.findByTestId('placing-total');
    await user.click(screen.getByTestId('ipo-lots-plus'));
    expect(screen.getByTestId('placing-total').textContent).toBe('$378.00');
    await user.click(screen.getByTestId('placing-review'));
    const sheet = await screen.findByTestId('confirm-sheet');
    await tappable(sheet);
    expect(within(sheet).getByTestId('confirm-total').textContent).toBe('$378.00');
    expect(within(sheet).getByTestId('confirm-submit').textContent).toBe('Confirm and hold 378.00 USD');
    await user.type(within(sheet).getByLabelText('Transaction password'), '135790');
    await user.click(within(sheet).getByTestId('confirm-submit'));
    const result = await screen.findByTestId('placing-result');
    expect(within(result).getByTestId('placing-result-text').textContent).toContain('and 378.00 USD is held');
    // The result only shows: its header button closes it ("Cancel" would read as cancelling the application).
    expect(within(result).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(api.callsTo(placing.placingCheckSecret)[0]?.body).toEqual({ id: 7, quantity: 20, payPassword: '135790' });
    const sent = api.callsTo(placing.placingCreate);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ id: 7, quantity: 20, maxTotal: '378.00', confirmation: 'c-1' });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('placing/record', () => {
  setupScreenTests();

  it('lists the applications with their state', async () => {
    fakeApi().on(
      placing.placingSubscriptions,
      page([
        {
          ...appOf(20),
          status: 'allotted',
          price: '1880.5',
          allottedQuantity: 10,
          amountPaid: '18807.00',
          amountPending: '0.00',
        },
      ]),
    );
    renderScreen(<PlacingRecordPage />, '/pages/placing/record');
    const row = await screen.findByTestId('placing-record');
    expect(row.dataset.state).toBe('allotted');
    expect(within(row).getByTestId('placing-record-allotted').textContent).toBe('10');
    expect(row.textContent).toContain('1,880.50 USD');
  });

  it('says when there is no application yet', async () => {
    fakeApi().on(placing.placingSubscriptions, page([]));
    renderScreen(<PlacingRecordPage />, '/pages/placing/record');
    await screen.findByText('No placing applications yet');
  });

  it('cancels an application after a confirmation naming what is released, and shows it cancelled', async () => {
    let cancelled = false;
    const gone: App = { ...appOf(20), status: 'cancelled', amountPending: '0.00' };
    const api = fakeApi()
      .on(placing.placingSubscriptions, () => page([cancelled ? gone : appOf(20)]))
      .on(placing.placingCancel, () => {
        cancelled = true;
        return gone;
      });
    renderScreen(<PlacingRecordPage />, '/pages/placing/record');
    const user = userEvent.setup();
    const row = await screen.findByTestId('placing-record');
    await user.click(within(row).getByTestId('placing-record-cancel'));
    const dialog = await screen.findByTestId('placing-cancel-confirm');
    expect(dialog.textContent).toContain('20 INTC');
    expect(dialog.textContent).toContain('$378.00');
    const ok = within(dialog.closest('.adm-dialog-body') as HTMLElement).getByRole('button', {
      name: 'Cancel application',
    });
    await tappable(ok);
    await user.click(ok);
    await waitFor(() => expect(screen.getByTestId('placing-record').dataset.state).toBe('cancelled'));
    expect(screen.queryByTestId('placing-record-cancel')).toBeNull();
    // Its state, not "Paid $0.00": the hold went back.
    expect(screen.getByTestId('placing-record-released').textContent).toBe('Released to your wallet');
    expect(screen.queryByTestId('placing-record-paid')).toBeNull();
    expect(api.callsTo(placing.placingCancel).map((c) => c.body)).toEqual([{ id: 3 }]);
  });

  it('offers no cancel once the window has closed', async () => {
    fakeApi().on(placing.placingSubscriptions, page([{ ...appOf(20), status: 'waitingAllotment' }]));
    renderScreen(<PlacingRecordPage />, '/pages/placing/record');
    const row = await screen.findByTestId('placing-record');
    expect(within(row).queryByTestId('placing-record-cancel')).toBeNull();
  });
});
