/**
 * The installable app (issue 13): the manifest is linked and complete, the service worker registers and caches
 * the app, and with no connection a reload opens the app from the cache with the offline notice in the
 * language in use, instead of the browser's error page. The worker leaves the API and the console alone.
 */
import type { Page } from '@playwright/test';
import { expect, prepareDevice, shot, test } from './support';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/**
 * Waits until the page is controlled by an activated worker, which has precached the whole app (about 200 files:
 * slow on a busy machine).
 */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
}

// Each test waits for a whole precache.
test.describe.configure({ timeout: 180_000 });

test('the manifest is linked and names the app, its colours and its icons', async ({ page, request }) => {
  await prepareDevice(page);
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const answer = await request.get(href ?? '');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Kade Markets',
    short_name: 'Kade',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0a0d13',
    background_color: '#0a0d13',
  });
  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const png = await request.get(icon?.src ?? '');
    expect(png.headers()['content-type']).toBe('image/png');
    const [width, height] = sizes.split('x').map(Number);
    expect(pngSize(await png.body())).toEqual({ width, height });
  }

  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toContain('javascript');
  // A cached worker would keep old versions alive: the browser must ask each time.
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
});

test('the service worker caches the app but not the API or the console', async ({ page }) => {
  await prepareDevice(page);
  await page.goto('/#/pages/market/index');
  await controlledByWorker(page);

  // Reloaded under the worker: the page comes from its cache, the API answers from the server.
  const apiAnswers: boolean[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/web/')) apiAnswers.push(response.fromServiceWorker());
  });
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('tab-market')).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => apiAnswers.length).toBeGreaterThan(0);
  expect(apiAnswers.every((fromWorker) => !fromWorker)).toBe(true);

  // The console is under the worker's scope by prefix, but the worker answers none of its requests.
  const consolePage = await page.goto('/console/');
  expect(consolePage?.fromServiceWorker()).toBe(false);
  await expect(page.locator('#root')).not.toBeEmpty();
});

const OFFLINE = { en: /^You are offline\./, nl: /^U bent offline\./, 'zh-Hans': /^您已离线/ } as const;

for (const [language, notice] of Object.entries(OFFLINE) as [keyof typeof OFFLINE, RegExp][]) {
  test(`offline, a reload opens the app from the cache and says it is offline (${language})`, async ({
    page,
    context,
  }) => {
    await prepareDevice(page, { language });
    await page.goto('/#/pages/home/index');
    await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
    await controlledByWorker(page);

    await context.setOffline(true);
    // The open page hears the connection go.
    await expect(page.getByTestId('offline-notice')).toHaveText(notice);
    await page.reload();
    await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('offline-notice')).toHaveText(notice);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await shot(page, `offline-home-${language}`);

    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  });
}
