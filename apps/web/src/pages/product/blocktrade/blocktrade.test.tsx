// @vitest-environment happy-dom
/**
 * product/blocktrade against a fake server: applying needs both criteria and the terms accepted; a refusal shows the
 * reviewer's reason; approved, the ticket blocks a quantity below 10,000 without a call, a wrong transaction
 * password is said in the confirmation (which stays open, nothing bought), and the right one sends checkSecret and
 * then one create with its confirmation, the desk price shown and an idempotency key. The switch above the desk
 * shows the customer's own block trades (empty, listed with a link to the position, or the error state).
 */
import { auth, type BlockPermission, blocktrade, type DataOf, user } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, refuse, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { BlockTradePage } from './index';

const URL = '/pages/product/blocktrade';
type Desk = DataOf<typeof blocktrade.blockList>;
type Created = DataOf<typeof blocktrade.blockCreate>;
type Mine = DataOf<typeof blocktrade.blockTradeList>;

const permission = (status: BlockPermission['status'], reason: string | null = null): BlockPermission => ({
  status,
  reason,
  appliedAtTimestamp: Date.now(),
  decidedAtTimestamp: null,
});

const desk: Desk = {
  list: [
    {
      code: 'AGN',
      name: 'Aegon Ltd.',
      source: 0,
      classify: 'NL',
      currency: 'EUR',
      walletType: 'BALANCE',
      walletCurrency: 'EUR',
      quotePrice: '5.402',
      deskPrice: '5.375',
      discount: '0.005',
      band: '0.02',
      minQuantity: 10_000,
      rate: '1',
      feeRate: '0.001',
      termsVersion: 'stock-1',
      marketOpen: true,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
};

const created = {
  order: { id: 9, currency: 'EUR', priceCurrency: 'EUR', margin: '53750.00', fee: '53.75' },
  position: { id: 31, stockName: 'Aegon Ltd.', stockCode: 'AGN', source: 0 },
  blockTrade: { id: 4, code: 'AGN', quantity: 10_000, quotePrice: '5.402', deskPrice: '5.375', createTimeTimestamp: 1 },
} as unknown as Created;

const noTrades: Mine = { list: [], total: 0, page: 1, pageSize: 20 };

function serve(state: BlockPermission, me = { hasPayPassword: true, kycStatus: 3 }, mine = noTrades): FakeApi {
  return fakeApi()
    .on(blocktrade.blockTradeList, mine)
    .on(blocktrade.blockPermissionRead, state)
    .on(blocktrade.blockPermissionApply, permission('pending'))
    .on(user.userInfoEndpoint, me as DataOf<typeof user.userInfoEndpoint>)
    .on(auth.totpStatus, { enabled: false, recoveryCodesLeft: 0 } as DataOf<typeof auth.totpStatus>)
    .on(blocktrade.blockList, desk)
    .on(blocktrade.blockCheckSecret, (call) =>
      (call.body as { payPassword: string }).payPassword === '246810'
        ? { confirmation: 'c-1', expiresAtTimestamp: Date.now() + 300_000 }
        : refuse(422, 'The transaction password is wrong. 4 attempts left.', 'wrongPayPassword'),
    )
    .on(blocktrade.blockCreate, created);
}

/** The confirmation sheet, once its opening animation lets pointer events through. */
async function openedSheet() {
  return tappable(await screen.findByTestId('confirm-sheet'));
}

/** The approved screen's switch from the desk to the customer's own block trades. */
async function showMine() {
  await screen.findByTestId('block-desk');
  await userEvent.setup().click(screen.getByRole('radio', { name: 'My block trades' }));
}

describe('product/blocktrade', () => {
  setupScreenTests();

  it('applies only with both criteria met and the terms accepted', async () => {
    const api = serve(permission('none'));
    renderScreen(<BlockTradePage />, URL);
    const apply = await screen.findByTestId('block-apply-submit');
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    const u = userEvent.setup();
    await u.click(screen.getByTestId('block-accept'));
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    await u.click(apply);
    await waitFor(() => expect(api.callsTo(blocktrade.blockPermissionApply)).toHaveLength(1));
    expect(api.callsTo(blocktrade.blockPermissionApply)[0]?.body).toEqual({ acceptTerms: true });
  });

  it('does not let a customer without a transaction password apply, and shows the way to set one', async () => {
    serve(permission('none'), { hasPayPassword: false, kycStatus: 3 });
    renderScreen(<BlockTradePage />, URL);
    await screen.findByText('Set it now ›');
    await userEvent.setup().click(screen.getByTestId('block-accept'));
    expect((screen.getByTestId('block-apply-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a refusal with the reviewer's reason and offers to apply again", async () => {
    serve(permission('refused', 'Tell us your trading experience'));
    renderScreen(<BlockTradePage />, URL);
    expect((await screen.findByTestId('block-permission')).textContent).toContain(
      'Reason: Tell us your trading experience',
    );
    expect((await screen.findByTestId('block-apply-submit')).textContent).toBe('Apply again');
  });

  it('blocks fewer than 10,000 shares, answers a wrong password in the sheet, buys with the right one', async () => {
    const api = serve(permission('approved'));
    renderScreen(<BlockTradePage />, URL);
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('block-choose'));
    const quantity = await screen.findByTestId('block-quantity');
    await u.clear(quantity);
    await u.type(quantity, '9999');
    await u.click(screen.getByTestId('block-review'));
    expect(screen.getByTestId('block-quantity-error').textContent).toContain('A block is at least 10,000 shares.');
    expect(screen.queryByTestId('confirm-sheet')).toBeNull();

    await u.type(quantity, '1');
    expect(screen.getByTestId('block-total').textContent).toBe('€537,989.08');
    await u.click(screen.getByTestId('block-review'));
    const sheet = await openedSheet();
    expect(within(sheet).getByTestId('confirm-quantity').textContent).toBe('99,991');

    const password = sheet.querySelector('#block-pay-password') as HTMLInputElement;
    await u.type(password, '000000');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    expect((await within(sheet).findByTestId('block-secret-error')).textContent).toContain('password is wrong');
    expect(api.callsTo(blocktrade.blockCreate)).toHaveLength(0);

    await u.type(password, '246810');
    await u.click(within(sheet).getByTestId('confirm-submit'));
    await screen.findByTestId('block-result');
    const sent = api.callsTo(blocktrade.blockCreate);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      stockCode: 'AGN',
      quantity: 99_991,
      price: '5.375',
      termsVersion: 'stock-1',
      confirmation: 'c-1',
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.callsTo(blocktrade.blockCheckSecret).map((c) => c.body)).toEqual([
      { stockCode: 'AGN', quantity: 99_991, payPassword: '000000' },
      { stockCode: 'AGN', quantity: 99_991, payPassword: '246810' },
    ]);
  });

  it("lists the customer's own block trades behind the switch, each linking to its position", async () => {
    serve(permission('approved'), undefined, {
      list: [
        {
          id: 4,
          code: 'AGN',
          source: 0,
          name: 'Aegon Ltd.',
          currency: 'EUR',
          quantity: 10_000,
          deskPrice: '5.375',
          amount: '53750.00',
          orderId: 9,
          positionId: 31,
          createTimeTimestamp: Date.UTC(2026, 10, 23, 15, 30),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    renderScreen(<BlockTradePage />, URL);
    await showMine();
    const row = await screen.findByTestId('my-block-trade');
    expect(row.textContent).toContain('Aegon Ltd.');
    expect(row.textContent).toContain('10,000');
    expect(row.textContent).toContain('5.375 EUR');
    expect(row.textContent).toContain('53,750.00 EUR');
    expect(within(row).getByTestId('my-block-position').getAttribute('href')).toContain('id=31');
  });

  it('searches the desk on the server by code or name, and says when nothing matches', async () => {
    const api = serve(permission('approved')).on(blocktrade.blockList, (call) => {
      const q = (call.body as { q?: string }).q;
      return !q || 'aegon ltd. agn'.includes(q.toLowerCase()) ? desk : { ...desk, list: [], total: 0 };
    });
    renderScreen(<BlockTradePage />, URL);
    const u = userEvent.setup();
    await screen.findByTestId('block-choose');
    const box = within(screen.getByTestId('block-search')).getByRole('searchbox');
    await u.type(box, 'zzz');
    await screen.findByText('No stock at the desk matches "zzz"');
    await u.clear(box);
    await u.type(box, 'aeg');
    await screen.findByTestId('block-choose');
    const asked = api.callsTo(blocktrade.blockList).map((c) => (c.body as { q?: string }).q);
    expect(asked).toContain('zzz');
    expect(asked).toContain('aeg');
    // Typing is not a request per key: the box asks once the typing pauses.
    expect(asked).not.toContain('z');
  });

  it('says when there are no block trades yet', async () => {
    serve(permission('approved'));
    renderScreen(<BlockTradePage />, URL);
    await showMine();
    await within(await screen.findByTestId('my-block-trades')).findByText('No block trades yet');
  });

  it('shows the error state of the list', async () => {
    serve(permission('approved')).on(blocktrade.blockTradeList, refuse(422, 'Boom'));
    renderScreen(<BlockTradePage />, URL);
    await showMine();
    const list = await screen.findByTestId('my-block-trades');
    await within(list).findByText(/Boom/, undefined, { timeout: 5000 });
  });
});
