/**
 * Two-step verification in the app (issue 12): turn it on by QR (the key read off the screen, codes made
 * with otpauth as a phone app would), keep the recovery codes, log in with one, and withdraw with a code.
 * Operators: apps/server/src/modules/auth/totp.test.ts (this server runs with OPERATOR_TOTP_REQUIRED=false).
 */
import { Secret, TOTP } from 'otpauth';
import { API, expect, prepareDevice, registerUser, shot, test } from './support';

const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: (TOTP.counter() + 1) * 30_000 });

test('a customer turns on two-step verification, then login and withdrawal ask for a code', async ({
  page,
  browser,
  request,
}) => {
  const user = await registerUser(request, 'tfa');
  const pay = await request.post(`${API}/settingPayPassword`, {
    headers: { authorization: user.token },
    data: { payPassword: '135790' },
  });
  expect(pay.ok()).toBe(true);
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/setting/security');
  await expect(page.getByTestId('totp-entry')).toContainText('Off');
  await page.getByTestId('totp-entry').click();
  await page.getByTestId('totp-start').click();
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, 'totp-qr');

  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText('The authenticator code is incorrect or was already used')).toBeVisible();
  await page.getByLabel('Authenticator code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const recovery = page.getByTestId('totp-recovery');
  await expect(recovery.locator('li')).toHaveCount(10);
  const codes = await recovery.locator('li code').allInnerTexts();
  await shot(page, 'totp-recovery');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('totp-left')).toHaveText('Recovery codes left: 10');

  // Another device: the right password alone is not enough; a recovery code gets in once.
  const other = await browser.newPage();
  await prepareDevice(other, { language: 'en' });
  await other.goto('/#/pages/auth/login');
  await other.getByLabel('User ID or email').fill(user.userId);
  await other.getByLabel('Password', { exact: true }).fill(user.password);
  await other.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(other.getByText('Two-step verification is on for this account.')).toBeVisible();
  await other.getByLabel('Authenticator code').fill(codes[0] ?? '');
  await other.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(other).not.toHaveURL(/auth\/login/);

  // The withdrawal form asks for the code too.
  await other.goto('/#/pages/withdraw/bcard');
  await expect(other.getByLabel('Authenticator code')).toBeVisible();
  await other.close();
});
