/**
 * Placings in the browser (issue 15; docs/primary-markets.md "Placings"): a verified customer with a transaction
 * password and a funded Subscriptions wallet opens placing/index, applies for an open placing on its ticket,
 * confirms with the transaction password, finds the application on placing/record with the money held, then cancels
 * it after a confirmation and sees it cancelled and the hold released (the wallet whole again). In English, Dutch and
 * Chinese, one run each: the seeded calendar has INTC (US) and Xiaomi 01810 (HK) open at the e2e clock
 * (SIM_CLOCK_START), and a cancelled application may be made again, so the runs share one customer.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  API,
  expect,
  MOVED_PRICE_ATTEMPTS,
  noRawKeys,
  overlaysGone,
  prepareDevice,
  shot,
  type TestUser,
  test,
  trader,
  walletBalance,
} from './support';

const PAY = '246810';
const FUNDS = '50000.00';
/** The key namespaces of the screens this spec visits (noRawKeys). */
const OWN_KEYS = ['placing', 'ipo', 'trading', 'routes'];

let user: TestUser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  user = await trader(request, 'plc', [['SUBSCRIPTION', FUNDS]], PAY);
});

const subscriptionWallet = (request: APIRequestContext) => walletBalance(request, user, 'SUBSCRIPTION');

/** The seeded placing of `code`, open at the e2e clock. */
async function openPlacingId(request: APIRequestContext, code: string): Promise<number> {
  const res = await request.post(`${API}/placing/list`, { data: { phase: 'open', page: 1, pageSize: 50 } });
  const list = (await res.json()).data.list as Array<{ id: number; code: string }>;
  const found = list.find((p) => p.code === code);
  if (!found) throw new Error(`no open placing of ${code}`);
  return found.id;
}

const RUNS = [
  {
    language: 'en',
    code: 'INTC',
    words: { review: 'Review application', cancel: 'Cancel application', cancelled: 'Cancelled' },
  },
  {
    language: 'nl',
    code: '01810',
    words: { review: 'Inschrijving controleren', cancel: 'Inschrijving annuleren', cancelled: 'Geannuleerd' },
  },
  {
    language: 'zh-Hans',
    code: 'INTC',
    words: { review: '核对认购', cancel: '撤销认购', cancelled: '已取消' },
  },
] as const;

for (const run of RUNS) {
  test(`apply for an open placing, find it on the record and cancel it, in ${run.language}`, async ({
    page,
    request,
  }) => {
    test.slow();
    await prepareDevice(page, { token: user.token, language: run.language });
    const name = `placing-${run.language}`;
    const id = await openPlacingId(request, run.code);

    // ---------------------------------------------------------------- the list and the ticket
    await page.goto('/#/pages/placing/index');
    const row = page.locator(`[data-testid="placing-row"][data-id="${id}"]`);
    await expect(row).toHaveAttribute('data-phase', 'open', { timeout: 30_000 });
    await expect(row.getByTestId('placing-price')).toHaveText(/\d/);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-01-list`);
    await row.getByTestId('placing-row-apply').click();
    const ticket = page.getByTestId('placing-ticket');
    await expect(ticket).toBeVisible();
    await expect(ticket.getByTestId('placing-total')).toHaveText(/\d/);
    await expect(ticket.getByTestId('placing-review')).toHaveText(run.words.review);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-02-ticket`);

    // ---------------------------------------------------------------- confirm with the transaction password
    await ticket.getByTestId('placing-review').click();
    const sheet = page.getByTestId('confirm-sheet');
    await expect(sheet).toBeVisible();
    await sheet.locator('#placing-pay-password').fill(PAY);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-03-confirm`);
    // The rate to the wallet's currency is live: a total above the one confirmed is refused (nothing held), the
    // ticket's figures are read again and the customer confirms the new total.
    for (let attempt = 0; ; attempt++) {
      const answered = page.waitForResponse((r) => r.url().includes('/web/placing_order/create'));
      await sheet.getByTestId('confirm-submit').click();
      const body = (await (await answered).json()) as { code: number; reason?: string };
      if (body.code === 200) break;
      expect(body.reason).toBe('offeringTotalAboveTicket');
      expect(attempt).toBeLessThan(MOVED_PRICE_ATTEMPTS);
      await page.waitForTimeout(1_000);
    }
    const result = page.getByTestId('placing-result');
    await expect(result).toBeVisible();
    await expect(result.getByTestId('placing-result-text')).toContainText(run.code);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-04-result`);
    const held = await subscriptionWallet(request);
    expect(Number(held.usedBalance)).toBeGreaterThan(0);
    expect(Number(held.balance) + Number(held.usedBalance)).toBe(Number(FUNDS));

    // ---------------------------------------------------------------- the record: held, then cancelled
    await result.getByTestId('placing-to-record').click();
    await expect(page).toHaveURL(/#\/pages\/placing\/record/);
    const record = page.locator('[data-testid="placing-record"][data-state="subscribed"]');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(run.code);
    await expect(record.getByTestId('placing-record-held')).toHaveText(/\d/);
    await overlaysGone(page);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-05-record`);
    const recordId = await record.getAttribute('data-id');

    await record.getByTestId('placing-record-cancel').click();
    const dialog = page.getByTestId('placing-cancel-confirm');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(run.code);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-06-cancel-confirm`);
    const cancelled = page.waitForResponse((r) => r.url().includes('/web/placing_order/cancel'));
    await page.locator('.adm-dialog').getByRole('button', { name: run.words.cancel }).click();
    expect(((await (await cancelled).json()) as { code: number }).code).toBe(200);

    const gone = page.locator(`[data-testid="placing-record"][data-id="${recordId}"]`);
    await expect(gone).toHaveAttribute('data-state', 'cancelled');
    await expect(gone).toContainText(run.words.cancelled);
    await expect(gone.getByTestId('placing-record-cancel')).toHaveCount(0);
    await expect(page.locator('[data-testid="placing-record"][data-state="subscribed"]')).toHaveCount(0);
    const released = await subscriptionWallet(request);
    expect(released).toMatchObject({ balance: FUNDS, usedBalance: '0.00' });
    await overlaysGone(page);
    await noRawKeys(page, OWN_KEYS);
    await shot(page, `${name}-07-cancelled`, { style: '.toast-host { visibility: hidden !important; }' });
  });
}
