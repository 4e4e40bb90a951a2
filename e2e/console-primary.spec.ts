/**
 * Offerings in the console on a desktop viewport (issue 15): an admin creates an IPO (a bad price is refused on
 * its field first), finds it listed as upcoming, opens it, and cancels it after a confirmation that states the
 * refunds; a reviewer reads the offerings but is offered no way to create one, and sees a financed subscription's
 * deposit and deadline in the offering's subscription list.
 */
import {
  API,
  customerId,
  expect,
  fundCustomer,
  registerUser,
  shot,
  consoleSignIn as signIn,
  test,
  verifyIdentity,
} from './support';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
// The form and the tables are antd's heaviest screens; on a busy runner they take their time.
test.slow();

/** A code of its own each run: ZX and three letters (no instrument of the simulator starts with ZX). */
function freshCode(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let code = 'ZX';
  for (let i = 0; i < 3; i++) code += letters[Math.floor(Math.random() * letters.length)];
  return code;
}

test('an admin creates an offering, sees it listed, and cancels it with its refunds stated', async ({ page }) => {
  const code = freshCode();
  await signIn(page, 'admin', 'Admin1234!');
  await page.getByRole('menuitem', { name: 'Offerings' }).click();
  await expect(page.getByRole('heading', { name: 'Offerings' })).toBeVisible();
  // The seeded calendar is there, in every phase.
  await expect(page.getByTestId('offering-row-NWRB')).toBeVisible();

  await page.getByRole('button', { name: 'New offering' }).click();
  const dialog = page.getByRole('dialog', { name: 'New offering' });
  await dialog.getByTestId('offering-code').fill(code.toLowerCase());
  await dialog.getByTestId('offering-issuer').fill('Zephyr Test Works Inc.');
  await dialog.getByTestId('offering-price-min').fill('12.00');
  await dialog.getByTestId('offering-price-max').fill('11.00');
  await dialog.getByTestId('offering-shares').fill('2000000');
  await dialog.getByTestId('offering-save').click();
  // The range is upside down: refused on the field before anything is sent.
  await expect(dialog.getByText('The highest price must not be below the lowest.')).toBeVisible();
  await dialog.getByTestId('offering-price-max').fill('14.00');
  await shot(page, 'console-offering-form');
  await dialog.getByTestId('offering-save').click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // Its page: the terms as entered, the US defaults (pro rata), upcoming, no subscriptions yet.
  await expect(page.getByRole('heading', { name: `${code} · Zephyr Test Works Inc.` })).toBeVisible();
  const terms = page.getByTestId('offering-terms');
  await expect(terms).toContainText('12.00 – 14.00 USD');
  await expect(terms).toContainText('Pro rata');
  await expect(terms).toContainText('2,000,000');
  await expect(page.locator('[data-phase="upcoming"]').first()).toBeVisible();
  await expect(page.getByText('No subscriptions yet.')).toBeVisible();
  await expect(page.getByTestId('allotment-source')).toContainText('Not run yet');

  // Listed, with its phase.
  await page.getByRole('button', { name: 'All offerings' }).click();
  await page.getByPlaceholder('Code or issuer').fill(code);
  await page.getByPlaceholder('Code or issuer').press('Enter');
  const row = page.getByTestId(`offering-row-${code}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Upcoming');
  await shot(page, 'console-offerings');

  // Cancelling states what happens to the money first.
  await row.click();
  await page.getByTestId('offering-cancel').click();
  const confirm = page.getByRole('dialog', { name: `Cancel ${code}` });
  await expect(confirm.getByTestId('offering-cancel-statement')).toContainText(
    '0 live subscriptions will be cancelled and refunded.',
  );
  await expect(confirm.getByTestId('offering-cancel-statement')).toContainText('the published fee included');
  await confirm.getByLabel('Reason').fill('E2E: issuer withdrew');
  await confirm.getByTestId('offering-cancel-ok').click();
  await expect(confirm).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('[data-phase="cancelled"]').first()).toBeVisible();
  await expect(page.getByTestId('offering-cancel')).toHaveCount(0);
});

test('a reviewer reads the offerings but cannot create one', async ({ page }) => {
  await signIn(page, 'reviewer', 'Review1234!');
  await page.getByRole('menuitem', { name: 'Offerings' }).click();
  await expect(page.getByTestId('offering-row-NWRB')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New offering' })).toHaveCount(0);
  await page.getByTestId('offering-row-NWRB').click();
  await expect(page.getByTestId('offering-terms')).toContainText('Northwind Robotics Inc.');
  await expect(page.getByTestId('offering-cancel')).toHaveCount(0);
});

test("a financed subscription shows in the offering's list: financed, the deposit up front, the deadline", async ({
  page,
  request,
}) => {
  // A verified customer of its own subscribes to NWRB (open, 21.00 USD a share, lot 1) with IPO financing.
  const user = await registerUser(request, 'fin');
  await verifyIdentity(request, user);
  await fundCustomer(request, await customerId(request, user.token), 'SUBSCRIPTION', '5000', 'E2E financed IPO');
  const created = await request.post(`${API}/NewShares/create`, {
    headers: { authorization: user.token, 'idempotency-key': crypto.randomUUID() },
    data: { code: 'NWRB', quantity: 500, financing: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const sub = (await created.json()).data as { id: number; deposit: string };

  await signIn(page, 'reviewer', 'Review1234!');
  await page.getByRole('menuitem', { name: 'Offerings' }).click();
  await page.getByTestId('offering-row-NWRB').click();
  await expect(page.getByTestId('offering-terms')).toBeVisible();
  for (const column of ['Financed', 'Up front', 'Make-up due', 'Deadline', 'Paid / lapsed']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  // The list is oldest first, 20 a page: the newest subscription is on the last page.
  const last = page.locator('.ant-pagination-item').last();
  if (await last.isVisible()) await last.click();
  // The subscriptions table's row (the allotment's table below has a row of the same id): the one naming the customer.
  const row = page.locator(`tr[data-row-key="${sub.id}"]`).filter({ hasText: user.userId });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-financed="true"]')).toHaveText('Yes');
  const deposit = Number(sub.deposit).toLocaleString('en', { minimumFractionDigits: 2 });
  await expect(row).toContainText(deposit);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'console-offering-financed');
});
