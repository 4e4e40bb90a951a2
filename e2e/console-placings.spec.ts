/**
 * Placings in the console on a desktop viewport (issue 15): an admin creates a placing of a listed stock (a market
 * switch bringing its lot, a stock the market does not quote refused by the server on its field, a discount out of its
 * bounds refused on its field before anything is sent), changes it before its window opens and cancels it after a
 * confirmation that states the releases; the auction monitor lists auction orders; a reviewer reads the placings but
 * is offered no way to create one.
 */
import { expect, shot, consoleSignIn as signIn, test } from './support';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
test.slow();

test('an admin creates a placing, changes it, and cancels it with its releases stated', async ({ page }) => {
  await signIn(page, 'admin', 'Admin1234!');
  await page.getByRole('menuitem', { name: 'Placings' }).click();
  await expect(page.getByRole('heading', { name: 'Placings' })).toBeVisible();

  await page.getByTestId('placing-create').click();
  const dialog = page.getByRole('dialog', { name: 'New placing' });
  // A market brings its defaults: Hong Kong's lot of 100 and ballot, then the United States' 10 and pro rata again.
  const lot = dialog.getByLabel('Lot size (shares)');
  await expect(lot).toHaveValue('10');
  await expect(dialog.getByRole('radio', { name: 'Pro rata' })).toBeChecked();
  await dialog.getByText('Hong Kong', { exact: true }).click();
  await expect(lot).toHaveValue('100');
  await expect(dialog.getByRole('radio', { name: 'Ballot' })).toBeChecked();
  await dialog.getByText('United States', { exact: true }).click();
  await expect(lot).toHaveValue('10');
  await expect(dialog.getByRole('radio', { name: 'Pro rata' })).toBeChecked();
  // A refusal of the server about one field is marked on that field.
  await dialog.getByTestId('placing-code').fill('zzzz');
  await dialog.getByTestId('placing-shares').fill('1000');
  await dialog.getByTestId('placing-save').click();
  await expect(
    dialog.getByText('ZZZZ is not a stock quoted in the US market: a placing is of a listed stock.'),
  ).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'The placing was not saved' })).toHaveCount(0);
  await dialog.getByTestId('placing-code').fill('intc');
  await dialog.getByTestId('placing-discount').fill('45');
  await dialog.getByTestId('placing-shares').fill('1005');
  await dialog.getByTestId('placing-save').click();
  // Refused on their fields before anything is sent.
  await expect(dialog.getByText('Enter a discount from 1% to 30%, at most 2 decimals.')).toBeVisible();
  await expect(dialog.getByText('The shares offered must be whole lots of 10.')).toBeVisible();
  await dialog.getByTestId('placing-discount').fill('7.5');
  await dialog.getByTestId('placing-shares').fill('1000');
  await shot(page, 'console-placing-form');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/web/console/placings') && r.request().method() === 'POST',
  );
  await dialog.getByTestId('placing-save').click();
  const id: number = (await (await created).json()).data.id;
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('The INTC placing was created.')).toBeVisible();

  // Change it: upcoming, so it may.
  await page.getByTestId(`placing-edit-${id}`).click();
  const edit = page.getByRole('dialog', { name: 'Change the INTC placing' });
  await expect(edit.getByTestId('placing-discount')).toHaveValue('7.5');
  await edit.getByTestId('placing-discount').fill('6');
  await edit.getByTestId('placing-save').click();
  await expect(edit).toBeHidden({ timeout: 30_000 });
  const row = page.locator(`tr[data-row-key="${id}"]`);
  await expect(row).toContainText('6% off, fixed at the open');
  await shot(page, 'console-placings');

  // Cancel it: the confirmation states what happens to the money.
  await page.getByTestId(`placing-cancel-${id}`).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the INTC placing' });
  await expect(cancel).toContainText('0 live applications will be cancelled');
  await expect(cancel).toContainText('released in full');
  await cancel.getByLabel('Reason').fill('Issuer postponed the placing');
  await cancel.getByTestId('placing-cancel-ok').click();
  await expect(cancel).toBeHidden({ timeout: 30_000 });
  await expect(row).toContainText('Cancelled');
  await expect(page.getByTestId(`placing-cancel-${id}`)).toHaveCount(0);

  // Each action is on the audit log.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  for (const action of ['placing.create', 'placing.update', 'placing.cancel']) {
    await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
  }

  // The auction monitor, beside Placings.
  await page.getByRole('menuitem', { name: 'Auction orders' }).click();
  await expect(page.getByRole('heading', { name: 'Auction orders' })).toBeVisible();
  await shot(page, 'console-auction-orders');
});

test('a reviewer reads the placings but cannot create or cancel one', async ({ page }) => {
  await signIn(page, 'reviewer', 'Review1234!');
  await page.getByRole('menuitem', { name: 'Placings' }).click();
  await expect(page.getByRole('heading', { name: 'Placings' })).toBeVisible();
  await expect(page.getByText('INTC').first()).toBeVisible();
  await expect(page.getByTestId('placing-create')).toHaveCount(0);
  await expect(page.locator('[data-testid^="placing-cancel-"]')).toHaveCount(0);
});
