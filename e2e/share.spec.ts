/**
 * Invite friends (issue 18, profile/share): the Me tab's entry opens the customer's invitation link as a QR code with
 * the code and the counts; the link opens sign-up with the code filled in; a friend who signs up with it is counted.
 * In en, and the screen in nl and zh-Hans.
 */
import { expect, prepareDevice, registerUser, shot, test, userInfo } from './support';

test('the invitation link opens sign-up with the code, and a friend who signs up is counted', async ({
  page,
  browser,
  request,
}) => {
  const host = await registerUser(request, 'inv');
  const code = String((await userInfo(request, host.token)).body.data?.invitationCode);
  await prepareDevice(page, { token: host.token, language: 'en' });
  await page.goto('/#/pages/profile/index');
  await page.getByText('Invite friends').click();
  await expect(page.getByTestId('share-code')).toHaveText(code);
  await expect(page.getByTestId('share-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('share-stats')).toContainText('Signed up with your code0');
  await expect(page.getByTestId('share-terms')).toContainText('no reward or commission');
  const link = await page.getByTestId('share-link').innerText();
  expect(link).toMatch(new RegExp(`#/pages/auth/register\\?invite=${code}$`));
  await shot(page, 'share-en');

  // The friend's phone: the link opens sign-up with the code already in its field.
  const friend = await browser.newContext();
  const friendPage = await friend.newPage();
  await prepareDevice(friendPage, { language: 'en' });
  await friendPage.goto(link);
  await expect(friendPage.locator('input#register_invitationCode, input[name="invitationCode"]').first()).toHaveValue(
    code,
  );
  await friend.close();

  await registerUser(request, 'fr', { invitationCode: code });
  await page.reload();
  await expect(page.getByTestId('share-stats')).toContainText('Signed up with your code1');
  await expect(page.getByTestId('share-stats')).toContainText('Of them, verified0');
});

for (const [language, title, copy] of [
  ['nl', 'Vrienden uitnodigen', 'Link kopiëren'],
  ['zh-Hans', '邀请好友', '复制链接'],
] as const) {
  test(`in ${language}, the invitation screen speaks the language`, async ({ page, request }) => {
    const host = await registerUser(request, `inv${language.slice(0, 2)}`);
    await prepareDevice(page, { token: host.token, language });
    await page.goto('/#/pages/profile/share');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('share-copy-link')).toHaveText(copy);
    await expect(page.getByTestId('share-qr').locator('svg')).toBeVisible();
    await shot(page, `share-${language}`);
  });
}
