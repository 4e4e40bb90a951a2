/**
 * Sign-in defences in the app (issue 12): a customer whose password sign-in is paused by wrong
 * passwords gets in with a code mailed to the account's address. Concurrency and the limits
 * themselves: apps/server/src/modules/auth/signin-defences.test.ts.
 */
import { API, expect, mailedCode, mailMark, prepareDevice, registerUser, sendCodeInPage, shot, test } from './support';

test('after too many wrong passwords the owner signs in with an email code', async ({ page, request }) => {
  const user = await registerUser(request, 'lock');
  for (let i = 0; i < 5; i++) {
    const res = await request.post(`${API}/loginByUsername`, {
      data: { username: user.email, password: 'guess-guess' },
    });
    expect(res.status()).toBe(422);
  }
  await prepareDevice(page, { language: 'en' });
  await page.goto('/#/pages/auth/login');
  await page.getByLabel('User ID or email').fill(user.userId);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText('Too many failed attempts. Please wait 15 minutes, or log in with an email code'),
  ).toBeVisible();

  await page.getByTestId('login-with-code').click();
  await expect(page).toHaveURL(/\/pages\/auth\/logincode$/);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  // The registration code went to the same address: wait for the one sent now.
  const mark = await mailMark();
  await sendCodeInPage(page);
  await page.getByLabel('Email verification code').fill(await mailedCode(request, user.email, mark));
  await shot(page, 'signin-email-code');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/pages\/profile\/index$/);
});
