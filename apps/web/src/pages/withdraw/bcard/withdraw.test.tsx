// @vitest-environment happy-dom
/**
 * The withdraw form against a fake server: the only card is chosen without asking, an amount over what may be
 * withdrawn is refused in words, and a confirmed withdrawal is sent once, with an idempotency key, however
 * often the confirmation is tapped.
 */
import { auth, type BankCard, type DataOf, user, type WithdrawalRecord, wallet } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { WithdrawBankCardPage } from './index';

const URL = '/pages/withdraw/bcard';

const card = (id: number, bankName: string): BankCard => ({
  id,
  kind: 'bank',
  bankName,
  holderName: 'Test User',
  cardNo: 'NL91ABNA0417164300',
  swift: null,
  branchCode: null,
  abaRouting: null,
  bankAddress: null,
  region: null,
  city: null,
  frontFileId: null,
  backFileId: null,
  frontUrl: null,
  backUrl: null,
  createTimeTimestamp: 1,
});

const me = { hasPayPassword: true, kycStatus: 3 } as DataOf<typeof user.userInfoEndpoint>;

const recordOf = (amount: string): WithdrawalRecord => ({
  id: 5,
  walletType: 'BALANCE',
  currency: 'EUR',
  amount,
  destination: {
    kind: 'bank',
    bankName: 'ING Bank',
    holderName: 'Test User',
    cardNo: 'NL91ABNA0417164300',
    swift: null,
  },
  status: 1,
  reason: null,
  payoutReference: null,
  createTimeTimestamp: Date.now(),
  reviewTimeTimestamp: null,
  expectedByTimestamp: null,
});

/** A fake server: a customer with a transaction password, €250.00 to withdraw and the given cards. */
function serve(cards: BankCard[]): FakeApi {
  return fakeApi()
    .on(user.userInfoEndpoint, me)
    .on(auth.totpStatus, { enabled: false, recoveryCodesLeft: 0 } as DataOf<typeof auth.totpStatus>)
    .on(wallet.getWalletBalance, [
      { walletType: 'BALANCE', currency: 'EUR', balance: '250.00', usedBalance: '0.00', total: '250.00' },
    ])
    .on(wallet.usableWithdrawalAmount, { walletType: 'BALANCE', currency: 'EUR', amount: '250.00', pending: '0.00' })
    .on(wallet.selectCardNo, cards)
    .on(wallet.withdrawalListPage, { list: [], total: 0, page: 1, pageSize: 10 })
    .on(wallet.withdrawalApply, (call) => recordOf((call.body as { amount: string }).amount));
}

async function openForm(api: FakeApi) {
  renderScreen(<WithdrawBankCardPage />, URL, { titleKey: 'routes.withdraw.bcard' });
  await screen.findByTestId('withdraw-usable-amount');
  return { api, user: userEvent.setup() };
}

const radio = (id: number) =>
  within(screen.getByTestId(`withdraw-destination-${id}`)).getByRole<HTMLInputElement>('radio');

/** The text box of a field (the test id is on antd-mobile's wrapper). */
const box = (testId: string) => within(screen.getByTestId(testId)).getByRole<HTMLInputElement>('textbox');

async function fill(u: ReturnType<typeof userEvent.setup>, amount: string) {
  await u.type(box('withdraw-amount'), amount);
  await u.type(screen.getByPlaceholderText('6 digits'), '123456');
}

/** The confirmation dialog's "Withdraw" once it takes taps (antd-mobile's dialog takes none while it opens). */
async function confirmButton() {
  const dialog = await screen.findByTestId('withdraw-confirm');
  return tappable(within(dialog.closest('.adm-dialog-body') as HTMLElement).getByRole('button', { name: 'Withdraw' }));
}

describe('Withdraw to a bank card', () => {
  setupScreenTests();

  it('chooses the only card without asking', async () => {
    await openForm(serve([card(3, 'ING Bank')]));
    await waitFor(() => expect(radio(3).checked).toBe(true));
    expect(screen.queryByText('Please select a bank card first')).toBeNull();
  });

  it('leaves the choice to the customer when there are two cards', async () => {
    await openForm(serve([card(3, 'ING Bank'), card(4, 'ABN AMRO')]));
    await screen.findByTestId('withdraw-destination-4');
    expect(radio(3).checked).toBe(false);
    expect(radio(4).checked).toBe(false);
  });

  it('refuses an amount over what may be withdrawn, in words, and sends nothing', async () => {
    const { api, user: u } = await openForm(serve([card(3, 'ING Bank')]));
    await fill(u, '250.01');
    await u.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('This is more than you can withdraw from this wallet')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(api.callsTo(wallet.withdrawalApply)).toHaveLength(0);
  });

  it('sends one withdrawal with an idempotency key however often the confirmation is tapped', async () => {
    const { api, user: u } = await openForm(serve([card(3, 'ING Bank')]));
    await waitFor(() => expect(radio(3).checked).toBe(true));
    await fill(u, '100');
    await u.click(screen.getByRole('button', { name: 'Withdraw' }));
    const confirm = await confirmButton();
    await u.dblClick(confirm);
    await u.click(confirm).catch(() => undefined);

    await screen.findByTestId('withdraw-submitted');
    const sent = api.callsTo(wallet.withdrawalApply);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ walletType: 'BALANCE', amount: '100', accountId: 3, payPassword: '123456' });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
