/**
 * Copy trading in the browser (issue 17; docs/strategies.md): a verified customer with a transaction password and a
 * funded Follow wallet opens product/follow, reads an institution's track record (figures from its book, losses
 * shown, the simulated-results line), opens payment/follow, chooses the amount and the term, confirms in the sheet
 * (the term and "cannot be sold before it ends" on it), and lands on the trade centre's follow tab with the follow's
 * value. In English, Dutch and Chinese, one run each.
 *
 * The server replays the books from 1 Sep at its start (the strategies job), so the spec first waits until they have
 * reached the server's hour. The value's move over days and the payout at the term end are tested on the
 * deterministic clock in apps/server/src/modules/strategies/follow.test.ts.
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
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['follow', 'routes'];

let user: TestUser;

test.describe.configure({ mode: 'serial' });

/**
 * Waits until every institution's book has caught up: the job replays them one after the other, each listed from its
 * first month on, so the four are within the same hour only once the last one has reached the server's clock.
 */
async function booksCaughtUp(request: APIRequestContext) {
  await expect(async () => {
    const res = await request.get(`${API}/userFollowInvest/getInvestAgencyList`);
    const ticks = ((await res.json()).data.list as Array<{ updatedAt: number }>).map((a) => a.updatedAt);
    expect(ticks).toHaveLength(4);
    expect(Math.max(...ticks) - Math.min(...ticks)).toBeLessThanOrEqual(3_600_000);
  }).toPass({ timeout: 150_000, intervals: [1000] });
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  user = await trader(request, 'flw', [['FOLLOW', '30000.00']], PAY);
  await booksCaughtUp(request);
});

const RUNS = [
  {
    language: 'en',
    code: 'KM-TREND',
    term: 30,
    amount: '1000',
    disclaimer: 'no guarantee',
    noSale: 'cannot sell',
    tab: 'Follow',
  },
  {
    language: 'nl',
    code: 'KM-GRID',
    term: 90,
    amount: '2500',
    disclaimer: 'geen garantie',
    noSale: 'niet verkopen',
    tab: 'Volgen',
  },
  {
    language: 'zh-Hans',
    code: 'KM-DCA',
    term: 180,
    amount: '100',
    disclaimer: '不保证',
    noSale: '不能卖出',
    tab: '跟单',
  },
] as const;

for (const [i, run] of RUNS.entries()) {
  test(`follow an institution and see its value, in ${run.language}`, async ({ page, request }) => {
    test.slow();
    await prepareDevice(page, { token: user.token, language: run.language });
    const name = `follow-${run.language}`;

    // ---------------------------------------------------------------- the institutions and their records
    await page.goto('/#/pages/product/follow');
    await expect(page.getByTestId('agencies')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('agency')).toHaveCount(4);
    const card = page.locator(`[data-testid="agency"][data-code="${run.code}"]`);
    await expect(card.getByTestId('agency-chart')).toBeVisible();
    await expect(card.getByTestId('agency-disclaimer')).toContainText(run.disclaimer);
    await expect(card.getByTestId('agency-return')).toHaveText(/[+-]?\d/);
    // Losses show as losses: each book that is down (three of four on the demo seed) shows its total return with
    // the minus sign, in the fall colour.
    const listed = await request.get(`${API}/userFollowInvest/getInvestAgencyList`);
    const agencies = (await listed.json()).data.list as Array<{ code: string; totalReturn: string }>;
    const down = agencies.filter((a) => Number(a.totalReturn) < 0);
    expect(down.length).toBeGreaterThan(0);
    for (const a of down) {
      const shown = page.locator(`[data-testid="agency"][data-code="${a.code}"]`).getByTestId('agency-return');
      await expect(shown.locator('span.fall')).toHaveText(/^[-−]\d/);
    }
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-01-institutions`);

    // ---------------------------------------------------------------- the ticket: amount, term, the confirm sheet
    await card.getByTestId('agency-follow').click();
    await expect(page).toHaveURL(/#\/pages\/payment\/follow\?id=\d+/);
    await page.getByTestId('follow-amount').locator('input').fill('99.99');
    await expect(page.getByTestId('follow-amount-problem')).toBeVisible();
    await expect(page.getByTestId('follow-review')).toBeDisabled();
    await page.getByTestId('follow-amount').locator('input').fill(run.amount);
    await page.getByTestId(`follow-term-${run.term}`).check();
    await expect(page.getByTestId('follow-terms')).toContainText(String(run.term));
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-02-ticket`);
    await page.getByTestId('follow-review').click();
    const sheet = page.getByTestId('confirm-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('confirm-term')).toContainText(String(run.term));
    await expect(sheet.getByTestId('follow-confirm-note')).toContainText(run.noSale);
    await page.locator('#follow-pay-password').fill(PAY);
    await snap(page, `${name}-03-confirm`);
    const before = Number((await walletBalance(request, user, 'FOLLOW')).balance);
    const answered = page.waitForResponse((r) => r.url().includes('/web/userFollowInvest/add'));
    await sheet.getByTestId('confirm-submit').click();
    expect(((await (await answered).json()) as { code: number }).code).toBe(200);
    await overlaysGone(page);

    // ---------------------------------------------------------------- the follow tab, with its value
    await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=follow/);
    await expect(page.getByTestId('trade-tab-follow')).toHaveText(run.tab);
    const rows = page.getByTestId('follow-row');
    await expect(rows).toHaveCount(i + 1);
    await expect(rows.first().getByTestId('follow-value')).toHaveText(/\d/);
    await expect(rows.first().getByTestId('follow-status')).toBeVisible();
    expect(Number((await walletBalance(request, user, 'FOLLOW')).balance)).toBe(before - Number(run.amount));
    await noRawKeys(page, OWN_KEYS);
    await snap(page, `${name}-04-follows`);
  });
}
