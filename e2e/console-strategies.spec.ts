/**
 * Strategies in the console on a desktop viewport (issue 17, docs/strategies.md "Console"): an admin opens the
 * strategies, reads one's book (figures, positions, trades), rewrites its description in three languages, sets its
 * fee for new follows (a fee above the published bound is refused on its field first) and closes it to new money;
 * the customer's follow screen then shows the new description and fee and offers no way to follow it, in English,
 * Dutch and Chinese. The admin reopens it at the end. That a running follow keeps its fee, the audit and the refusals
 * are tested on the server (apps/server/src/modules/strategies/console-routes.test.ts).
 */
import { API, expect, noRawKeys, prepareDevice, shot, consoleSignIn as signIn, snap, test, unique } from './support';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
test.slow();

const CODE = 'KM-REVERT';
const MANAGER = 'Canal Reversion Capital';

const CUSTOMER = [
  { language: 'en', fee: '12.50%', closed: 'Closed to new money' },
  { language: 'nl', fee: '12,50%', closed: 'Neemt geen nieuw geld aan' },
  { language: 'zh-Hans', fee: '12.50%', closed: '已停止接受新资金' },
] as const;

test('an admin describes a strategy, sets its fee and closes it; customers see it closed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The server replays the books at its start; the strategy is listed once its book has stepped.
  await expect(async () => {
    const res = await request.get(`${API}/userFollowInvest/getInvestAgencyList`);
    const list = (await res.json()).data.list as Array<{ code: string }>;
    expect(list.map((a) => a.code)).toContain(CODE);
  }).toPass({ timeout: 150_000, intervals: [1000] });

  await signIn(page, 'admin', 'Admin1234!');
  await page.getByRole('menuitem', { name: 'Strategies' }).click();
  await expect(page.getByRole('heading', { name: 'Strategies' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: CODE });
  await expect(row).toContainText('Mean reversion');
  await expect(row).toContainText(MANAGER);
  await noRawKeys(page, ['strategies']);
  await shot(page, 'console-strategies');

  // The strategy's page: what is published, and the book read only.
  await row.click();
  await expect(page.getByRole('heading', { name: `${CODE} · ${MANAGER}` })).toBeVisible();
  await expect(page.getByText('The book below is read only')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'AAPL' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Trades, newest first')).toBeVisible();
  await noRawKeys(page, ['strategies']);
  await shot(page, 'console-strategy', { fullPage: true });

  // Describe, in three languages.
  const mark = unique('');
  const text = {
    en: `Buys US shares well below their day's mean and sells them back above it. ${mark}`,
    nl: `Koopt Amerikaanse aandelen ruim onder hun daggemiddelde en verkoopt ze erboven. ${mark}`,
    'zh-Hans': `在美股大幅低于日均价时买入，回到均价上方时卖出。${mark}`,
  };
  await page.getByTestId('strategy-describe').click();
  const describe = page.getByRole('dialog', { name: `Describe ${CODE}` });
  await describe.getByTestId('strategy-description').fill(text.en);
  await describe.getByTestId('strategy-descriptionNl').fill(text.nl);
  await describe.getByTestId('strategy-descriptionZh').fill(text['zh-Hans']);
  await shot(page, 'console-strategy-describe');
  await describe.getByTestId('strategy-describe-save').click();
  await expect(describe).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('strategy-published')).toContainText(text.nl);

  // The fee: above the bound is refused on its field; 12.5 % for new follows.
  await page.getByTestId('strategy-set-fee').click();
  const fee = page.getByRole('dialog', { name: `Performance fee of ${CODE}` });
  await expect(fee).toContainText('follows running keep the fee they were sold with');
  await fee.getByTestId('strategy-fee-input').fill('45');
  await fee.getByTestId('strategy-fee-save').click();
  await expect(fee.getByText('Enter a percentage from 0 to 30, with at most 2 decimals.')).toBeVisible();
  await fee.getByTestId('strategy-fee-input').fill('12.5');
  await shot(page, 'console-strategy-fee');
  await fee.getByTestId('strategy-fee-save').click();
  await expect(fee).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('strategy-fee')).toHaveText('12.50 %');

  // Closed to new money.
  await page.getByTestId('strategy-open').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('strategy-published')).toContainText('Closed to new money');
  await expect(page.getByTestId('strategy-open')).toHaveText('Reopen');
  await shot(page, 'console-strategy-closed');

  // The customer's follow screen, in each language: the new text and fee, and no way in.
  for (const run of CUSTOMER) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    await prepareDevice(phone, { language: run.language });
    await phone.goto('/#/pages/product/follow');
    const card = phone.locator(`[data-testid="agency"][data-code="${CODE}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(text[run.language]);
    await expect(card.getByTestId('agency-fee')).toContainText(run.fee);
    await expect(card).toContainText(run.closed);
    await expect(card.getByTestId('agency-follow')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await snap(phone, `follow-closed-${run.language}`);
    await context.close();
  }

  // Reopened, so the other specs find every institution open.
  await page.getByTestId('strategy-open').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('strategy-open')).toHaveText('Close to new money');
});
