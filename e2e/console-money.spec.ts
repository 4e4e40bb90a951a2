/**
 * The console's money work on a desktop viewport: a reviewer approves an identity submission from the
 * queue, an admin adjusts a customer's balance (the ledger and the customer's bill show it), and a
 * reviewer sees balances but no adjustment form. Each test registers its own customer.
 */
import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { API, expect, registerUser, shot, consoleSignIn as signIn, test, userInfo } from './support';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

/** A plain PNG of one colour, small enough for the upload limit and a real image to the server. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadImage(request: APIRequestContext, token: string, name: string, image: Buffer): Promise<string> {
  const res = await request.post(`${API}/file/upload`, {
    headers: { authorization: token },
    multipart: { file: { name, mimeType: 'image/png', buffer: image } },
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { fileId: string } };
  if (body.code !== 200 || !body.data) throw new Error(`upload ${body.code}: ${body.msg}`);
  return body.data.fileId;
}

/** The customer's id as the console knows it. */
async function customerId(request: APIRequestContext, token: string): Promise<number> {
  const id = (await userInfo(request, token)).body.data?.id;
  if (typeof id !== 'number') throw new Error('no customer id');
  return id;
}

test('a reviewer approves an identity submission from the queue', async ({ page, request }) => {
  const user = await registerUser(request, 'cmkyc');
  const frontFileId = await uploadImage(request, user.token, 'front.png', png(428, 270, [45, 93, 138]));
  const backFileId = await uploadImage(request, user.token, 'back.png', png(428, 270, [138, 93, 45]));
  const sent = await request.post(`${API}/updateReal`, {
    headers: { authorization: user.token },
    data: {
      firstName: 'Test',
      lastName: 'User',
      country: 'NL',
      idType: 'idCard',
      idNumber: 'NX7654321',
      frontFileId,
      backFileId,
    },
  });
  expect((await sent.json()).code).toBe(200);
  expect((await userInfo(request, user.token)).body.data).toMatchObject({ kycStatus: 1 });

  await signIn(page, 'reviewer', 'Review1234!');
  // The menu counts what waits for review.
  await expect(page.getByRole('menuitem', { name: /Identity reviews/ }).getByTestId('menu-pending')).toBeVisible();
  await page.getByRole('menuitem', { name: /Identity reviews/ }).click();
  await expect(page.getByRole('heading', { name: 'Identity reviews' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending/, selected: true })).toBeVisible();
  await page.getByPlaceholder('Search by user ID, email or name').fill(user.email);
  await page.getByPlaceholder('Search by user ID, email or name').press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'NX7654321' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(user.userId);
  await expect(row.getByRole('button', { name: 'Review' })).toBeVisible();
  await shot(page, 'console-kyc-queue');

  await row.click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Identity submission' });
  await expect(drawer).toContainText('NX7654321');
  await expect(drawer).toContainText('ID card');
  await expect(drawer).toContainText('Test User');
  await expect(drawer.getByRole('img', { name: 'Front' })).toBeVisible();
  await expect(drawer.getByRole('img', { name: 'Back' })).toBeVisible();
  await shot(page, 'console-kyc-drawer');

  // A rejection needs a reason the customer will see; cancelling changes nothing.
  await drawer.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject identity submission' });
  await expect(reject.getByText('The customer will see this reason.')).toBeVisible();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();

  await drawer.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Approve this identity?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByText(`Identity of ${user.userId} approved.`)).toBeVisible();
  await expect(drawer.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(drawer).toContainText('reviewer');
  await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await shot(page, 'console-kyc-approved');
  expect((await userInfo(request, user.token)).body.data).toMatchObject({ kycStatus: 3 });

  // The queue moved on: no longer pending, now under Approved.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: 'NX7654321' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'NX7654321' })).toContainText('reviewer');
});

test('an admin adjusts a balance; the ledger, the wallets and the customer’s bill show it', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'cmadj');
  const id = await customerId(request, user.token);
  await signIn(page, 'admin', 'Admin1234!');
  await page.goto(`/console/#/customers/${id}`);
  const wallets = page.getByTestId('wallets-card');
  const funding = wallets.getByRole('row').filter({ hasText: 'Funding' });
  await expect(funding).toContainText('€0.00');
  await expect(page.getByTestId('ledger-card')).toContainText('No postings yet.');

  // A credit: the confirmation says the customer sees the reason, and the call carries an idempotency key.
  const adjust = page.getByTestId('adjust-card');
  await adjust.getByLabel('Amount').fill('25');
  await adjust.getByLabel('Reason').fill('Goodwill credit for the delayed payout');
  await adjust.getByRole('button', { name: 'Review adjustment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Post this adjustment?' });
  await expect(confirm).toContainText(`Credit €25.00 to the Funding wallet of ${user.userId}.`);
  await expect(confirm).toContainText('The customer will see this reason in their bill and inbox');
  await expect(confirm).toContainText('Goodwill credit for the delayed payout');
  await shot(page, 'console-adjust-confirm');
  const posted = page.waitForRequest((r) => r.url().endsWith(`/web/console/customers/${id}/adjust`));
  await confirm.getByRole('button', { name: 'Post adjustment' }).click();
  const sent = await posted;
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(sent.postDataJSON()).toEqual({
    walletType: 'BALANCE',
    amount: '25',
    reason: 'Goodwill credit for the delayed payout',
  });
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Adjustment of +€25.00 posted to Funding.')).toBeVisible();

  const ledger = page.getByTestId('ledger-card');
  const credit = ledger.getByRole('row').filter({ hasText: 'Goodwill credit for the delayed payout' });
  await expect(credit).toContainText('Adjustment');
  await expect(credit).toContainText('+€25.00');
  await expect(credit).toContainText('admin');
  await expect(funding).toContainText('€25.00');

  // A debit, shown in red with a minus; the wallet goes down by it.
  await adjust.getByLabel('Amount').fill('-10.50');
  await adjust.getByLabel('Reason').fill('Reversal of a duplicate credit');
  await adjust.getByRole('button', { name: 'Review adjustment' }).click();
  await expect(confirm).toContainText(`Debit €10.50 from the Funding wallet of ${user.userId}.`);
  await confirm.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(confirm).toBeHidden();
  const debit = ledger.getByRole('row').filter({ hasText: 'Reversal of a duplicate credit' });
  await expect(debit).toContainText('\u2212€10.50');
  await expect(debit).toContainText('€14.50');
  await expect(funding).toContainText('€14.50');
  await ledger.scrollIntoViewIfNeeded();
  await shot(page, 'console-customer-money');

  // A debit below zero available is refused and nothing changes.
  await adjust.getByLabel('Amount').fill('-100');
  await adjust.getByLabel('Reason').fill('Too much');
  await adjust.getByRole('button', { name: 'Review adjustment' }).click();
  await confirm.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(confirm.getByText('The action failed')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(funding).toContainText('€14.50');

  // The wallet filter narrows the ledger.
  await page.getByTestId('ledger-wallet-filter').click();
  await page.locator('.ant-select-item-option[title="US stocks"]').click();
  await expect(ledger).toContainText('No postings yet.');

  // The customer sees the adjustments, with the operator's reasons, in their own bill.
  const bill = await request.post(`${API}/wallet/getWalletBill`, {
    headers: { authorization: user.token },
    data: { page: 1, pageSize: 20 },
  });
  const items = ((await bill.json()) as { data: { list: Array<{ amount: string; reason: string | null }> } }).data.list;
  expect(items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ amount: '25.00', reason: 'Goodwill credit for the delayed payout' }),
      expect.objectContaining({ amount: '-10.50', reason: 'Reversal of a duplicate credit' }),
    ]),
  );

  // The books still balance.
  await page.getByRole('menuitem', { name: 'Books' }).click();
  await expect(page.getByTestId('books-accounts-match')).toBeVisible();
  await expect(page.getByTestId('books-EUR-balanced')).toHaveText('Balanced');
  await shot(page, 'console-books');
});

test('a reviewer sees wallets and the ledger but cannot adjust or change deposit channels', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'cmrev');
  const id = await customerId(request, user.token);
  await signIn(page, 'reviewer', 'Review1234!');
  await page.goto(`/console/#/customers/${id}`);
  await expect(page.getByTestId('wallets-card').getByRole('row').filter({ hasText: 'Funding' })).toContainText('€0.00');
  await expect(page.getByTestId('ledger-card')).toBeVisible();
  await expect(page.getByTestId('adjust-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Review adjustment' })).toHaveCount(0);
  await shot(page, 'console-reviewer-customer');

  await page.getByRole('menuitem', { name: 'Deposit channels' }).click();
  await expect(page.getByText('Only admins can add or change deposit channels.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add channel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await shot(page, 'console-reviewer-channels');
});
