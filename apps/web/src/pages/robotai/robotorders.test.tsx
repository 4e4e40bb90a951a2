// @vitest-environment happy-dom
/**
 * A customer's robots against a fake server (docs/strategies.md "Robot orders"). robotai/rental: the pair and the
 * allocation within the limits, the confirm sheet with the price, the simulated-results line and the transaction
 * password, the create call with the price shown. robotai/detail: the status with its colour, income (a loss shows),
 * the event log cut to 20, a stopped robot (status 5) that offers to end it and never a top-up, the redeem after
 * confirming, another customer's robot as "no such robot". robotai/record: the robots with their statuses.
 */
import { auth, type DataOf, robots } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, refuse, renderScreen, setupScreenTests } from '../../test/render';
import { RobotaiDetailPage } from './detail';
import { RobotaiRecordPage } from './record';
import { RobotaiRentalPage } from './rental';

type Robot = DataOf<typeof robots.robotPageList>['list'][number];
type Order = DataOf<typeof robots.robotOrderDetail>;
type Message = DataOf<typeof robots.robotMessages>['list'][number];

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
const ORDER: Order = {
  id: 7,
  robotId: 1,
  code: 'GRID-BTC',
  strategy: 'grid',
  pair: 'ETHUSD',
  term: 'rent',
  cycleDays: 30,
  price: '9.90',
  allocation: '500.00',
  value: '487.65',
  income: '-12.35',
  incomeRatio: '-2.470',
  trades: 30,
  status: 4,
  currency: 'USD',
  createTimeTimestamp: Date.parse('2026-11-23T15:40:00Z'),
  startTimeStamp: Date.parse('2026-11-23T16:00:00Z'),
  endTimeStamp: Date.parse('2026-12-23T16:00:00Z'),
  updatedTimeStamp: Date.parse('2026-11-25T10:00:00Z'),
  closeTimeStamp: null,
  paidOut: null,
};
const fill = (seq: number): Message => ({
  seq,
  time: ORDER.startTimeStamp + seq * 3_600_000,
  kind: 'filled',
  status: null,
  side: seq % 2 ? 'buy' : 'sell',
  quantity: '0.0166',
  price: '3001.25',
  fee: '0.05',
});

describe('robotai/rental', () => {
  setupScreenTests();

  it('starts a robot within its limits after the confirm sheet with the price and the transaction password', async () => {
    const api = fakeApi()
      .on(robots.robotPageList, { list: [GRID], total: 1, page: 1, pageSize: 50 })
      .on(robots.robotMiningQuota, {
        currency: 'USD',
        walletType: 'US_STOCK',
        available: '1000.00',
        maxAllocation: '50000.00',
        maxActive: 5,
        allocated: '0.00',
        active: 0,
        remaining: '1000.00',
        robot: { id: 1, minAllocation: '200.00', maxAllocation: '20000.00', canStart: true },
      })
      .on(auth.totpStatus, { enabled: false } as DataOf<typeof auth.totpStatus>)
      .on(robots.robotOrderCreate, ORDER);
    renderScreen(<RobotaiRentalPage />, '/pages/robotai/rental?id=1&term=rent', { titleKey: 'routes.robotai.rental' });
    const user = userEvent.setup();
    await screen.findByTestId('robot-start');
    await user.click(await screen.findByTestId('robot-pair-choice-ETHUSD'));
    const amount = screen.getByTestId('robot-amount').querySelector('input') as HTMLInputElement;
    await user.type(amount, '199.99');
    expect(screen.getByTestId('robot-amount-problem').textContent).toBe('Allocate 200.00 to 20,000.00 USD.');
    await user.clear(amount);
    // 995 + the 9.90 price is more than the 1,000.00 in the wallet.
    await user.type(amount, '995');
    expect(screen.getByTestId('robot-amount-problem').textContent).toContain('too little');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(screen.queryByTestId('robot-amount-problem')).toBeNull();
    await user.click(screen.getByTestId('robot-review'));
    const sheet = await screen.findByTestId('confirm-sheet');
    expect(within(sheet).getByTestId('confirm-price').textContent).toContain('9.90');
    expect(within(sheet).getByTestId('robot-confirm-note').textContent).toContain(
      'Past results are simulated and no guarantee',
    );
    const confirm = within(sheet).getByTestId('confirm-submit');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(
      within(sheet).getByTestId('robot-pay-password').querySelector('input') as HTMLInputElement,
      '123456',
    );
    await user.click(confirm);
    await waitFor(() => expect(api.callsTo(robots.robotOrderCreate)).toHaveLength(1));
    expect(api.callsTo(robots.robotOrderCreate)[0]?.body).toEqual({
      robotId: 1,
      term: 'rent',
      pair: 'ETHUSD',
      amount: '500.00',
      price: '9.90',
      payPassword: '123456',
    });
    const away = await screen.findByTestId('navigated-away');
    expect(away.dataset.path).toBe('/pages/robotai/detail');
    expect(document.body.textContent?.toLowerCase()).not.toContain('mining');
  });
});

describe('robotai/detail', () => {
  setupScreenTests();

  const detailApi = (order: Order, messages: Message[]) =>
    fakeApi()
      .on(robots.robotOrderDetail, order)
      .on(robots.robotKline, {
        orderId: order.id,
        allocation: order.allocation,
        points: [
          { time: order.startTimeStamp, value: '500.00' },
          { time: order.startTimeStamp + 3_600_000, value: '487.65' },
        ],
      })
      .on(robots.robotMessages, { list: messages, total: messages.length });

  it('shows the status, the loss, the curve and the last 20 events, and ends the robot after confirming', async () => {
    const all = Array.from({ length: 25 }, (_, i) => fill(25 - i));
    const api = detailApi(ORDER, all).on(robots.robotOrderRedeem, {
      ...ORDER,
      status: 6,
      paidOut: '487.65',
      closeTimeStamp: Date.now(),
    });
    renderScreen(<RobotaiDetailPage />, '/pages/robotai/detail?id=7', { titleKey: 'routes.robotai.detail' });
    const detail = await screen.findByTestId('robot-order-detail');
    const tag = within(detail).getByTestId('robot-status').querySelector('[data-status]');
    expect(tag?.getAttribute('data-status')).toBe('4');
    expect(tag?.className).toContain('tag--warn');
    // A loss shows as a loss: the amount and the ratio (to 0.001%) with their minus signs.
    expect(within(detail).getByTestId('robot-income').textContent).toBe('-$12.35 (-2.470%)');
    // What the rent cost is beside the income, and the result after it: -12.35 - 9.90.
    expect(within(detail).getByTestId('robot-price').textContent).toBe('$9.90');
    expect(within(detail).getByTestId('robot-net').textContent).toBe('-$22.25');
    expect(await screen.findByTestId('robot-curve')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('robot-event')).toHaveLength(20));
    expect(screen.getAllByTestId('robot-event')[0]?.textContent).toContain('Bought 0.0166 ETH at $3,001.25');
    expect(screen.queryByTestId('robot-stopped')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('robot-redeem'));
    await userEvent.setup({ pointerEventsCheck: 0 }).click(await screen.findByText('End it'));
    await waitFor(() => expect(api.callsTo(robots.robotOrderRedeem)).toHaveLength(1));
    expect(api.callsTo(robots.robotOrderRedeem)[0]?.body).toEqual({ id: 7 });
  });

  it('offers to end a stopped robot (status 5, red) and never asks for more money', async () => {
    const stopped = { ...ORDER, status: 5 as const, value: '0.50', income: '-499.50', incomeRatio: '-99.900' };
    detailApi(stopped, [{ ...fill(3), kind: 'status', status: 5, side: null, quantity: null, price: null, fee: null }]);
    renderScreen(<RobotaiDetailPage />, '/pages/robotai/detail?id=7');
    const note = await screen.findByTestId('robot-stopped');
    expect(note.textContent).toContain('It never asks you to add money');
    expect(screen.getByTestId('robot-status').querySelector('[data-status="5"]')?.className).toContain('tag--fall');
    expect(screen.getByTestId('robot-redeem').textContent).toBe('End it and return its value');
    expect(document.body.textContent?.toLowerCase()).not.toMatch(/top.?up|add funds|mining/);
  });

  it("says another customer's robot is not the caller's", async () => {
    fakeApi()
      .on(robots.robotOrderDetail, refuse(404, 'You have no robot #8.'))
      .on(robots.robotKline, refuse(404, 'You have no robot #8.'))
      .on(robots.robotMessages, refuse(404, 'You have no robot #8.'));
    renderScreen(<RobotaiDetailPage />, '/pages/robotai/detail?id=8');
    expect(await screen.findByText('You have no such robot')).toBeTruthy();
  });
});

describe('robotai/record', () => {
  setupScreenTests();

  it("lists the caller's robots with their statuses, and says when there are none", async () => {
    const api = fakeApi().on(robots.robotOrderPageList, (call) =>
      call.body && (call.body as { ended?: boolean }).ended
        ? { list: [], total: 0, page: 1, pageSize: 20 }
        : { list: [ORDER, { ...ORDER, id: 6, status: 1 as const }], total: 2, page: 1, pageSize: 20 },
    );
    renderScreen(<RobotaiRecordPage />, '/pages/robotai/record', { titleKey: 'routes.robotai.record' });
    const rows = await screen.findAllByTestId('robot-order');
    expect(rows.map((r) => r.dataset.status)).toEqual(['4', '1']);
    expect(rows[0]?.textContent).toContain('GRID-BTC · ETH/USD');
    await userEvent.setup().click(screen.getByTestId('robot-record-ended'));
    expect(await screen.findByText('You have no robots yet')).toBeTruthy();
    expect(api.callsTo(robots.robotOrderPageList).at(-1)?.body).toMatchObject({ ended: true });
  });
});
