/**
 * Issue 4 from start to end, through the screens only (docs/money.md): a new customer verifies their
 * identity, deposits by bank transfer, moves part of it to the US stock wallet, and asks to withdraw to
 * a new bank card; a reviewer approves the identity and the deposit and rejects the withdrawal in the
 * console. Two browsers side by side: the customer on a phone, the reviewer on a desktop. Only the
 * registration goes through the API (it has its own tests).
 *
 * Wallet amounts the customer sees are in EUR (Funding); the transfer converts at the live rate, so the
 * US stock side is read from the screen rather than computed.
 */
import { devices, type Locator, type Page } from '@playwright/test';
import {
  collectAppErrors,
  consoleSignIn,
  documentPng,
  expect,
  pngFile,
  prepareDevice,
  registerUser,
  snap,
  test,
} from './support';

const REVIEWER = { username: 'reviewer', password: 'Review1234!' };
const PAY_PASSWORD = '135790';
const REJECTION = 'Name on the card does not match';

/** The input inside an antd-mobile field found by its test id. */
const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
/** The bold (confirming) button of the antd-mobile dialog on screen. */
const dialogConfirm = (page: Page) => page.locator('.adm-dialog-button-bold:visible');
/** Waits until the confirmation dialog has faded out (antd-mobile animates it in JavaScript). */
const dialogGone = (page: Page) => expect(page.getByRole('dialog')).toHaveCount(0);

/**
 * A screenshot of the screen at rest: running transitions (a drawer sliding in, a dialog fading out)
 * finished, and no toast on top (the test has checked the toast already).
 */

/** Searches a console queue for the customer and opens their row; the drawer it opened. */
async function openQueueRow(op: Page, menu: RegExp, heading: string, email: string, drawerTitle: string) {
  await op.getByRole('menuitem', { name: menu }).click();
  await expect(op.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(op.getByRole('tab', { name: /Pending/, selected: true })).toBeVisible();
  const search = op.getByPlaceholder('Search by user ID, email or name');
  await search.fill(email);
  await search.press('Enter');
  const row = op.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return { row, drawer: op.getByRole('dialog').filter({ hasText: drawerTitle }) };
}

/** Confirms the approve popover of a review drawer. */
async function approveIn(op: Page, drawer: Locator, button: string, confirmTitle: string) {
  await drawer.getByRole('button', { name: button }).click();
  const confirm = op.getByRole('tooltip').filter({ hasText: confirmTitle });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: button }).click();
}

test('issue 4: verify, deposit, transfer, withdraw and a rejected withdrawal, customer and reviewer side by side', async ({
  page: customer,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  // Contexts made in a test start from the project's options (a Pixel 7): the operator gets a desktop.
  const { defaultBrowserType: _, ...desktop } = devices['Desktop Chrome'];
  const operatorContext = await browser.newContext({
    ...desktop,
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  const op = await operatorContext.newPage();
  const operatorErrors = collectAppErrors(op);

  try {
    // ------------------------------------------------ 1. a new customer sends an ID card for review
    const user = await registerUser(request, 'flow');
    await prepareDevice(customer, { token: user.token, language: 'en' });
    await customer.goto('/#/pages/profile/index');
    await expect(customer.getByTestId('profile-user-id')).toHaveText(user.userId);
    await expect(customer.getByTestId('funding-total')).toHaveText('€0.00');
    await customer.getByRole('link', { name: /^Identity verification/ }).click();
    await expect(customer.getByTestId('kyc-status')).toHaveAttribute('data-status', '0');
    await expect(customer.getByTestId('kyc-idtype-idCard')).toBeChecked();
    await customer.getByLabel('ID card number').fill('NX4455667');
    await customer.getByTestId('kyc-front').setInputFiles(pngFile('front.png', await documentPng(customer, 'ID CARD')));
    await expect(customer.getByRole('img', { name: 'Preview: Front of your ID card' })).toBeVisible();
    await customer.getByTestId('kyc-back').setInputFiles(pngFile('back.png', await documentPng(customer, 'BACK')));
    await expect(customer.getByRole('img', { name: 'Preview: Back of your ID card' })).toBeVisible();
    await snap(customer, 'flow-01-kyc-form');
    await customer.getByTestId('kyc-submit').click();
    await expect(customer.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
    await expect(customer.getByRole('heading', { name: 'Under review', exact: true })).toBeVisible();

    // ------------------------------------------------ 2. the reviewer approves the identity
    await consoleSignIn(op, REVIEWER.username, REVIEWER.password);
    const kyc = await openQueueRow(op, /^Identity reviews/, 'Identity reviews', user.email, 'Identity submission');
    await expect(kyc.row).toContainText(user.userId);
    await expect(kyc.row).toContainText('NX4455667');
    await kyc.row.click();
    await expect(kyc.drawer).toContainText('Test User');
    await expect(kyc.drawer).toContainText('ID card');
    await expect(kyc.drawer.getByRole('img', { name: 'Front' })).toBeVisible();
    await expect(kyc.drawer.getByRole('img', { name: 'Back' })).toBeVisible();
    await snap(op, 'flow-02-console-kyc');
    await approveIn(op, kyc.drawer, 'Approve', 'Approve this identity?');
    await expect(kyc.drawer.getByText(`Identity of ${user.userId} approved.`)).toBeVisible();
    await op.keyboard.press('Escape');
    await expect(kyc.drawer).toBeHidden();

    // ------------------------------------------------ 3. verified: a EUR bank deposit of 500 with its proof
    await customer.reload();
    await expect(customer.getByTestId('kyc-status')).toHaveAttribute('data-status', '3');
    await expect(customer.getByRole('heading', { name: 'Identity verified', exact: true })).toBeVisible();
    await expect(customer.getByTestId('kyc-name')).toHaveText('Test User');
    await snap(customer, 'flow-03-kyc-verified');
    await customer.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(customer.getByRole('link', { name: /^Identity verification/ })).toContainText('Verified');

    await customer.getByRole('link', { name: 'Deposit', exact: true }).click();
    await expect(customer.getByRole('heading', { name: 'Bank transfer', exact: true })).toBeVisible();
    await expect(customer.getByTestId('deposit-kyc-notice')).toHaveCount(0);
    // The EUR bank account of the demo seed.
    const abnAmro = customer
      .locator('[data-testid^="deposit-channel-"]')
      .filter({ hasText: 'EUR bank transfer' })
      .filter({ hasText: 'ABN AMRO' })
      .first();
    await expect(abnAmro).toBeVisible();
    await abnAmro.click();
    await expect(customer.getByTestId('deposit-bank-bankName')).toContainText('ABN AMRO Bank');
    await expect(customer.getByTestId('deposit-bank-iban')).toContainText('NL91 ABNA 0417 1643 00');
    await field(customer, 'deposit-amount').fill('500');
    await customer
      .getByTestId('deposit-proof')
      .setInputFiles(pngFile('transfer.png', await documentPng(customer, 'PAID €500.00')));
    await expect(customer.getByRole('button', { name: /Replace/ })).toBeVisible();
    await snap(customer, 'flow-04-deposit-form');
    await customer.getByRole('button', { name: 'Submit deposit' }).click();
    await expect(customer.getByTestId('deposit-confirm')).toContainText('€500.00');
    await expect(customer.getByTestId('deposit-confirm')).toContainText('EUR bank transfer');
    await expect(customer.getByTestId('deposit-confirm')).toContainText('Funding');
    await customer.getByRole('button', { name: 'Submit', exact: true }).click();
    await dialogGone(customer);
    await expect(customer).toHaveURL(/deposit\/record/);
    const deposit = customer.getByTestId('deposit-record').first();
    await expect(deposit).toContainText('€500.00');
    await expect(deposit.getByTestId('record-status')).toHaveAttribute('data-status', '1');
    await snap(customer, 'flow-05-deposit-pending');

    // ------------------------------------------------ 4. the reviewer credits the deposit
    const dep = await openQueueRow(op, /^Deposits/, 'Deposits', user.email, 'Deposit #');
    await expect(dep.row).toContainText('€500.00');
    await expect(dep.row).toContainText('ABN AMRO');
    await dep.row.click();
    await expect(dep.drawer.getByTestId('review-amount')).toHaveText('€500.00');
    await expect(dep.drawer.getByRole('img', { name: 'Proof of payment' })).toBeVisible();
    await snap(op, 'flow-06-console-deposit');
    await approveIn(op, dep.drawer, 'Approve', 'Credit this deposit?');
    await expect(dep.drawer.getByText(`€500.00 credited to ${user.userId}.`)).toBeVisible();
    await op.keyboard.press('Escape');
    await expect(dep.drawer).toBeHidden();

    // ------------------------------------------------ 5. the customer has 500.00, and the deposit is in the bill
    await customer.reload();
    await expect(customer.getByTestId('deposit-record').first().getByTestId('record-status')).toHaveAttribute(
      'data-status',
      '3',
    );
    await customer.goto('/#/pages/profile/index');
    await expect(customer.getByTestId('funding-total')).toHaveText('€500.00');
    await expect(customer.getByTestId('funding-available')).toHaveText('€500.00');
    await expect(customer.getByTestId('funding-on-hold')).toHaveText('€0.00');
    await expect(customer.getByTestId('funding-wallet-BALANCE')).toContainText('€500.00');
    // Identity approved, deposit credited.
    await expect(customer.getByTestId('profile-unread')).toHaveText('2');
    await snap(customer, 'flow-07-profile-funded');
    await customer.getByRole('link', { name: 'History', exact: true }).click();
    const depositRow = customer.locator('[data-testid="bill-row"][data-type="deposit"]');
    await expect(depositRow).toHaveCount(1);
    await expect(depositRow).toContainText('Deposit');
    await expect(depositRow).toContainText('+€500.00');
    await snap(customer, 'flow-08-bill-deposit');

    // ------------------------------------------------ 6. 100 from Funding to US stocks
    await customer.getByRole('button', { name: 'Back', exact: true }).click();
    await customer.getByRole('link', { name: 'Transfer', exact: true }).click();
    await expect(customer.getByTestId('transfer-from')).toHaveAttribute('data-value', 'BALANCE');
    await expect(customer.getByTestId('transfer-to')).toHaveAttribute('data-value', 'US_STOCK');
    await expect(customer.getByTestId('transfer-available')).toContainText('€500.00');
    await customer.getByLabel('Amount').fill('100');
    await expect(customer.getByTestId('conversion-credit')).toHaveText(/^≈ \$\d+\.\d{2}$/);
    await customer.getByTestId('transfer-submit').click();
    await expect(customer.locator('.adm-dialog-content:visible')).toContainText('€100.00');
    await expect(customer.locator('.adm-dialog-content:visible')).toContainText('US stocks');
    await dialogConfirm(customer).click();
    await dialogGone(customer);
    const result = customer.getByTestId('transfer-result');
    await expect(result).toBeVisible();
    await expect(customer.getByTestId('transfer-debited')).toHaveText('-€100.00');
    await expect(customer.getByTestId('transfer-credited')).toHaveText(/^\+\$\d+\.\d{2}$/);
    await snap(customer, 'flow-09-transfer-result');
    const credited = ((await customer.getByTestId('transfer-credited').textContent()) ?? '').replace(/^\+\$/, '');
    const entryId = await result.getAttribute('data-entry');
    await customer.getByTestId('transfer-bill').click();
    const transferRows = customer.locator(`[data-testid="bill-row"][data-entry="${entryId}"]`);
    await expect(transferRows).toHaveCount(2);
    await expect(transferRows.filter({ hasText: 'Transfer out' })).toContainText('-€100.00');
    await expect(transferRows.filter({ hasText: 'Transfer in' })).toContainText(`+$${credited}`);
    await expect(depositRow).toContainText('+€500.00');
    await snap(customer, 'flow-10-bill-transfer');

    // ------------------------------------------------ 7. a transaction password, a new bank card, 200 withdrawn
    await customer.goto('/#/pages/profile/index');
    await expect(customer.getByTestId('funding-wallet-BALANCE')).toContainText('€400.00');
    await customer.getByRole('link', { name: 'Withdraw', exact: true }).click();
    // A fresh customer has no transaction password: the screen leads to setting one, then comes back.
    await customer.getByRole('button', { name: 'Set transaction password', exact: true }).click();
    await expect(customer.getByRole('heading', { name: 'Set transaction password', exact: true })).toBeVisible();
    await customer.getByLabel('Transaction password', { exact: true }).fill(PAY_PASSWORD);
    await customer.getByLabel('Confirm transaction password', { exact: true }).fill(PAY_PASSWORD);
    await customer.getByRole('button', { name: 'Set transaction password', exact: true }).click();
    await expect(customer.getByText('Transaction password set', { exact: true })).toBeVisible();
    await expect(customer).toHaveURL(/#\/pages\/withdraw\/bcard$/);

    // No card yet: add one from here, and come back to the form.
    await expect(customer.getByTestId('withdraw-no-destination')).toBeVisible();
    await customer.getByRole('link', { name: /Add a bank card/ }).click();
    await field(customer, 'card-bankName').fill('ING Bank N.V.');
    await field(customer, 'card-holderName').fill('Test User');
    await field(customer, 'card-cardNo').fill('NL91 ABNA 0417 1643 00');
    await field(customer, 'card-swift').fill('INGBNL2A');
    await snap(customer, 'flow-11-bank-card');
    await customer.getByRole('button', { name: 'Add bank card', exact: true }).click();
    await expect(customer.getByText('Bank card added', { exact: true })).toBeVisible();
    await expect(customer).toHaveURL(/#\/pages\/withdraw\/bcard$/);

    const card = customer.getByTestId(/^withdraw-destination-/);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('ING Bank N.V.');
    await expect(card).toContainText('NL91\u00a0••••\u00a04300');
    await expect(customer.getByTestId('withdraw-usable-amount')).toHaveText('€400.00');
    await card.click();
    await field(customer, 'withdraw-amount').fill('200');
    await customer.locator('#withdraw-bank_payPassword').fill(PAY_PASSWORD);
    await snap(customer, 'flow-12-withdraw-form');
    await customer.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const confirmWithdrawal = customer.getByTestId('withdraw-confirm');
    await expect(confirmWithdrawal).toContainText('€200.00');
    await expect(confirmWithdrawal).toContainText('Funding');
    await expect(confirmWithdrawal).toContainText('ING Bank N.V.');
    await customer.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
    await dialogGone(customer);
    await expect(customer.getByTestId('withdraw-submitted')).toContainText('the amount is on hold');
    const withdrawal = customer.getByTestId('withdrawal-record').first();
    await expect(withdrawal.getByTestId('record-status')).toHaveAttribute('data-status', '1');
    await expect(withdrawal).toContainText('€200.00');
    await snap(customer, 'flow-13-withdraw-submitted');

    // 200 is on hold: 200 of the 400 may still be withdrawn.
    await customer.getByRole('button', { name: 'New withdrawal', exact: true }).click();
    await expect(customer.getByTestId('withdraw-usable-amount')).toHaveText('€200.00');
    await expect(customer.getByTestId('withdraw-usable')).toContainText('Pending: €200.00');
    await customer.goto('/#/pages/profile/index');
    await expect(customer.getByTestId('funding-on-hold')).toHaveText('€200.00');
    await expect(customer.getByTestId('funding-wallet-BALANCE')).toContainText('€400.00');
    await expect(customer.getByTestId('funding-wallet-BALANCE')).toContainText('On hold €200.00');
    await snap(customer, 'flow-14-profile-on-hold');

    // ------------------------------------------------ 8. the reviewer rejects the withdrawal
    const wd = await openQueueRow(op, /^Withdrawals/, 'Withdrawals', user.email, 'Withdrawal #');
    await expect(wd.row).toContainText('€200.00');
    await expect(wd.row).toContainText('ING Bank N.V.');
    await wd.row.click();
    await expect(wd.drawer.getByTestId('review-amount')).toHaveText('€200.00');
    await expect(wd.drawer).toContainText('Test User');
    await expect(wd.drawer).toContainText('NL91ABNA0417164300');
    await wd.drawer.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = op.getByRole('dialog', { name: 'Reject withdrawal' });
    await reject.getByLabel('Reason').fill(REJECTION);
    await snap(op, 'flow-15-console-withdrawal-reject');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(reject).toBeHidden();
    await expect(
      wd.drawer.getByText(`Withdrawal of ${user.userId} rejected; the amount is available again.`),
    ).toBeVisible();
    await expect(wd.drawer).toContainText(REJECTION);
    await snap(op, 'flow-16-console-withdrawal-rejected');

    // ------------------------------------------------ 9. the customer has 400 again, and is told why
    await customer.reload();
    await expect(customer.getByTestId('funding-on-hold')).toHaveText('€0.00');
    await expect(customer.getByTestId('funding-wallet-BALANCE')).toContainText('€400.00');
    await expect(customer.getByTestId('funding-wallet-BALANCE')).not.toContainText('On hold');
    // Nothing held any more: all of it is available (the US stock part converted at the live rate).
    await expect(customer.getByTestId('funding-available')).toHaveText(
      (await customer.getByTestId('funding-total').textContent()) ?? '',
    );
    // Identity approved, deposit credited, withdrawal rejected: all unread, on the tab and in the menu.
    await expect(customer.getByTestId('tab-profile-unread')).toContainText('3');
    await expect(customer.getByTestId('profile-unread')).toHaveText('3');
    await snap(customer, 'flow-17-profile-after-rejection');

    await customer.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await expect(customer.getByTestId('withdraw-usable-amount')).toHaveText('€400.00');
    await expect(customer.getByTestId('withdraw-usable')).not.toContainText('Pending');
    const rejected = customer.getByTestId('withdrawal-record').first();
    await expect(rejected.getByTestId('record-status')).toHaveAttribute('data-status', '2');
    await expect(rejected.getByTestId('record-status')).toHaveText('Rejected');
    await expect(rejected.getByTestId('record-reason')).toContainText(REJECTION);
    await rejected.scrollIntoViewIfNeeded();
    await snap(customer, 'flow-18-withdrawal-rejected');

    await customer.getByRole('button', { name: 'Back', exact: true }).click();
    await customer.getByTestId('profile-inbox').click();
    const messages = customer.getByTestId('message-row');
    await expect(messages).toHaveCount(3);
    await expect(customer.getByTestId('notice-unread-count')).toHaveText('3 unread messages');
    const newest = messages.first();
    await expect(newest).toHaveAttribute('data-read', 'false');
    await expect(newest).toContainText('Withdrawal rejected');
    await snap(customer, 'flow-19-inbox');
    await newest.click();
    const message = customer.getByTestId('message-detail');
    await expect(message).toContainText('Withdrawal rejected');
    await expect(message).toContainText('Your withdrawal of 200.00 EUR was rejected');
    await expect(message).toContainText(`Reason: ${REJECTION}`);
    await snap(customer, 'flow-20-message');
    await customer.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(customer.getByTestId('notice-unread-count')).toHaveText('2 unread messages');
    await expect(messages.first()).toHaveAttribute('data-read', 'true');

    expect(operatorErrors, 'uncaught errors in the console or 5xx answers').toEqual([]);
  } finally {
    await operatorContext.close();
  }
});
