// @vitest-environment happy-dom
/**
 * A position's stop-loss and take-profit sheet against a fake server: the instrument's quote, asked for when the
 * sheet opens, gives the price step (its `priceDecimals`), and a price between two steps is refused at the field,
 * in the reader's language and number format, before anything is sent. Without the quote the server's check
 * (422 priceOffTick) is what the customer reads.
 */
import { market, type Quote, trading } from '@beurs/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../app/i18n';
import { positionOf } from '../../../test/positions';
import { quoteOf } from '../../../test/quotes';
import { fakeApi, type Refusal, refuse, renderScreen, setupScreenTests, tappable } from '../../../test/render';
import { TradeDetailPage } from '.';

const intel = quoteOf({ key: '0:INTC', stock_code: 'INTC', name: 'Intel', currency: 'USD', currencySymbol: '$' });

/** The text box of a sheet field (the test id is on antd-mobile's wrapper). */
const box = (testId: string) => within(screen.getByTestId(testId)).getByRole<HTMLInputElement>('textbox');

const serve = (quote: Quote | Refusal) =>
  fakeApi()
    .on(trading.positionDetail, { position: positionOf(), orders: [] })
    .on(trading.setStopProfitLoss, (call) => positionOf(call.body as object))
    .on(market.stockDetail, quote);

async function openStops() {
  renderScreen(<TradeDetailPage />, '/pages/trade/detail?id=7');
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('detail-stops'));
  await tappable(await screen.findByTestId('stops-sheet'));
  return user;
}

describe('the stops sheet', () => {
  setupScreenTests();

  it("takes prices only in the instrument's steps, read from its quote once the sheet opens", async () => {
    const api = serve(intel);
    renderScreen(<TradeDetailPage />, '/pages/trade/detail?id=7');
    await screen.findByTestId('detail-stops');
    // Closed, the sheet asks for nothing.
    expect(api.callsTo(market.stockDetail)).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('detail-stops'));
    await tappable(await screen.findByTestId('stops-sheet'));
    await waitFor(() => expect(api.callsTo(market.stockDetail)).toHaveLength(1));
    expect(api.callsTo(market.stockDetail)[0]?.query).toMatchObject({ code: 'INTC', source: '0' });

    await user.type(box('stop-loss'), '17.005');
    await user.type(box('take-profit'), '25');
    await user.click(screen.getByTestId('stops-submit'));
    expect(screen.getByText('Prices of INTC go in steps of 0.01.')).toBeTruthy();
    expect(box('stop-loss').getAttribute('aria-invalid')).toBe('true');
    expect(box('take-profit').getAttribute('aria-invalid')).toBe('false');
    expect(api.callsTo(trading.setStopProfitLoss)).toHaveLength(0);

    await user.clear(box('stop-loss'));
    await user.type(box('stop-loss'), '17.05');
    expect(screen.queryByText('Prices of INTC go in steps of 0.01.')).toBeNull();
    await user.click(screen.getByTestId('stops-submit'));
    await waitFor(() => expect(api.callsTo(trading.setStopProfitLoss)).toHaveLength(1));
    expect(api.callsTo(trading.setStopProfitLoss)[0]?.body).toEqual({ id: 7, stopLoss: '17.05', takeProfit: '25' });
  });

  it('says the step in Dutch with its decimal comma, for an instrument priced in thousandths', async () => {
    await switchLanguage('nl');
    const api = serve({ ...intel, priceDecimals: 3 });
    const user = await openStops();
    await waitFor(() => expect(api.callsTo(market.stockDetail)).toHaveLength(1));
    await user.type(box('take-profit'), '25,0005');
    await user.click(screen.getByTestId('stops-submit'));
    expect(screen.getByText('Koersen van INTC gaan in stappen van 0,001.')).toBeTruthy();
    expect(box('take-profit').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(trading.setStopProfitLoss)).toHaveLength(0);
    // Three decimals are on the step.
    await user.clear(box('take-profit'));
    await user.type(box('take-profit'), '25,005');
    await user.click(screen.getByTestId('stops-submit'));
    await waitFor(() =>
      expect(api.callsTo(trading.setStopProfitLoss)[0]?.body).toMatchObject({ takeProfit: '25.005' }),
    );
  });

  it("leaves the step to the server when the quote cannot be read, and shows the server's words", async () => {
    const words = 'Prices of INTC go in steps of 0.01: enter a price with no more decimals than that.';
    const api = serve(refuse(404, 'Not found'));
    api.on(trading.setStopProfitLoss, refuse(422, words, 'priceOffTick'));
    const user = await openStops();
    await waitFor(() => expect(api.callsTo(market.stockDetail)).toHaveLength(1));
    await user.type(box('stop-loss'), '17.005');
    await user.click(screen.getByTestId('stops-submit'));
    const error = await screen.findByTestId('trade-error');
    expect(error.dataset.reason).toBe('priceOffTick');
    expect(error.textContent).toContain(words);
    expect(api.callsTo(trading.setStopProfitLoss)[0]?.body).toMatchObject({ stopLoss: '17.005' });
  });
});
