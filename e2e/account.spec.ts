/**
 * A logged-in user's settings (issue 2): language, transaction password, logging out; and
 * the messages the login form gives. Each test registers its own user through the API.
 */
import { expect, PASSWORD, prepareDevice, registerUser, StorageKey, shot, stored, test, userInfo } from './support';

test('switching to Nederlands and to 简体中文 translates the screens, and the choice survives a reload', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'lang');
  await prepareDevice(page, { token: user.token, language: 'en' });
  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('profile-user-id')).toHaveText(user.userId);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  // Nederlands.
  await page.getByTestId('setting-language').click();
  const sheet = page.getByRole('dialog', { name: 'Language', exact: true });
  await sheet.getByRole('button', { name: 'Nederlands', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Instellingen', exact: true })).toBeVisible();
  await expect(page.getByTestId('setting-language')).toContainText('Taal');
  await expect(page.getByTestId('setting-language')).toContainText('Nederlands');
  await expect(page.getByRole('button', { name: 'Uitloggen', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await shot(page, 'settings-nl');

  await page.getByRole('button', { name: 'Terug', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ik', exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-profile')).toHaveText('Ik');
  await expect(page.getByTestId('tab-market')).toHaveText('Markten');
  await expect(page.getByRole('link', { name: /^Identiteitsverificatie/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Beveiliging', exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Uw account', exact: true }).getByText('Particulier', { exact: true }),
  ).toBeVisible();

  // 简体中文, chosen from the same settings screen.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('setting-language').click();
  await page
    .getByRole('dialog', { name: 'Taal', exact: true })
    .getByRole('button', { name: '简体中文', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: '设置', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '返回', exact: true }).click();
  await expect(page.getByRole('heading', { name: '我的', exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-profile')).toHaveText('我的');
  await expect(page.getByRole('link', { name: '安全中心', exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: '您的账户', exact: true }).getByText('个人', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'profile-zh-Hans');

  // The choice is remembered on this device and on the account.
  await page.reload();
  await expect(page.getByRole('heading', { name: '我的', exact: true })).toBeVisible();
  await expect(page.getByTestId('tab-home')).toHaveText('首页');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  expect(await stored(page, StorageKey.language)).toBe('zh-Hans');
  await expect.poll(async () => (await userInfo(request, user.token)).body.data?.language).toBe('zh-Hans');
});

test('setting the transaction password turns the security entry from "Set up" into "Change"', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'pay');
  await prepareDevice(page, { token: user.token });
  await page.goto('/#/pages/profile/index');
  await page.getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();

  const entry = page.getByTestId('pay-password-entry');
  await expect(entry).toContainText('Transaction password');
  await expect(entry.getByText('Set up', { exact: true })).toBeVisible();
  await entry.click();

  await expect(page.getByRole('heading', { name: 'Set transaction password', exact: true })).toBeVisible();
  await page.getByLabel('Transaction password', { exact: true }).fill('246810');
  await page.getByLabel('Confirm transaction password', { exact: true }).fill('246810');
  await page.getByRole('button', { name: 'Set transaction password', exact: true }).click();

  await expect(page.getByText('Transaction password set', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/setting\/security$/);
  await expect(entry.getByText('Change', { exact: true })).toBeVisible();
  await expect(entry.getByText('Set up', { exact: true })).toHaveCount(0);
  expect((await userInfo(request, user.token)).body.data?.hasPayPassword).toBe(true);

  // The entry now leads to changing it, with the current password or an email code.
  await entry.click();
  await expect(page.getByRole('button', { name: 'Change transaction password', exact: true })).toBeVisible();
  await expect(page.getByLabel('Current transaction password', { exact: true })).toBeVisible();
});

test('logging out asks first: cancel keeps the session, confirm ends it on the server too', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'out');
  await prepareDevice(page, { token: user.token });
  await page.goto('/#/pages/setting/index');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  const logout = page.getByRole('button', { name: 'Log out', exact: true });
  const dialog = page.getByRole('dialog');

  // Cancel: nothing changes.
  await logout.click();
  await expect(dialog.getByText('Log out?', { exact: true })).toBeVisible();
  await expect(
    dialog.getByText('You will need your password to log in again on this device.', { exact: true }),
  ).toBeVisible();
  await shot(page, 'logout-dialog');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/pages\/setting\/index$/);
  await expect(logout).toBeVisible();
  expect(await stored(page, StorageKey.token)).toBe(user.token);
  expect((await userInfo(request, user.token)).status).toBe(200);

  // Confirm: back at login, the token forgotten here and refused by the server.
  await logout.click();
  await dialog.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  expect(await stored(page, StorageKey.token)).toBeNull();
  const after = await userInfo(request, user.token);
  expect(after.status).toBe(401);
  expect(after.body.code).toBe(401);

  // The profile is a guest's now, also after a reload.
  await page.goto('/#/pages/profile/index');
  await page.reload();
  await expect(page.getByText('You are not logged in', { exact: true })).toBeVisible();
});

test('the login form speaks the chosen language: catalogue messages for empty fields, the server message for a wrong password', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'val');
  await prepareDevice(page);
  await page.goto('/#/pages/auth/login');

  // Choose Nederlands from the login screen's language button.
  await page.getByTestId('language-button').click();
  await page
    .getByRole('dialog', { name: 'Language', exact: true })
    .getByRole('button', { name: 'Nederlands', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Inloggen', exact: true })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Inloggen', exact: true });
  await submit.click();
  await expect(page.getByText('Voer uw gebruikers-ID in', { exact: true })).toBeVisible();
  await expect(page.getByText('Voer uw wachtwoord in', { exact: true })).toBeVisible();
  await shot(page, 'login-validation-nl');

  // Fixing a field clears its message.
  await page.getByLabel('Gebruikers-ID of e-mailadres', { exact: true }).fill(user.userId);
  await expect(page.getByText('Voer uw gebruikers-ID in', { exact: true })).toHaveCount(0);

  // A wrong password (one attempt of the five before a lock): the server's message, in Dutch.
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Wrong-pass1');
  await submit.click();
  await expect(page.getByText('Gebruikers-ID, e-mailadres of wachtwoord is onjuist', { exact: true })).toBeVisible();
  await shot(page, 'login-wrong-password-nl');
  await expect(page).toHaveURL(/#\/pages\/auth\/login$/);
  expect(await stored(page, StorageKey.token)).toBeNull();

  // The right password still works.
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(/#\/pages\/profile\/index$/);
  await expect(page.getByTestId('profile-user-id')).toHaveText(user.userId);
});
