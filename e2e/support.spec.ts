/**
 * Customer service in the browser (issue 18; docs/support.md), in English, Dutch and Chinese: a customer opens Help
 * and contact from Me, an empty form is refused in their language, they start a conversation with a picture, a
 * reviewer answers it from the console's support inbox (desktop) with a picture, seeing the conversation's language, and the answer (and its picture) reaches the customer's open screen
 * over the live socket with its unread badge, without a reload; opening the conversation reads it. Screens are
 * photographed at 390x844.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_NAMES } from '@beurs/contracts';
import {
  consoleSignIn,
  documentPng,
  expect,
  noRawKeys,
  pngFile,
  prepareDevice,
  registerUser,
  snap,
  test,
} from './support';

type Language = 'en' | 'nl' | 'zh-Hans';
type Texts = { support: Record<string, string | Record<string, string>>; routes: { service: Record<string, string> } };
const textsOf = (language: Language): Texts =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/locales/${language}.json`), 'utf8'));
const validationOf = (language: Language): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, `../packages/contracts/src/locales/${language}.json`), 'utf8'),
  ).validation;
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['support', 'routes', 'validation', 'errors'];

test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'nl', 'zh-Hans'] as const) {
  test(`start a support conversation and get an answer from the console (${language})`, async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const texts = textsOf(language);
    const s = texts.support as Record<string, string> & { status: Record<string, string> };
    const user = await registerUser(request, `sup${language.slice(0, 2)}`);
    await prepareDevice(page, { token: user.token, language });
    await page.setViewportSize({ width: 390, height: 844 });

    // ------------------------------------------------------------ Me -> Help and contact, empty
    await page.goto('/#/pages/profile/index');
    await page.getByTestId('profile-support').click();
    await expect(page.getByText(s.emptyTitle ?? '')).toBeVisible({ timeout: 30_000 });
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `support-${language}-01-empty`);

    // ------------------------------------------------------------ a new conversation: refused empty, then sent
    await page.getByTestId('support-new').click();
    await page.getByTestId('support-submit').click();
    const validation = validationOf(language);
    await expect(page.getByTestId('support-subject-error')).toHaveText(validation.enterTitle ?? '');
    await expect(page.getByTestId('support-text-error')).toHaveText(validation.enterText ?? '');
    await page.getByTestId('support-topic-deposit').check({ force: true });
    await page.getByTestId('support-subject').locator('input').fill(`Deposit ${language}`);
    await page.getByTestId('support-text').locator('textarea').fill('My deposit of 250 EUR has not arrived yet.');
    await page.getByTestId('support-image').setInputFiles(pngFile('receipt.png', await documentPng(page, 'RECEIPT')));
    await expect(page.getByTestId('support-submit')).toBeEnabled();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `support-${language}-02-new`);
    await page.getByTestId('support-submit').click();
    await expect(page).toHaveURL(/pages\/service\/chat\?id=\d+/);
    const thread = page.getByTestId('support-thread');
    await expect(thread.getByTestId('support-message')).toHaveCount(1);
    await expect(thread).toContainText('My deposit of 250 EUR has not arrived yet.');
    await expect(thread.locator('img')).toBeVisible();
    await expect(page.getByTestId('support-status')).toHaveText(s.status.open ?? '');
    await snap(page, `support-${language}-03-sent`);

    // Back to the list, where the answer will arrive.
    await page.goBack();
    await expect(page.getByTestId('support-row')).toHaveCount(1);
    await expect(page.getByTestId('support-row-unread')).toHaveCount(0);

    // ------------------------------------------------------------ the console answers (desktop)
    const ops = await browser.newContext({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
    const console = await ops.newPage();
    await consoleSignIn(console, 'reviewer', 'Review1234!');
    await console.goto('/console/#/support');
    await console.getByPlaceholder('Customer, email or subject').fill(user.userId);
    await console.getByPlaceholder('Customer, email or subject').press('Enter');
    const row = console.getByRole('row').filter({ hasText: user.userId });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('support-unread')).toContainText('1');
    await row.click();
    await expect(console.getByTestId('support-conversation')).toContainText(`Deposit ${language}`);
    await expect(console.getByTestId('support-message')).toHaveCount(1);
    await console.getByTestId('support-send').click();
    await expect(console.getByTestId('support-answer-error')).toHaveText('Please enter the text');
    // The conversation's language is the customer's screen's; the answer carries a picture of the operator's.
    await expect(console.getByTestId('support-language')).toHaveText(LANGUAGE_NAMES[language]);
    await console.getByTestId('support-answer').fill('We have found your deposit: it is credited now.');
    await console
      .locator('input[type=file]')
      .setInputFiles(pngFile('credited.png', await documentPng(console, 'CREDITED')));
    await expect(console.getByTestId('support-picture-preview')).toBeVisible();
    await console.getByTestId('support-send').click();
    await expect(console.getByTestId('support-message')).toHaveCount(2);
    await expect(console.getByTestId('support-set-status')).toContainText('Answered');
    await console.screenshot({ path: `test-results/screens/support-${language}-console.png` });

    // ------------------------------------------------------------ the answer arrives live, with its badge
    await expect(page.getByTestId('support-row-unread')).toHaveText('1', { timeout: 5_000 });
    await expect(page.getByTestId('support-row')).toContainText(s.status.pending ?? '');
    await snap(page, `support-${language}-04-answered`);
    await page.getByTestId('support-row').click();
    await expect(page.getByTestId('support-message')).toHaveCount(2);
    await expect(page.getByTestId('support-message').nth(1)).toContainText(
      'We have found your deposit: it is credited now.',
    );
    // The operator's picture arrives with it, and loads.
    const picture = page.getByTestId('support-message').nth(1).locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('support-message').first().getByTestId('support-message-read')).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `support-${language}-05-thread`);

    // Read: no badge on Me.
    await page.goto('/#/pages/profile/index');
    await expect(page.getByTestId('profile-support')).toBeVisible();
    await expect(page.getByTestId('support-unread')).toHaveCount(0);

    // A reply from the customer reopens it for the console, live too.
    await page.getByTestId('profile-support').click();
    await page.getByTestId('support-row').click();
    await page.getByTestId('support-reply').getByRole('textbox').fill('Thank you!');
    await page.getByTestId('support-reply-send').click();
    await expect(page.getByTestId('support-message')).toHaveCount(3);
    await expect(console.getByTestId('support-message')).toHaveCount(3, { timeout: 5_000 });
    await ops.close();
  });
}
