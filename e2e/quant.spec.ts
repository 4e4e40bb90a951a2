/**
 * AI quantification in the browser (issue 17; docs/strategies.md "AI quantification"): a verified customer with a
 * transaction password and a funded Funds wallet comes in from home's entry, reads the quant strategies with their
 * ranking, published terms and figures (losses shown, the simulated-results line), subscribes to one in the sheet
 * (amount, period, transaction password: checkSecret then the form-encoded order/save) and lands on the
 * subscription's record-detail, then finds it on aiquantify/record. In English, Dutch and Chinese, one run each.
 *
 * The server replays the books from 1 Sep at its start, so the spec first waits until the quant books have reached
 * the server's hour. The payout at the period's end is tested on the deterministic clock in
 * apps/server/src/modules/strategies/quant.test.ts.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  expect,
  noRawKeys,
  overlaysGone,
  prepareDevice,
  snap,
  type TestUser,
  test,
  trader,
  walletBalance,
} from './support';

const PAY = '246810';
const OWN_KEYS = ['quant', 'follow', 'routes'];

let user: TestUser;

test.describe.configure({ mode: 'serial' });

/**
 * Waits until the three quant books have caught up: the job replays the books one after the other, each listed from
 * its first month on, so the three are within the same hour only once the last one has reached the server's clock.
 */
async function booksCaughtUp(request: APIRequestContext) {
  await expect(async () => {
    const res = await request.get(`${API}/quantization/list`);
    const ticks = ((await res.json()).data.list as Array<{ updatedAt: number }>).map((a) => a.updatedAt);
    expect(ticks).toHaveLength(3);
    expect(Math.max(...ticks) - Math.min(...ticks)).toBeLessThanOrEqual(3_600_000);
  }).toPass({ timeout: 170_000, intervals: [1000] });
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(200_000);
  user = await trader(request, 'qnt', [['FINANCIAL', '30000.00']], PAY);
  await booksCaughtUp(request);
});

const RUNS = [
  { language: 'en', code: 'KQ-GRID', term: 7, amount: '250', disclaimer: 'no guarantee', entry: 'AI quant' },
  { language: 'nl', code: 'KQ-MOMENTUM', term: 30, amount: '600', disclaimer: 'geen garantie', entry: 'AI-quant' },
  { language: 'zh-Hans', code: 'KQ-REVERT', term: 90, amount: '1000', disclaimer: '不保证', entry: 'AI 量化' },
] as const;

for (const [i, run] of RUNS.entries()) {
  test(`subscribe a quant strategy and see its record, in ${run.language}`, async ({ page, request }) => {
    test.slow();
    await prepareDevice(page, { token: user.token, language: run.language });
    const name = `quant-${run.language}`;

    // ---------------------------------------------------------------- the way in, the strategies and their ranking
    await page.goto('/#/pages/home/index');
    const entry = page.getByTestId('home-quant-entry');
    await expect(entry).toContainText(run.entry, { timeout: 30_000 });
    await entry.click();
    await expect(page).toHaveURL(/#\/pages\/aiquantify\/index/);
    await expect(page.getByTestId('quant-strategies')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('quant-strategy')).toHaveCount(3);
    await expect(page.getByTestId('quant-rank')).toHaveCount(3);
    const card = page.locator(`[data-testid="quant-strategy"][data-code="${run.code}"]`);
    await expect(card.getByTestId('agency-chart')).toBeVisible();
    await expect(card.getByTestId('agency-disclaimer')).toContainText(run.disclaimer);
    const listed = await request.get(`${API}/quantization/list`);
    const strategies = (await listed.json()).data.list as Array<{ code: string; totalReturn: string }>;
    for (const s of strategies.filter((x) => Number(x.totalReturn) < 0)) {
      const shown = page.locator(`[data-testid="quant-strategy"][data-code="${s.code}"]`).getByTestId('agency-return');
      await expect(shown.locator('span.fall')).toHaveText(/^[-−]\d/);
    }
    await card.getByTestId('quant-toggle-details').click();
    await expect(card.getByTestId('quant-days')).toBeVisible();
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-01-strategies`);

    // ---------------------------------------------------------------- the subscribe sheet
    await card.getByTestId('quant-subscribe').click();
    const sheet = page.getByTestId('confirm-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('quant-amount').locator('input').fill('0.5');
    await expect(sheet.getByTestId('quant-amount-problem')).toBeVisible();
    await sheet.getByTestId('quant-amount').locator('input').fill(run.amount);
    await expect(sheet.getByTestId('quant-amount-problem')).toHaveCount(0);
    await sheet.getByTestId(`quant-term-${run.term}`).check();
    await expect(sheet.getByTestId('quant-sheet-note')).toContainText(String(run.term));
    await page.locator('#quant-pay-password').fill(PAY);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-02-sheet`);
    const before = Number((await walletBalance(request, user, 'FINANCIAL')).balance);
    const saved = page.waitForResponse((r) => r.url().includes('/web/quantization/order/save'));
    await sheet.getByTestId('confirm-submit').click();
    const answer = await saved;
    expect(answer.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
    expect(((await answer.json()) as { code: number }).code).toBe(200);
    await overlaysGone(page);

    // ---------------------------------------------------------------- its record
    await expect(page).toHaveURL(/#\/pages\/aiquantify\/record-detail\?id=\d+/);
    const detail = page.getByTestId('quant-order-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('quant-value')).toHaveText(/\d/);
    await expect(detail).toHaveAttribute('data-status', 'running');
    expect(Number((await walletBalance(request, user, 'FINANCIAL')).balance)).toBe(before - Number(run.amount));
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-03-detail`);

    await page.goto('/#/pages/aiquantify/record');
    await expect(page.getByTestId('quant-order')).toHaveCount(i + 1, { timeout: 30_000 });
    await expect(page.getByTestId('quant-order').first().getByTestId('quant-profit')).toHaveText(/\d/);
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-04-record`);
  });
}
