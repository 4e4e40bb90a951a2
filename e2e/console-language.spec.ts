/**
 * The console's language: the browser's by default, a choice in the header that the next visit keeps, and antd's
 * own texts (pagination) and the dates following it.
 */
import { expect, shot, test } from './support';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test.describe('in a browser that asks for Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the console opens in Simplified Chinese', async ({ page }) => {
    await page.goto('/console/');
    await expect(page.getByRole('heading', { name: '运营人员登录' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill('Admin1234!');
    // antd spaces a two-character Chinese button label out ("登 录").
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await expect(page.getByRole('menuitem', { name: '审计日志' })).toBeVisible();
    await expect(page.getByTitle('20 条/页')).toBeVisible();
    // YYYY-MM-DD HH:mm:ss, the Chinese convention.
    await expect(
      page
        .getByRole('cell')
        .filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ })
        .first(),
    ).toBeVisible();
    await shot(page, 'console-customers-zh-Hans');
  });
});

test('an operator switches the console to Dutch, and it stays Dutch', async ({ page }) => {
  await page.goto('/console/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('Admin1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Customers' })).toBeVisible();
  await expect(page.getByTitle('20 / page')).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).click();
  // The console reloads in Dutch on the same page, still signed in.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('option', { name: 'Nederlands' }).click();
  await reloaded;
  await expect(page.getByRole('menuitem', { name: 'Klanten', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afmelden' })).toBeVisible();
  await expect(page.getByTitle('20 / pagina')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  // DD-MM-YYYY HH:mm:ss, the Dutch convention.
  await expect(
    page
      .getByRole('cell')
      .filter({ hasText: /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/ })
      .first(),
  ).toBeVisible();
  await shot(page, 'console-customers-nl');

  await page.reload();
  await expect(page.getByRole('menuitem', { name: 'Klanten', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Taal' })).toBeVisible();
});
