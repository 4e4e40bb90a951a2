/**
 * The money screens of the customer app (SPEC §2 deposit/*, withdraw/*, bcard/*, vm/*; docs/money.md):
 * deposits need a verified identity, a deposit is reported with its proof and waits for review, bank
 * cards and crypto wallets use the shared checks, and a withdrawal puts the amount on hold at once.
 * Each test registers its own user; the operator side goes through the console API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  customerId,
  expect,
  fundCustomer,
  operatorLogin,
  prepareDevice,
  registerUser,
  shot,
  type TestUser,
  TINY_PNG,
  test,
  verifyIdentity,
} from './support';

interface Channel {
  id: number;
  type: 'crypto' | 'bank';
  asset: string;
  network: string | null;
  address: string | null;
  confirmations: number;
}

const proof = { name: 'proof.png', mimeType: 'image/png', buffer: TINY_PNG };

/** The deposit channels of this run, made once by an admin (one crypto, one bank transfer). */
let channels: { crypto: Channel; bank: Channel } | undefined;
async function ensureChannels(request: APIRequestContext) {
  if (channels) return channels;
  const token = await operatorLogin(request);
  const headers = { authorization: token };
  const list = (await (await request.get(`${API}/console/deposit-channels`, { headers })).json()).data as Channel[];
  const create = async (data: unknown) =>
    (await (await request.post(`${API}/console/deposit-channels`, { headers, data })).json()).data as Channel;
  const crypto =
    list.find((c) => c.type === 'crypto' && c.network === 'TRC20') ??
    (await create({
      type: 'crypto',
      asset: 'USDT',
      network: 'TRC20',
      address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      walletType: 'US_STOCK',
    }));
  const bank =
    list.find((c) => c.type === 'bank') ??
    (await create({
      type: 'bank',
      asset: 'EUR',
      walletType: 'BALANCE',
      bank: {
        bankName: 'ABN AMRO Bank N.V.',
        accountName: 'Kade Markets B.V. Client Money',
        iban: 'NL91ABNA0417164300',
        swift: 'ABNANL2A',
        bankAddress: 'Gustav Mahlerlaan 10, Amsterdam',
      },
    }));
  channels = { crypto, bank };
  return channels;
}

async function setPayPassword(request: APIRequestContext, user: TestUser) {
  const res = await request.post(`${API}/settingPayPassword`, {
    headers: { authorization: user.token },
    data: { payPassword: '123456' },
  });
  expect(res.ok()).toBe(true);
}

/** Operators credit the customer's BALANCE wallet (a manual adjustment, proposed and approved). */
async function credit(request: APIRequestContext, user: TestUser, amount: string) {
  await fundCustomer(
    request,
    await customerId(request, user.token),
    'BALANCE',
    amount,
    'Test funds for the withdrawal screen',
  );
}

const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

test('an unverified customer is asked to verify before depositing and sees no address', async ({ page, request }) => {
  const { crypto } = await ensureChannels(request);
  const user = await registerUser(request, 'dep');
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto('/#/pages/deposit/index');
  await expect(page.getByTestId('deposit-kyc-notice')).toHaveAttribute('data-state', 'needed');
  await expect(page.getByTestId(`deposit-channel-${crypto.id}`)).toContainText('USDT');
  await shot(page, 'money-deposit-index-unverified');

  await page.getByTestId(`deposit-channel-${crypto.id}`).click();
  await expect(page.getByTestId('deposit-details-later')).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toHaveCount(0);

  // No transaction password yet: the withdraw screen says how to set one instead of showing the form.
  await page.goto('/#/pages/withdraw/bcard');
  await expect(page.getByRole('button', { name: 'Set transaction password' })).toBeVisible();
});

test('a crypto deposit is reported with its proof and shows as pending, then completed', async ({ page, request }) => {
  const { crypto } = await ensureChannels(request);
  const user = await registerUser(request, 'dep');
  await verifyIdentity(request, user);
  await prepareDevice(page, { token: user.token, language: 'en' });

  await page.goto(`/#/pages/deposit/wallet?channelId=${crypto.id}`);
  await expect(page.getByTestId('deposit-address')).toHaveText(crypto.address ?? '');
  await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('deposit-network-warning')).toContainText(
    `Send only ${crypto.asset} on the ${crypto.network} network`,
  );
  await expect(page.getByTestId('deposit-confirmations')).toContainText(
    `${crypto.confirmations} network confirmations`,
  );
  await expect(page.getByTestId('deposit-min-warning')).toContainText('Smaller deposits are not refunded');
  await shot(page, 'money-deposit-wallet');

  // The shared rules: below the minimum, and the proof is required.
  await field(page, 'deposit-amount').fill('0.5');
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByText('The minimum deposit is 1. Smaller deposits are not refunded')).toBeVisible();
  await expect(page.getByText('Please Upload Image')).toBeVisible();

  await field(page, 'deposit-amount').fill('125.5');
  await page.getByTestId('deposit-proof').setInputFiles(proof);
  await expect(page.getByRole('button', { name: /Replace/ })).toBeVisible();
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(page.getByTestId('deposit-confirm')).toContainText('$125.50');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  await expect(page).toHaveURL(/deposit\/record/);
  const record = page.getByTestId('deposit-record').first();
  await expect(record).toContainText('$125.50');
  await expect(record.getByTestId('record-status')).toHaveAttribute('data-status', '1');
  await shot(page, 'money-deposit-record-pending');

  // An operator approves it: the record says completed.
  const token = await operatorLogin(request);
  const id = await record.getAttribute('data-id');
  const approved = await request.post(`${API}/console/deposits/${id}/approve`, {
    headers: { authorization: token },
    data: {},
  });
  expect(approved.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('deposit-record').first().getByTestId('record-status')).toHaveAttribute(
    'data-status',
    '3',
  );
});

test('bank cards and crypto wallets use the shared checks; a withdrawal puts the amount on hold', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'wd');
  await setPayPassword(request, user);
  await credit(request, user, '500.00');
  await prepareDevice(page, { token: user.token, language: 'en' });

  // A crypto wallet: an address of another network is refused.
  await page.goto('/#/pages/vm/modify');
  await page.getByText('USDT · ERC20').click();
  await page.getByTestId('wallet-address').locator('textarea').first().fill('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
  await page.getByRole('button', { name: 'Add wallet' }).click();
  await expect(page.getByText('This address is not valid for the selected network')).toBeVisible();
  await page.getByText('USDT · TRC20').click();
  await expect(page.getByText('This address is not valid for the selected network')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add wallet' }).click();
  // Saved: the app goes to the list by itself. Wait for it, or its navigation would land after the next goto.
  await expect(page.getByRole('heading', { name: 'Crypto wallets' })).toBeVisible();
  await expect(page.getByText('TXYZopYRdj…M5VkAeBf')).toBeVisible();

  // A bank card: a wrong IBAN check digit is refused.
  await page.goto('/#/pages/bcard/modify');
  await field(page, 'card-bankName').fill('ING Bank N.V.');
  await field(page, 'card-holderName').fill('Test User');
  await field(page, 'card-cardNo').fill('NL91 ABNA 0417 1643 01');
  await page.getByRole('button', { name: 'Add bank card' }).click();
  await expect(page.getByText('This IBAN is not valid. Please check it')).toBeVisible();
  await field(page, 'card-cardNo').fill('NL91 ABNA 0417 1643 00');
  await page.getByRole('button', { name: 'Add bank card' }).click();
  await page.goto('/#/pages/bcard/index');
  await expect(page.getByTestId('bank-cards')).toContainText('NL91\u00a0••••\u00a04300');
  await shot(page, 'money-bank-cards');

  // Withdraw 120.50 of the 500.00.
  await page.goto('/#/pages/withdraw/bcard');
  await expect(page.getByTestId('withdraw-usable-amount')).toHaveText('€500.00');
  await page
    .getByTestId(/^withdraw-destination-/)
    .first()
    .click();
  await field(page, 'withdraw-amount').fill('600');
  await page.locator('#withdraw-bank_payPassword').fill('123456');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('This is more than you can withdraw from this wallet')).toBeVisible();
  await field(page, 'withdraw-amount').fill('120.50');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('withdraw-confirm')).toContainText('€120.50');
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();

  await expect(page.getByTestId('withdraw-submitted')).toContainText('the amount is on hold');
  await expect(page.getByTestId('withdrawal-record').first().getByTestId('record-status')).toHaveAttribute(
    'data-status',
    '1',
  );
  await shot(page, 'money-withdraw-submitted');

  // The amount is held: what may be withdrawn now is the rest.
  await page.getByRole('button', { name: 'New withdrawal' }).click();
  await expect(page.getByTestId('withdraw-usable-amount')).toHaveText('€379.50');
  await expect(page.getByTestId('withdraw-usable')).toContainText('€120.50');
});
