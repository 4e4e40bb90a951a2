// @vitest-environment happy-dom
/**
 * loan/index against a fake server: the limit with its formula and terms; an amount outside the published minimum or
 * the available limit is refused on the screen and sends nothing; a valid one is confirmed with its figures and sent
 * once with an idempotency key; the list shows each state with a rejection's reason; a loan in use is repaid after
 * the sheet's confirmation, at most what is due; loading failure and the empty list have their states.
 */
import { type DataOf, type Loan, loan, wallet } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { LoanPage } from './index';

const URL = '/pages/loan/index';

const limit: DataOf<typeof loan.loanLimitRead> = {
  currency: 'EUR',
  walletType: 'BALANCE',
  annualRate: '0.06',
  dayBasis: 365,
  minAmount: '100.00',
  alertCover: '0.9',
  cureDays: 5,
  classes: [
    { collateral: 'stock', value: '10000.00', ltv: '0.5', limit: '5000.00' },
    { collateral: 'bond', value: '0.00', ltv: '0.7', limit: '0.00' },
  ],
  limit: '5000.00',
  outstanding: '1000.00',
  inReview: '0.00',
  available: '4000.00',
  collateralShort: false,
  cureDeadlineTimestamp: null,
};

const row = (over: Partial<Loan>): Loan => ({
  id: 1,
  amount: '1000.00',
  currency: 'EUR',
  walletType: 'BALANCE',
  annualRate: '0.06',
  status: 'inUse',
  reason: null,
  principal: '1000.00',
  interest: '1.64',
  amountDue: '1001.64',
  repaidAmount: '0.00',
  interestCharged: '1.64',
  longCreateTime: Date.UTC(2026, 10, 2, 10),
  longAuditTime: Date.UTC(2026, 10, 2, 11),
  repaidTime: null,
  ...over,
});

/** The text box inside an AmountInput (its test id is on antd-mobile's wrapper). */
const box = (within_: HTMLElement, testId: string) =>
  within(within(within_).getByTestId(testId)).getByRole<HTMLInputElement>('textbox');

const page = (list: Loan[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

function serve(list: Loan[] = [row({})]): FakeApi {
  return fakeApi()
    .on(loan.loanLimitRead, limit)
    .on(loan.loanApplyList, page(list))
    .on(loan.loanApply, (call) => row({ id: 2, status: 'review', amount: String(call.query.amount) }))
    .on(loan.loanApplyRepay, (call) => ({
      loan: row({ principal: '500.00', interest: '0.00', amountDue: '500.00' }),
      repayment: {
        id: 1,
        loanId: 1,
        currency: 'EUR' as const,
        amount: String(call.query.amount),
        interest: '1.64',
        principal: '499.98',
        amountDueAfter: '500.00',
        longCreateTime: Date.now(),
      },
    }))
    .on(wallet.getWalletBalance, [
      { walletType: 'BALANCE', currency: 'EUR', balance: '2000.00', usedBalance: '0.00', total: '2000.00' },
    ] as DataOf<typeof wallet.getWalletBalance>);
}

async function openedSheet() {
  return tappable(await screen.findByTestId('confirm-sheet'));
}

describe('loan/index', () => {
  setupScreenTests();

  it('shows the limit with its formula, the rate and the collateral rule', async () => {
    serve();
    renderScreen(<LoanPage />, URL);
    const card = await screen.findByTestId('loan-limit');
    expect(within(card).getByTestId('loan-class-stock').textContent).toContain('5,000.00');
    expect(card.textContent).toContain('10,000.00 × 50%');
    expect(card.textContent).toContain('Available = Σ (value × LTV) − owed − in review');
    expect(card.textContent).toContain('6% a year');
    expect(card.textContent).toContain('below 90% of what you owe');
    expect(within(card).getByTestId('loan-available').textContent).toContain('4,000.00');
  });

  it('refuses an amount below the minimum or above the available limit and sends nothing', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderScreen(<LoanPage />, URL);
    const input = box(await screen.findByTestId('loan-apply'), 'loan-amount');
    await u.type(input, '50');
    await u.click(screen.getByTestId('loan-apply-submit'));
    expect((await screen.findByTestId('loan-amount-error')).textContent).toBe('The smallest loan is €100.00.');
    await u.clear(input);
    await u.type(input, '4000.01');
    await u.click(screen.getByTestId('loan-apply-submit'));
    expect((await screen.findByTestId('loan-amount-error')).textContent).toBe('You can borrow at most €4,000.00 now.');
    expect(api.callsTo(loan.loanApply)).toHaveLength(0);
  });

  it('confirms the amount, the rate and a day of interest, then applies once with a key', async () => {
    const api = serve();
    const u = userEvent.setup();
    renderScreen(<LoanPage />, URL);
    await u.type(box(await screen.findByTestId('loan-apply'), 'loan-amount'), '2000');
    await u.click(screen.getByTestId('loan-apply-submit'));
    const sheet = await openedSheet();
    expect(sheet.textContent).toContain('€2,000.00');
    // 2,000 × 6 % / 365 = 0.3287… → 0.33
    expect(sheet.textContent).toContain('€0.33');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.callsTo(loan.loanApply)).toHaveLength(1));
    const sent = api.callsTo(loan.loanApply)[0];
    expect(sent?.query).toEqual({ amount: '2000' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists each state with a rejection reason, and repays a loan in use after the confirmation', async () => {
    const api = serve([
      row({ id: 3, status: 'rejected', reason: 'Hold the shares longer', principal: '0.00', amountDue: '0.00' }),
      row({ id: 1 }),
    ]);
    const u = userEvent.setup();
    renderScreen(<LoanPage />, URL);
    const rows = await screen.findAllByTestId('loan-row');
    expect(rows.map((r) => r.dataset.state)).toEqual(['rejected', 'inUse']);
    expect(within(rows[0] as HTMLElement).getByTestId('loan-reason').textContent).toBe(
      'Reason: Hold the shares longer',
    );
    expect(within(rows[0] as HTMLElement).getByTestId('loan-state').textContent).toBe('Rejected');
    await u.click(within(rows[1] as HTMLElement).getByTestId('loan-repay'));
    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('loan-repay-due').textContent).toContain('1,001.64');
    const amount = box(sheet, 'loan-repay-amount');
    await u.type(amount, '1001.65');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    expect((await within(sheet).findByTestId('loan-repay-error')).textContent).toBe('At most €1,001.64 is due.');
    expect(api.callsTo(loan.loanApplyRepay)).toHaveLength(0);
    await u.clear(amount);
    await u.type(amount, '501.64');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.callsTo(loan.loanApplyRepay)).toHaveLength(1));
    expect(api.callsTo(loan.loanApplyRepay)[0]?.query).toEqual({ id: '1', amount: '501.64' });
  });

  it('shows the empty list and a failed limit with a retry', { timeout: 15_000 }, async () => {
    serve([]).on(loan.loanLimitRead, refuse(500, 'Operation Failed'));
    renderScreen(<LoanPage />, URL);
    expect(await screen.findByText('No applications yet')).toBeTruthy();
    expect(await screen.findByText(/Operation Failed/, {}, { timeout: 8000 })).toBeTruthy();
  });
});
