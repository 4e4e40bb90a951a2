// @vitest-environment happy-dom
/**
 * The transfer form against a fake server: every accessible name is written out (no raw {{from}} / {{to}}),
 * the amount follows the shared rule and the balance of the wallet it comes from (also after a swap), and a
 * confirmed transfer is sent once with an idempotency key.
 */
import { type DataOf, wallet } from '@beurs/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../app/i18n';
import { type FakeApi, fakeApi, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { TransferPage } from './index';

const URL = '/pages/profile/transfer';

const balance = (walletType: 'BALANCE' | 'US_STOCK', currency: 'EUR' | 'USD', amount: string) => ({
  walletType,
  currency,
  balance: amount,
  usedBalance: '0.00',
  total: amount,
});

/** A fake server: €100.00 in Funding, $500.00 in US stocks, 1 EUR = 1.10 USD. */
function serve(): FakeApi {
  const balances = [balance('BALANCE', 'EUR', '100.00'), balance('US_STOCK', 'USD', '500.00')];
  return fakeApi()
    .on(wallet.getWalletBalance, balances)
    .on(wallet.fundingOverview, {
      currency: 'EUR',
      total: '554.55',
      available: '554.55',
      onHold: '0.00',
      wallets: balances.map((b) => ({ ...b, totalInCurrency: b.total })),
      todayProfit: '0.00',
      hkTodayProfit: '0.00',
      eurUsd: '1.10',
    })
    .on(wallet.transfer, (call) => {
      const body = call.body as { from: 'BALANCE'; to: 'US_STOCK'; amount: string };
      return {
        entryId: 9,
        from: body.from,
        to: body.to,
        debited: { amount: body.amount, currency: 'EUR' },
        credited: { amount: '11.00', currency: 'USD' },
        rate: '1.10',
        cancellableUntil: Date.now() + 300_000,
        createTimeTimestamp: Date.now(),
      } satisfies DataOf<typeof wallet.transfer>;
    });
}

async function openForm(api: FakeApi, url = URL) {
  renderScreen(<TransferPage />, url, { titleKey: 'routes.profile.transfer' });
  await screen.findByTestId('conversion-rate');
  await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toContain('€100.00'));
  return { api, user: userEvent.setup() };
}

const box = (testId: string) => within(screen.getByTestId(testId)).getByRole<HTMLInputElement>('textbox');

/** The confirmation's button named `name`, once it takes taps (the sheet takes none while it slides in). */
async function confirmButton(name: string): Promise<HTMLButtonElement> {
  return tappable((await screen.findByText(name)).closest('button') as HTMLButtonElement);
}

/** Every accessible name and text on the page, to look for untranslated placeholders. */
function allNames(): string {
  const labels = [...document.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
  return `${labels.join('\n')}\n${document.body.textContent}`;
}

describe('Transfer', () => {
  setupScreenTests();

  it('names the conversion with both currencies, with no raw {{from}} / {{to}} anywhere', async () => {
    await openForm(serve());
    expect(screen.getByRole('region', { name: 'Conversion EUR → USD' })).toBeTruthy();
    expect(allNames()).not.toMatch(/\{\{|\}\}/);
  });

  it("shows an empty amount as zero in the language's form", async () => {
    await openForm(serve());
    expect(box('transfer-amount').placeholder).toBe('0.00');
    await act(() => switchLanguage('nl'));
    expect(box('transfer-amount').placeholder).toBe('0,00');
  });

  it('shows a Dutch amount with the decimal comma and sends it with the point', async () => {
    const { api, user } = await openForm(serve());
    await act(() => switchLanguage('nl'));
    await user.type(box('transfer-amount'), '12,5');
    expect(box('transfer-amount').value).toBe('12,5');
    // A point typed on another keyboard is shown as the comma too.
    await user.clear(box('transfer-amount'));
    await user.type(box('transfer-amount'), '12.5');
    expect(box('transfer-amount').value).toBe('12,5');
    await user.click(screen.getByRole('button', { name: 'Overboeken' }));
    await user.click(await confirmButton('Nu overboeken'));
    await screen.findByTestId('transfer-result');
    expect(api.callsTo(wallet.transfer)[0]?.body).toMatchObject({ amount: '12.5' });
  });

  it('refuses an amount the shared rule refuses, or more than the source wallet holds, and sends nothing', async () => {
    const { api, user } = await openForm(serve());
    await user.type(box('transfer-amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please enter the correct amount')).toBeTruthy();

    await user.clear(box('transfer-amount'));
    await user.type(box('transfer-amount'), '100.01');
    expect(await screen.findByText('This is more than is available (€100.00)')).toBeTruthy();

    // Swapped, the amount comes from US stocks ($500.00) and is fine.
    await user.click(screen.getByTestId('transfer-swap'));
    await waitFor(() => expect(screen.queryByText('This is more than is available (€100.00)')).toBeNull());
    expect(screen.getByTestId('transfer-available').textContent).toContain('$500.00');
    expect(api.callsTo(wallet.transfer)).toHaveLength(0);
  });

  it('takes the wallets and amount from the link, and sends one keyed transfer once confirmed', async () => {
    const { api, user } = await openForm(serve(), `${URL}?from=BALANCE&to=US_STOCK&amount=10`);
    expect(box('transfer-amount').value).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await user.dblClick(await confirmButton('Transfer now'));

    await screen.findByTestId('transfer-result');
    const sent = api.callsTo(wallet.transfer);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ from: 'BALANCE', to: 'US_STOCK', amount: '10' });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
