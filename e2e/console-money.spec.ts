/**
 * The console's money work on a desktop viewport: a reviewer approves an identity submission from the
 * queue, an admin proposes adjustments that a supervisor approves or rejects (four eyes; the ledger and the
 * customer's bill show the approved one), and a reviewer sees balances but no adjustment form. Each test registers its own customer.
 */
import { deflateSync } from 'node:zlib';
import {
  API,
  customerId,
  expect,
  registerUser,
  shot,
  consoleSignIn as signIn,
  test,
  uploadImage,
  userInfo,
} from './support';

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

test('an admin proposes an adjustment, a supervisor approves it; the ledger and the customer’s bill show it', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'cmadj');
  const id = await customerId(request, user.token);
  // The reason names the customer: a retried test finds its own proposal, not the one a failed try left waiting.
  const goodwill = `Goodwill credit for the delayed payout to ${user.userId}`;
  await signIn(page, 'admin', 'Admin1234!');
  await page.goto(`/console/#/customers/${id}`);
  const wallets = page.getByTestId('wallets-card');
  const funding = wallets.getByRole('row').filter({ hasText: 'Funding' });
  await expect(funding).toContainText('€0.00');
  await expect(page.getByTestId('ledger-card')).toContainText('No postings yet.');

  // A proposal: the confirmation says nothing moves until another operator approves it.
  const adjust = page.getByTestId('adjust-card');
  await expect(adjust).toContainText('Propose adjustment');
  await adjust.getByLabel('Amount').fill('25');
  await adjust.getByLabel('Category').click();
  await page.locator('.ant-select-item-option[title="Goodwill gesture"]').click();
  await adjust.getByLabel('Reason').fill(goodwill);
  await adjust.getByRole('button', { name: 'Review proposal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Propose this adjustment?' });
  await expect(confirm).toContainText(`Credit €25.00 to the Funding wallet of ${user.userId}.`);
  await expect(confirm).toContainText('Nothing moves now. Another operator must approve it');
  await expect(confirm).toContainText(goodwill);
  await shot(page, 'console-adjust-confirm');
  const proposed = page.waitForRequest((r) => r.url().endsWith(`/web/console/customers/${id}/adjustments`));
  await confirm.getByRole('button', { name: 'Propose adjustment' }).click();
  expect((await proposed).postDataJSON()).toEqual({
    walletType: 'BALANCE',
    direction: 'credit',
    amount: '25',
    category: 'goodwill',
    reason: goodwill,
  });
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('adjust-waiting')).toContainText('1 proposal for this customer wait');
  // Nothing moved.
  await expect(funding).toContainText('€0.00');
  await expect(page.getByTestId('ledger-card')).toContainText('No postings yet.');

  // A debit the wallet cannot carry, proposed too: it is refused at approval.
  await adjust.locator('.ant-radio-button-wrapper').filter({ hasText: 'Debit' }).click();
  await adjust.getByLabel('Amount').fill('100');
  await adjust.getByLabel('Category').click();
  await page.locator('.ant-select-item-option[title="Correction"]').click();
  await adjust.getByLabel('Reason').fill('Too much');
  await adjust.getByRole('button', { name: 'Review proposal' }).click();
  await expect(confirm).toContainText(`Debit €100.00 from the Funding wallet of ${user.userId}.`);
  await confirm.getByRole('button', { name: 'Propose adjustment' }).click();
  await expect(confirm).toBeHidden();

  // The maker cannot decide their own proposals; the page says why.
  await page.getByRole('menuitem', { name: /Approvals/ }).click();
  await page.getByPlaceholder('Search by user ID or email').fill(user.userId);
  await page.getByPlaceholder('Search by user ID or email').press('Enter');
  const mine = page.getByRole('row').filter({ hasText: goodwill });
  await expect(mine).toContainText('by admin');
  await expect(mine).toContainText('Goodwill gesture');
  await expect(mine).toContainText('You proposed this: another operator must approve or reject it.');
  await expect(mine.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(mine.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await shot(page, 'console-approvals-maker');

  // A second operator approves: one journal entry, in the approver's name.
  await page.getByRole('button', { name: 'Log out' }).click();
  await signIn(page, 'supervisor', 'Super1234!');
  await page.goto(`/console/#/approvals?q=${user.userId}`);
  const waiting = page.getByRole('row').filter({ hasText: goodwill });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: /Approve adjustment/ });
  await expect(approve).toContainText('+€25.00 on the Funding wallet');
  const approval = page.waitForRequest((r) => /\/web\/console\/adjustments\/\d+\/approve$/.test(r.url()));
  await approve.getByRole('button', { name: 'Approve and post' }).click();
  expect((await approval).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  await expect(page.getByText(/approved and posted/)).toBeVisible();

  // The debit beyond the available balance is refused and nothing moves; the supervisor rejects it.
  const tooMuch = page.getByRole('row').filter({ hasText: 'Too much' });
  await tooMuch.getByRole('button', { name: 'Approve' }).click();
  await approve.getByRole('button', { name: 'Approve and post' }).click();
  await expect(approve.getByText('The action failed')).toBeVisible();
  await expect(approve).toContainText('Insufficient available balance');
  await approve.getByRole('button', { name: 'Cancel' }).click();
  await tooMuch.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = page.getByRole('dialog', { name: /Reject adjustment/ });
  await rejectDialog.getByLabel('Reason').fill('The customer has only €25.00');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(/rejected; nothing moved/)).toBeVisible();
  await expect(page.getByText(`No adjustments match “${user.userId}”.`)).toBeVisible();

  await page.goto(`/console/#/customers/${id}`);
  const ledger = page.getByTestId('ledger-card');
  const credit = ledger.getByRole('row').filter({ hasText: goodwill });
  await expect(credit).toContainText('Adjustment');
  await expect(credit).toContainText('Goodwill gesture');
  await expect(credit).toContainText('+€25.00');
  await expect(credit).toContainText('supervisor');
  await expect(funding).toContainText('€25.00');
  await ledger.scrollIntoViewIfNeeded();
  await shot(page, 'console-customer-money');

  // The customer sees the adjustment with its category and reason in their own bill.
  const bill = await request.post(`${API}/wallet/getWalletBill`, {
    headers: { authorization: user.token },
    data: { page: 1, pageSize: 20 },
  });
  const items = ((await bill.json()) as { data: { list: Array<Record<string, unknown>> } }).data.list;
  expect(items).toEqual([
    expect.objectContaining({
      amount: '25.00',
      category: 'goodwill',
      reason: goodwill,
    }),
  ]);
  expect(JSON.stringify(items)).not.toContain('supervisor');

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
  await expect(page.getByRole('button', { name: 'Review proposal' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: /Approvals/ })).toHaveCount(0);
  await shot(page, 'console-reviewer-customer');

  await page.getByRole('menuitem', { name: 'Deposit channels' }).click();
  await expect(page.getByText('Only admins can add or change deposit channels.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add channel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await shot(page, 'console-reviewer-channels');
});
