/**
 * News and articles (issue 18, docs/news.md): an operator writes an article in the console in three languages and
 * publishes it with an image uploaded in the editor; the customer finds it in home's news section and reads it, the
 * image shown, a remote image and its script payload shown as text and its outside link refused by the webview; in nl and zh-Hans the same article reads in the customer's language; an
 * announcement reaches the customer's messages; the quote screen lists the articles naming its instrument.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  consoleSignIn,
  documentPng,
  expect,
  operatorLogin,
  pngFile,
  prepareDevice,
  registerUser,
  shot,
  test,
  unique,
} from './support';

const TEXTS = {
  en: { title: 'Rates held steady', body: 'The central bank **held rates**.' },
  nl: { title: 'Rente blijft gelijk', body: 'De centrale bank **hield de rente gelijk**.' },
  'zh-Hans': { title: '利率保持不变', body: '央行**维持利率不变**。' },
} as const;

/** An article written and published through the console's API (the console's own screen is the first test's). */
async function publishArticle(
  request: APIRequestContext,
  input: { kind?: 'article' | 'announcement'; tag: string; instruments?: string[] },
): Promise<number> {
  const token = await operatorLogin(request);
  const title = Object.fromEntries(Object.entries(TEXTS).map(([l, t]) => [l, `${t.title} ${input.tag}`]));
  const body = Object.fromEntries(Object.entries(TEXTS).map(([l, t]) => [l, t.body]));
  const created = await request.post('/web/console/articles', {
    headers: { authorization: token },
    data: { kind: input.kind ?? 'article', title, body, instruments: input.instruments ?? [] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = (await created.json()).data.id as number;
  const published = await request.post(`/web/console/articles/${id}/publish`, {
    headers: { authorization: token },
    data: {},
  });
  expect(published.ok()).toBe(true);
  return id;
}

/** Home's news section, scrolled into view (its list loads as it comes near). */
async function homeNews(page: Page) {
  await page.goto('/#/pages/home/index');
  const section = page.getByTestId('home-news');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('news-item').first()).toBeVisible();
  return section;
}

test('an operator publishes an article in the console and the customer reads it from home', async ({
  page,
  browser,
  request,
}) => {
  const tag = unique('N');
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const console = await consoleContext.newPage();
  await consoleSignIn(console, 'admin', 'Admin1234!');
  await console.goto('/console/#/articles');
  await console.getByTestId('article-write').click();
  const dialog = console.getByRole('dialog');
  for (const [language, label] of [
    ['en', 'English'],
    ['nl', 'Nederlands'],
    ['zh-Hans', '简体中文'],
  ] as const) {
    await dialog.getByRole('tab', { name: label }).click();
    await dialog.getByTestId(`article-title-${language}`).fill(`${TEXTS[language].title} ${tag}`);
    await dialog
      .getByTestId(`article-body-${language}`)
      .fill(`${TEXTS[language].body}\n\n<script>alert(1)</script>\n\n[More](https://evil.example/)`);
  }
  // An image uploaded in the editor goes into the English body; a remote image written by hand is not shown.
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog
    .getByTestId('article-image-en')
    .locator('input[type=file]')
    .setInputFiles(pngFile('rates-chart.png', await documentPng(console, 'RATES')));
  await expect(dialog.getByTestId('article-body-en')).toHaveValue(/!\[rates-chart\]\(file:[\w-]+\)/);
  const withImage = await dialog.getByTestId('article-body-en').inputValue();
  await dialog.getByTestId('article-body-en').fill(`${withImage}\n![remote](https://evil.example/x.png)\n`);
  await shot(console, 'news-console-image');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = console.getByRole('row').filter({ hasText: tag });
  await expect(row.getByTestId('article-state')).toHaveText('Draft');
  await row.getByTestId('article-publish').click();
  await console.getByRole('tooltip').getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByTestId('article-state')).toHaveText('Published');
  await shot(console, 'news-console');
  await consoleContext.close();

  const customer = await registerUser(request, 'news');
  await prepareDevice(page, { token: customer.token, language: 'en' });
  const section = await homeNews(page);
  await shot(page, 'news-home-en');
  await section.getByTestId('news-item').filter({ hasText: tag }).click();
  const article = page.getByTestId('article');
  await expect(article.getByRole('heading', { name: `${TEXTS.en.title} ${tag}` })).toBeVisible();
  const body = page.getByTestId('article-body');
  await expect(body.locator('strong')).toHaveText('held rates');
  // The script is text, not a script.
  await expect(body).toContainText('<script>alert(1)</script>');
  await expect(body.locator('script')).toHaveCount(0);
  // The operator's image is shown and loads; the remote one is its text alone.
  const image = body.locator('img');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute('alt', 'rates-chart');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(body).toContainText('remote');
  await image.scrollIntoViewIfNeeded();
  await shot(page, 'news-detail-en');

  // The outside link is not on the published list: the webview refuses it and opens nothing.
  await body.getByRole('link', { name: 'More' }).click();
  await expect(page.getByTestId('webview-refused')).toContainText('This address cannot be opened');
  expect(page.url()).toContain('/pages/webview/index');
  await shot(page, 'news-webview-refused-en');
});

for (const language of ['nl', 'zh-Hans'] as const) {
  test(`in ${language}, the customer reads the article in their language`, async ({ page, request }) => {
    const tag = unique('L');
    await publishArticle(request, { tag });
    await prepareDevice(page, { language });
    const section = await homeNews(page);
    await expect(section.getByRole('heading', { name: language === 'nl' ? 'Nieuws' : '资讯' })).toBeVisible();
    await shot(page, `news-home-${language}`);
    await section.getByTestId('news-item').filter({ hasText: tag }).click();
    await expect(page.getByTestId('article').getByRole('heading')).toHaveText(`${TEXTS[language].title} ${tag}`);
    await expect(page.getByTestId('article-body').locator('strong')).toHaveText(
      language === 'nl' ? 'hield de rente gelijk' : '维持利率不变',
    );
    await shot(page, `news-detail-${language}`);
  });
}

test('the market wrap is labelled simulated, and an announcement reaches the messages', async ({ page, request }) => {
  const customer = await registerUser(request, 'ann');
  const tag = unique('A');
  const id = await publishArticle(request, { kind: 'announcement', tag });
  await prepareDevice(page, { token: customer.token, language: 'en' });
  const section = await homeNews(page);
  // The leader job wrote the last US session's wrap at start-up, from the simulator's movers; newer articles come
  // first, so "More news" until it shows.
  const wrap = section.getByTestId('news-item').filter({ hasText: 'Market wrap' }).first();
  for (let i = 0; i < 10 && !(await wrap.isVisible()); i++) {
    await section.getByTestId('news-more').click();
    await expect(section.getByTestId('news-more').or(wrap).first()).toBeVisible();
  }
  await expect(wrap).toContainText('Simulated');
  await wrap.click();
  await expect(page.getByTestId('article')).toContainText('Written automatically from the simulated market');
  await shot(page, 'news-wrap-en');

  await page.goto('/#/pages/notice/index');
  await page.getByText(`${TEXTS.en.title} ${tag}`).click();
  await page.getByTestId('message-link').click();
  await expect(page).toHaveURL(new RegExp(`/pages/news/detail\\?id=${id}`));
  await expect(page.getByTestId('article')).toContainText('Announcement');
});

test('a quote screen lists the articles naming its instrument', async ({ page, request }) => {
  const tag = unique('Q');
  await publishArticle(request, { tag, instruments: ['MSFT'] });
  await prepareDevice(page, { language: 'en' });
  await page.goto('/#/pages/quote/stock?name=Microsoft&code=MSFT&source=0');
  const section = page.getByTestId('quote-news');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('news-item').filter({ hasText: tag })).toBeVisible();
  await shot(page, 'news-quote-en');
});
