/** The operator console on a desktop viewport: its own sign-in, roles, customers, outbox, audit. */
import { expect, registerUser, shot, test, userInfo } from './support';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

async function signIn(page: import('@playwright/test').Page, username: string, password: string) {
  await page.goto('/console/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin finds a new customer, reads their mail and sees the audit trail', async ({ page, request }) => {
  const user = await registerUser(request, 'con');
  const id = String((await userInfo(request, user.token)).body.data?.id);
  await signIn(page, 'admin', 'Admin1234!');
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toBeVisible();
  await page.getByPlaceholder('Search by user ID, email or name').fill(user.email);
  await page.getByPlaceholder('Search by user ID, email or name').press('Enter');
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Individual', { exact: true })).toBeVisible();
  await expect(row.getByText('Not submitted', { exact: true })).toBeVisible();
  await shot(page, 'console-customers');
  await row.click();
  await expect(page.getByText(user.email, { exact: true }).first()).toBeVisible();
  await shot(page, 'console-customer');

  await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
  const mail = page.getByRole('row').filter({ hasText: user.email }).first();
  await expect(mail).toBeVisible();
  await shot(page, 'console-outbox');

  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const viewed = page.getByRole('row').filter({ hasText: 'customer.view' }).first();
  await expect(viewed).toContainText('admin');
  await expect(viewed).toContainText(id);
  await shot(page, 'console-audit');
});

test('a reviewer has no audit log, and logging out ends the session', async ({ page }) => {
  await signIn(page, 'reviewer', 'Review1234!');
  await expect(page.getByRole('menuitem', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/console/#/audit');
  await expect(page.getByText('Admins only').first()).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
});

test('a wrong operator password is refused with the server message', async ({ page }) => {
  await signIn(page, 'reviewer', 'not-the-password');
  await expect(page.getByText('User ID, email or password is incorrect').first()).toBeVisible();
});
