/**
 * Identity verification (SPEC §2 kyc/individual, §4): the form with its uploads, the checks of
 * the upload field, and the states of the review. Each test registers its own user.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  documentPng,
  expect,
  mailedCode,
  PASSWORD,
  pngFile as png,
  postRetryingRateLimit,
  prepareDevice,
  registerUser,
  shot,
  test,
  unique,
  userInfo,
} from './support';

/** The smallest thing the server reads as a PDF (by its bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A fresh company account (type 4) made through the API; its token. */
async function registerCompany(request: APIRequestContext): Promise<string> {
  const userId = unique('kycco');
  const email = `${userId}@example.com`;
  const sent = await postRetryingRateLimit(request, `${API}/getEmailCode`, { email, purpose: 'register' });
  if (!sent.ok()) throw new Error(`getEmailCode ${sent.status()}: ${await sent.text()}`);
  const res = await postRetryingRateLimit(request, `${API}/register/email`, {
    userId,
    email,
    emailCode: await mailedCode(request, email),
    password: PASSWORD,
    companyName: 'Kade Test Holding B.V.',
    licenceNumber: 'KVK12345678',
    officeAddress: 'Damrak 1, Amsterdam',
    placeOfRegistration: 'NL',
    corporateBankAccount: 'NL91ABNA0417164300',
    officerFirstName: 'Anna',
    officerLastName: 'de Vries',
    officerIdType: 'passport',
    officerIdNumber: 'NX1234567',
    agree: true,
  });
  const body = (await res.json()) as { msg: string; data?: { token: string } };
  if (!res.ok() || !body.data) throw new Error(`register/email ${res.status()}: ${body.msg}`);
  return body.data.token;
}

async function openKyc(page: Page, token: string, language: 'en' | 'nl' | 'zh-Hans' = 'en') {
  await prepareDevice(page, { token, language });
  await page.goto('/#/pages/kyc/individual');
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('kyc-form')).toBeVisible();
}

test('an ID card needs front and back; after sending, the screen says it is under review', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'kycid');
  await prepareDevice(page, { token: user.token });
  await page.goto('/#/pages/profile/index');
  await page.getByRole('link', { name: /^Identity verification/ }).click();
  await expect(page.getByRole('heading', { name: 'Identity verification', exact: true })).toBeVisible();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '0');

  // Names and country come from registration.
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await expect(page.getByLabel('Last name')).toHaveValue('User');
  await expect(page.getByTestId('kyc-idtype-idCard')).toBeChecked();
  await shot(page, 'kyc-form-en');

  // Nothing uploaded: each photo asks for itself.
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByText('Please Upload Image', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Please Enter ID Card Number', { exact: true })).toBeVisible();

  await page.getByLabel('ID card number').fill('NX1234567');
  await page.getByTestId('kyc-front').setInputFiles(png('front.png', await documentPng(page, 'ID CARD')));
  await expect(page.getByRole('img', { name: 'Preview: Front of your ID card' })).toBeVisible();
  await page.getByTestId('kyc-back').setInputFiles(png('back.png', await documentPng(page, 'BACK')));
  await expect(page.getByRole('img', { name: 'Preview: Back of your ID card' })).toBeVisible();
  await expect(page.getByText('Please Upload Image', { exact: true })).toHaveCount(0);
  await shot(page, 'kyc-form-filled-en');

  const sent = page.waitForRequest((r) => r.url().endsWith('/web/updateReal'));
  await page.getByTestId('kyc-submit').click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    firstName: 'Test',
    lastName: 'User',
    country: 'NL',
    idType: 'idCard',
    idNumber: 'NX1234567',
  });
  expect(body.frontFileId).toEqual(expect.any(String));
  expect(body.backFileId).toEqual(expect.any(String));

  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
  await expect(page.getByText('Documents submitted', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Under review', exact: true })).toBeVisible();
  await expect(page.getByText(/up to 24 hours; you will get the result in your inbox/)).toBeVisible();
  await expect(page.getByTestId('kyc-form')).toHaveCount(0);
  expect((await userInfo(request, user.token)).body.data).toMatchObject({ kycStatus: 1, nationalNumber: 'NX1234567' });
  await expect(page.getByText('Documents submitted', { exact: true })).toHaveCount(0);
  await shot(page, 'kyc-pending-en');

  // A reload shows the same state; the profile says so too.
  await page.reload();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByTestId('profile-user-id')).toHaveText(user.userId);
  await expect(page.getByRole('link', { name: /^Identity verification/ })).toContainText('Under review');
});

test('a passport needs only its photo page, in Dutch', async ({ page, request }) => {
  const user = await registerUser(request, 'kycpp');
  await openKyc(page, user.token, 'nl');
  await expect(page.getByRole('heading', { name: 'Identiteitsverificatie', exact: true })).toBeVisible();

  await page.getByTestId('kyc-idtype-passport').check();
  await expect(page.getByTestId('kyc-back')).toHaveCount(0);
  await expect(page.getByText('Fotopagina van uw paspoort', { exact: true })).toBeVisible();
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByText('Voer uw paspoortnummer in', { exact: true })).toBeVisible();
  await shot(page, 'kyc-form-passport-nl');

  await page.getByLabel('Paspoortnummer').fill('P-778899A');
  await page.getByTestId('kyc-front').setInputFiles(png('passport.png', await documentPng(page, 'PASSPORT')));
  await expect(page.getByRole('img', { name: 'Voorbeeld: Fotopagina van uw paspoort' })).toBeVisible();

  const sent = page.waitForRequest((r) => r.url().endsWith('/web/updateReal'));
  await page.getByTestId('kyc-submit').click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ idType: 'passport', idNumber: 'P-778899A' });
  expect(body).not.toHaveProperty('backFileId');

  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
  await expect(page.getByRole('heading', { name: 'In beoordeling', exact: true })).toBeVisible();
  await expect(page.getByText('Documenten ingediend', { exact: true })).toHaveCount(0);
  await shot(page, 'kyc-pending-nl');
});

test('the upload field checks type and size before sending, shows the server refusal, and can be replaced and removed', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'kycup');
  await openKyc(page, user.token);
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/web/file/upload')) uploads++;
  });

  const front = page.getByTestId('kyc-front');
  await front.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('This file type is not accepted. Please upload JPG, PNG, WebP, GIF')).toBeVisible();
  await front.setInputFiles(png('huge.png', Buffer.alloc(5 * 1024 * 1024 + 1)));
  await expect(page.getByText('The file is larger than 5 MB', { exact: true })).toBeVisible();
  await shot(page, 'kyc-upload-too-large-en');
  expect(uploads).toBe(0);

  // Says it is a PNG, is not: the server reads the bytes and refuses.
  const refused = page.waitForResponse((r) => r.url().includes('/web/file/upload'));
  await front.setInputFiles(png('fake.png', Buffer.from('not really an image')));
  expect((await refused).status()).toBe(415);
  await expect(page.getByText(/This file type is not accepted/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview: Front of your ID card' })).toHaveCount(0);
  expect(uploads).toBe(1);

  // Upload, replace, remove.
  await front.setInputFiles(png('one.png', await documentPng(page, 'ONE')));
  const preview = page.getByRole('img', { name: 'Preview: Front of your ID card' });
  await expect(preview).toHaveAttribute('src', /^\/web\/file\//);
  const firstSrc = await preview.getAttribute('src');
  await front.setInputFiles(png('two.png', await documentPng(page, 'TWO')));
  await expect(preview).not.toHaveAttribute('src', firstSrc ?? '');
  await expect(preview).toHaveAttribute('src', /^\/web\/file\//);
  await page.getByRole('button', { name: 'Remove: Front of your ID card', exact: true }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByText('Tap to take a photo or choose a file').first()).toBeVisible();
});

test('a refusal shows the reason and "Try again" opens the prefilled form; verified shows name and country', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'kycrej');
  // The review (console) is not part of this screen: the user info is shown as reviewed.
  let shownAs: Record<string, unknown> | null = { kycStatus: 2, kycReason: 'The photo of the back is blurred' };
  await page.route('**/web/api/user/info', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (shownAs && body.data) body.data = { ...body.data, ...shownAs };
    await route.fulfill({ response, json: body });
  });
  await prepareDevice(page, { token: user.token, language: 'zh-Hans' });
  await page.goto('/#/pages/kyc/individual');
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '2');
  await expect(page.getByRole('heading', { name: '认证未通过', exact: true })).toBeVisible();
  await expect(page.getByTestId('kyc-reason')).toHaveText('The photo of the back is blurred');
  await expect(page.getByTestId('kyc-form')).toHaveCount(0);
  await shot(page, 'kyc-failed-zh-Hans');

  await page.getByTestId('kyc-retry').click();
  await expect(page.getByTestId('kyc-form')).toBeVisible();
  await expect(page.getByLabel('名', { exact: true })).toHaveValue('Test');
  await expect(page.getByLabel('姓', { exact: true })).toHaveValue('User');
  await shot(page, 'kyc-form-zh-Hans');

  await page.getByTestId('kyc-idtype-DL').check();
  await page.getByLabel('驾驶证号码').fill('DL-445566');
  await page.getByTestId('kyc-front').setInputFiles(png('dl-front.png', await documentPng(page, 'LICENCE')));
  await page.getByTestId('kyc-back').setInputFiles(png('dl-back.png', await documentPng(page, 'BACK')));
  await expect(page.getByRole('img', { name: '预览：驾驶证背面' })).toBeVisible();
  shownAs = null;
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
  await expect(page.getByRole('heading', { name: '审核中', exact: true })).toBeVisible();
  await shot(page, 'kyc-pending-zh-Hans');

  // Verified.
  shownAs = { kycStatus: 3, kycReason: null };
  await page.reload();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '3');
  await expect(page.getByRole('heading', { name: '身份已认证', exact: true })).toBeVisible();
  await expect(page.getByTestId('kyc-name')).toHaveText('Test User');
  await expect(page.getByTestId('kyc-country')).toHaveText('荷兰');
  await shot(page, 'kyc-approved-zh-Hans');
});

test('a company also sends its licence and bank documents, as PDF or image; submit waits for running uploads', async ({
  page,
  request,
}) => {
  const token = await registerCompany(request);
  await openKyc(page, token);
  await expect(page.getByText(/Verify the account holder's identity and your company/)).toBeVisible();
  await expect(page.getByText('Company documents', { exact: true })).toBeVisible();

  await page.getByTestId('kyc-idtype-passport').check();
  await page.getByLabel('Passport number').fill('NX1234567');
  await page.getByTestId('kyc-front').setInputFiles(png('passport.png', await documentPng(page, 'PASSPORT')));
  await page.getByTestId('kyc-bank').setInputFiles(png('bank.png', await documentPng(page, 'BANK')));
  await expect(page.getByRole('img', { name: 'Preview: Corporate bank document' })).toBeVisible();

  // The licence as a PDF, held on its way to the documents endpoint.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/web/file/terms/upload', async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByTestId('kyc-licence')
    .setInputFiles({ name: 'kvk-extract.pdf', mimeType: 'application/pdf', buffer: PDF });
  const licence = page.getByTestId('kyc-licence').locator('xpath=ancestor::div[contains(@class,"upload")][1]');
  await expect(licence.getByRole('status')).toContainText('Uploading…');
  // AppForm's button shows only a spinner while pending (no name, no test id): found by its type.
  const submit = page.getByTestId('kyc-form').locator('button[type="submit"]');
  await expect(submit).toBeDisabled();
  await licence.scrollIntoViewIfNeeded();
  await shot(page, 'kyc-uploading-en');
  release();
  await expect(licence.getByText('kvk-extract.pdf', { exact: false })).toBeVisible();
  await expect(submit).toBeEnabled();
  await expect(submit).toHaveText('Submit for review');
  await shot(page, 'kyc-company-en');

  const sent = page.waitForRequest((r) => r.url().endsWith('/web/updateReal'));
  await page.getByTestId('kyc-submit').click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ idType: 'passport', licenceFileId: expect.any(String), bankFileId: expect.any(String) });
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
});
