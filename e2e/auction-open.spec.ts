/**
 * Issue 15, the pre-market auction across its open (docs/primary-markets.md "Pre-market auction"). The shared server's
 * clock starts after the US open, so this spec runs a server of its own (own-server.ts) whose clock starts a little
 * before the US regular open of Monday 23 November 2026 (14:30 UTC), inside the pre-open window (04:00-09:30 New
 * York). Three customers, one per language (en, nl, zh-Hans), each enter an auction order for the same stock on the
 * auction screen whose limit crosses any opening price (a buy at twice the indicative price), and the Dutch one a
 * second order whose limit cannot cross (a buy at half of it). When the clock reaches the open, the auction job
 * decides them: each customer sees the order filled at the opening price on the auction screen, and the position at
 * that price in the trade centre, in their language; the Dutch customer's second order is released, and its inbox
 * message (auctionNotFilled) says so. Registration, identity approval and the money come through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { freshDataDir, type OwnServer, ownPort, removeDataDir, startServer } from './own-server';
import { API, expect, prepareDevice, snap, type TestUser, test, trader } from './support';

const OPEN = Date.parse('2026-11-23T14:30:00Z');
/**
 * The clock starts this long before the open: the server's own start (a fresh database) and the setup (three
 * verified, funded customers and four orders in the browser) fit in it with room to spare on a loaded runner.
 */
const LEAD_MS = 100_000;
const port = ownPort(11);
test.use({ baseURL: `http://localhost:${port}` });
test.describe.configure({ mode: 'serial' });

const LANGUAGES = ['en', 'nl', 'zh-Hans'] as const;
type Language = (typeof LANGUAGES)[number];
/** The web app's texts, so every language is checked against its own catalogue. */
const texts = (language: Language) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/locales/${language}.json`), 'utf8'));
const messages = (language: Language) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, `../packages/contracts/src/locales/${language}.json`), 'utf8'),
  );

let server: OwnServer | undefined;
const users = new Map<Language, TestUser>();
/** The stock every order is for: the first one the auction screen lists, and its indicative price then. */
let stock = { code: '', indicative: 0 };

interface AuctionOrder {
  id: number;
  code: string;
  state: string;
  limitPrice: string;
  quantity: number;
  openPrice: string | null;
  positionId: number | null;
}

async function auctionOrders(request: APIRequestContext, user: TestUser): Promise<AuctionOrder[]> {
  const res = await request.post(`${API}/stock/auctionOrderList`, {
    headers: { authorization: user.token },
    data: { page: 1, pageSize: 20 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { list: AuctionOrder[] } }).data.list;
}

/** A decimal string in the language's number format, with its own places (at least `minPlaces`). */
function figure(language: Language, value: string, minPlaces = 0): string {
  const places = Math.max(minPlaces, value.split('.')[1]?.length ?? 0);
  const locale = language === 'zh-Hans' ? 'zh-CN' : language;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).format(
    Number(value),
  );
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startServer({
    port,
    dataDir: freshDataDir(),
    clockStart: new Date(OPEN - LEAD_MS).toISOString(),
  });
  for (const language of LANGUAGES)
    users.set(language, await trader(request, `auc${language.slice(0, 2)}`, [['US_STOCK', '20000']]));
  // The first stock in pre-open, as the auction screen lists it.
  const res = await request.post(`${API}/m_ft/preMarketList`, { data: { page: 1, pageSize: 1 } });
  expect(res.ok(), await res.text()).toBe(true);
  const first = ((await res.json()) as { data: { list: Array<{ code: string; indicativePrice: string }> } }).data
    .list[0];
  if (!first) throw new Error('no stock in pre-open: is the clock before the US open?');
  stock = { code: first.code, indicative: Number(first.indicativePrice) };
});

test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Enters one auction order on the auction screen: a buy of the minimum quantity at `factor` × the indicative price. */
async function placeOrder(page: Page, language: Language, factor: number, name: string) {
  const t = texts(language).auction;
  await page.goto('/#/pages/product/auction');
  const row = page.locator(`[data-testid="auction-row"][data-code="${stock.code}"]`);
  // The first screen after a cold start loads its chunk and the texts on a busy machine.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(t.rules.title)).toBeVisible();
  await row.getByTestId('auction-choose').click();
  await expect(page.getByTestId('auction-ticket')).toHaveAttribute('data-code', stock.code);
  const limit = (stock.indicative * factor).toFixed(2);
  await page.getByTestId('auction-price').locator('input').fill(limit);
  await expect(page.getByTestId('auction-total')).toHaveText(/\d/);
  await snap(page, `${name}-ticket`);
  await page.getByTestId('auction-review').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toBeVisible();
  // The limit as the language writes prices, with at least 2 decimals (nl "189,50").
  await expect(sheet).toContainText(figure(language, limit, 2));
  await sheet.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('auction-placed')).toBeVisible();
  await snap(page, `${name}-placed`);
  await page.getByTestId('auction-again').click();
  return limit;
}

for (const language of LANGUAGES) {
  test(`before the open: an auction order whose limit crosses, in ${language}`, async ({ page, request }) => {
    const user = users.get(language);
    if (!user) throw new Error('no customer');
    await prepareDevice(page, { token: user.token, language });
    const t = texts(language).auction;
    await placeOrder(page, language, 2, `auction-${language}-cross`);
    if (language === 'nl') await placeOrder(page, language, 0.5, `auction-${language}-below`);
    // Waiting for the open, the amount held, in the customer's language; the clock has not reached the open yet.
    const mine = page.getByTestId('auction-order');
    await expect(mine).toHaveCount(language === 'nl' ? 2 : 1);
    for (const order of await mine.all()) {
      await expect(order).toHaveAttribute('data-state', 'waiting');
      await expect(order.getByTestId('auction-order-state')).toHaveText(t.states.waiting);
    }
    await snap(page, `auction-${language}-waiting`);
    const orders = await auctionOrders(request, user);
    expect(orders.map((o) => o.state)).toEqual(orders.map(() => 'waiting'));
    // How much of the lead before the open is left (LEAD_MS is sized by it).
    const left = OPEN - (server?.now() ?? OPEN);
    test.info().annotations.push({ type: 'before the open', description: `${Math.round(left / 1000)} s` });
    expect(left, 'the orders were entered before the open').toBeGreaterThan(0);
  });
}

for (const language of LANGUAGES) {
  test(`after the open: filled at the opening price, in ${language}`, async ({ page, request }) => {
    const user = users.get(language);
    if (!user) throw new Error('no customer');
    const t = texts(language);
    // The auction job decides the orders on its first pass after the open (the trading job's interval).
    const timeout = Math.max(OPEN - (server?.now() ?? OPEN), 0) + 60_000;
    test.setTimeout(timeout + 60_000);
    await expect
      .poll(async () => (await auctionOrders(request, user)).every((o) => o.state !== 'waiting'), {
        timeout,
        intervals: [1000],
      })
      .toBe(true);
    const orders = await auctionOrders(request, user);
    const filled = orders.find((o) => o.state === 'filled');
    if (!filled?.openPrice || !filled.positionId) throw new Error(`not filled: ${JSON.stringify(orders)}`);
    // Everyone's order of the stock fills at the one opening price, below its limit.
    expect(Number(filled.openPrice)).toBeLessThanOrEqual(Number(filled.limitPrice));

    await prepareDevice(page, { token: user.token, language });
    await page.goto('/#/pages/product/auction');
    const row = page.locator('[data-testid="auction-order"][data-state="filled"]');
    await expect(row.getByTestId('auction-order-state')).toHaveText(t.auction.states.filled);
    await expect(row.getByTestId('auction-order-open-price')).toHaveText(figure(language, filled.openPrice, 2));
    await row.scrollIntoViewIfNeeded();
    await snap(page, `auction-${language}-filled`);

    // The position, opened at the opening price, in the trade centre.
    await row.getByRole('link', { name: t.auction.orders.position }).click();
    await expect(page.getByTestId('position-detail')).toHaveAttribute('data-status', '1');
    await expect(page.getByTestId('fact-open-price')).toHaveText(figure(language, filled.openPrice, 2));
    // The margin is the fill's (1:1: quantity × the opening price), not the limit's held before the open.
    const margin = (Math.round(Number(filled.openPrice) * filled.quantity * 100) / 100).toFixed(2);
    await expect(page.getByTestId('fact-margin')).toContainText(figure(language, margin, 2));
    await snap(page, `auction-${language}-position`);

    if (language !== 'nl') return;
    // ---------------------------------------------------------------- the order below the open: released, and told
    const released = orders.find((o) => o.state === 'notFilled');
    if (!released) throw new Error(`no order released: ${JSON.stringify(orders)}`);
    await page.goto('/#/pages/product/auction');
    const notFilled = page.locator('[data-testid="auction-order"][data-state="notFilled"]');
    await expect(notFilled.getByTestId('auction-order-state')).toHaveText(t.auction.states.notFilled);
    await page.goto('/#/pages/notice/index');
    const message = page
      .getByTestId('message-row')
      .filter({ hasText: messages(language).inbox.auctionNotFilled.title });
    await expect(message).toHaveCount(1);
    await message.click();
    // The limit and the opening price in the reader's number format.
    await expect(page.getByTestId('message-detail')).toContainText(figure(language, released.limitPrice));
    await expect(page.getByTestId('message-detail')).toContainText(figure(language, filled.openPrice));
    await snap(page, `auction-${language}-message`);
  });
}
