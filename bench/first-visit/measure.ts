/**
 * One first visit: a fresh browser context (empty cache, no storage, no service worker) on a phone viewport
 * that accepts brotli, loading one address until the network is quiet, counting what crossed the wire.
 */
import { type Browser, chromium, type Request } from 'playwright-core';

/** Debian's Chromium, as the browser tests use it; CHROMIUM_PATH points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Visit {
  name: string;
  /** The hash route loaded, after the origin. */
  address: string;
}

export interface Bytes {
  /** Compressed body and response headers. */
  bytes: number;
  /** The compressed bodies alone (what HTTP/2's header compression would leave, near enough). */
  body: number;
  requests: number;
}

export interface VisitResult extends Visit {
  js: Bytes;
  css: Bytes;
  /** Everything the page fetched (document, scripts, styles, fonts, images, API answers). */
  total: Bytes;
  /** What the service worker fetched in the background to precache the app (after the page loaded). */
  precache: Bytes;
  /** Whether the service worker took control within the wait (if not, `precache` is not the whole precache). */
  workerInControl: boolean;
  /** JS files that were not sent brotli-compressed (should be none). */
  uncompressedJs: string[];
  /** Finished requests whose sizes Chromium never reported (not counted above; should be none). */
  unmeasured: string[];
  /** The JS files, largest first, with their bytes on the wire. */
  scripts: { file: string; bytes: number }[];
}

/** How long a finished request's sizes may take before the request is reported unmeasured. */
const SIZES_TIMEOUT_MS = 5_000;

const empty = (): Bytes => ({ bytes: 0, body: 0, requests: 0 });
const add = (into: Bytes, body: number, headers: number) => {
  into.bytes += body + headers;
  into.body += body;
  into.requests += 1;
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
}

/** Loads `visit` as a guest in a fresh context and counts every finished request by kind. */
export async function firstVisit(browser: Browser, baseUrl: string, visit: Visit): Promise<VisitResult> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    // Chromium offers br only over HTTPS; a phone reaching the real site over HTTPS gets brotli.
    extraHTTPHeaders: { 'accept-encoding': 'br' },
  });
  const result: VisitResult = {
    ...visit,
    js: empty(),
    css: empty(),
    total: empty(),
    precache: empty(),
    workerInControl: false,
    uncompressedJs: [],
    unmeasured: [],
    scripts: [],
  };
  const pending: Promise<void>[] = [];
  const count = async (request: Request, late: () => boolean) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    if (late()) return;
    const body = sizes.responseBodySize;
    const headers = sizes.responseHeadersSize;
    if (request.serviceWorker()) {
      add(result.precache, body, headers);
      return;
    }
    add(result.total, body, headers);
    const type = request.resourceType();
    const file = new URL(request.url()).pathname;
    if (type === 'script') {
      add(result.js, body, headers);
      result.scripts.push({ file, bytes: body + headers });
      if ((await response.headerValue('content-encoding')) !== 'br') result.uncompressedJs.push(file);
    } else if (type === 'stylesheet') add(result.css, body, headers);
  };
  // Chromium sometimes never answers a request's sizes (playwright#9350): a request not counted within
  // SIZES_TIMEOUT_MS is listed as unmeasured in the report (and left out of the sums) instead of hanging the bench.
  context.on('requestfinished', (request) => {
    pending.push(
      new Promise<void>((resolve) => {
        let late = false;
        const timer = setTimeout(() => {
          late = true;
          result.unmeasured.push(new URL(request.url()).pathname);
          resolve();
        }, SIZES_TIMEOUT_MS);
        void count(request, () => late)
          .catch(() => undefined)
          .finally(() => {
            clearTimeout(timer);
            resolve();
          });
      }),
    );
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/${visit.address}`, { waitUntil: 'load' });
  // Lazy screens and their data load after `load`; a live-quotes socket never lets the network idle for
  // long, so wait for 1 s without new requests, at most 20 s.
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  // The service worker is registered once the first screen has settled (main.tsx) and precaches the app as it
  // installs: its fetches are counted apart, when it has taken control (at most 30 s).
  result.workerInControl = await page
    // A function, not a string: the app's CSP refuses the eval a string predicate needs (it failed every visit).
    .waitForFunction(
      () =>
        (globalThis as { navigator?: { serviceWorker?: { controller: unknown } } }).navigator?.serviceWorker
          ?.controller != null,
      undefined,
      { timeout: 30_000 },
    )
    .then(
      () => true,
      () => false,
    );
  await page.waitForTimeout(1_000);
  await Promise.all(pending);
  await context.close();
  result.scripts.sort((a, b) => b.bytes - a.bytes);
  return result;
}
