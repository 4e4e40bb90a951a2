// @vitest-environment happy-dom
/**
 * The deposit report form against a fake server: the channel's minimum and the shared amount rule in
 * words, the proof required, and a confirmed report sent once with the uploaded proof and an idempotency key.
 */
import { type DepositChannel, user, wallet } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../app/i18n';
import { type FakeApi, fakeApi, renderScreen, setupScreenTests, tappable } from '../../test/render';
import { DepositForm } from './wallet';

const channel: DepositChannel = {
  id: 4,
  type: 'crypto',
  asset: 'USDT',
  network: 'TRC20',
  address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  bank: null,
  walletType: 'US_STOCK',
  currency: 'USD',
  minAmount: '10.00',
  confirmations: 3,
  enabled: true,
};

const PROOF_ID = 'proof_0123456789abcdef';

function serve(): FakeApi {
  return fakeApi()
    .on(user.fileUpload, { fileId: PROOF_ID, url: '/files/proof', mime: 'image/png', size: 68 })
    .on(
      wallet.rechargeCreate,
      (call) =>
        ({
          id: 1,
          ...(call.body as object),
        }) as never,
    );
}

async function openForm(api: FakeApi) {
  renderScreen(<DepositForm channel={channel} />, '/pages/deposit/wallet?channelId=4');
  await screen.findByTestId('deposit-min-warning');
  return { api, user: userEvent.setup() };
}

const box = (testId: string) => within(screen.getByTestId(testId)).getByRole<HTMLInputElement>('textbox');
const submit = () => screen.getByRole('button', { name: 'Submit deposit' });
// A 1×1 PNG: the bytes say what it is.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('Deposit report', () => {
  setupScreenTests();

  it('refuses an amount below the channel minimum or off the shared rule, and asks for the proof', async () => {
    const { api, user: u } = await openForm(serve());
    await u.type(box('deposit-amount'), '9.99');
    await u.click(submit());
    expect(
      await screen.findByText('The minimum for this method is 10.00 USDT. Smaller deposits are not refunded'),
    ).toBeTruthy();

    await u.clear(box('deposit-amount'));
    await u.type(box('deposit-amount'), '0');
    expect(await screen.findByText('Please enter the correct amount')).toBeTruthy();
    expect(screen.getByText('Please Upload Image')).toBeTruthy();
    expect(screen.queryByTestId('deposit-confirm')).toBeNull();
    expect(api.callsTo(wallet.rechargeCreate)).toHaveLength(0);
  });

  it('says the minimum, with its asset, in the number format of the language', async () => {
    await switchLanguage('nl');
    renderScreen(<DepositForm channel={{ ...channel, minAmount: '1000.00' }} />, '/pages/deposit/wallet?channelId=4');
    expect((await screen.findByTestId('deposit-min-warning')).textContent).toContain(
      'Minimale storting: 1.000,00 USDT.',
    );
  });

  it('sends one report with the uploaded proof and an idempotency key once confirmed', async () => {
    const { api, user: u } = await openForm(serve());
    await u.type(box('deposit-amount'), '25');
    const input = screen.getByTestId<HTMLInputElement>('deposit-proof');
    await u.upload(input, new File([PNG], 'proof.png', { type: 'image/png' }));
    // Uploaded: the tile shows the server's copy.
    await waitFor(() => expect(document.querySelector('img[src="/files/proof"]')).toBeTruthy());
    await u.click(submit());

    const dialog = await screen.findByTestId('deposit-confirm');
    const confirm = within(dialog.closest('.adm-dialog-body') as HTMLElement).getByRole('button', { name: 'Submit' });
    await tappable(confirm);
    await u.dblClick(confirm);

    await waitFor(() => expect(api.callsTo(wallet.rechargeCreate)).toHaveLength(1));
    const sent = api.callsTo(wallet.rechargeCreate);
    expect(sent[0]?.body).toEqual({ channelId: 4, amount: '25', proofFileId: PROOF_ID });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
