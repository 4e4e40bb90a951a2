// @vitest-environment happy-dom
/**
 * A placing's lock-up on the position screens against a fake server (docs/primary-markets.md "Lock-up"): while
 * sellableFromTimestamp is ahead, trade/detail says "Locked up until <date>" and disables Close, Add and the stops,
 * and payment/close disables its button; once it has passed (or for an ordinary position) they are as before. A
 * refusal the server still gives (positionLockedUp) is said with the date in the device's time zone.
 */

import { ApiError } from '@beurs/api-client';
import { type Position, trading } from '@beurs/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TradeError } from '../../../components/trading/TradeError';
import { createFormatters } from '../../../lib/format';
import { positionOf } from '../../../test/positions';
import { fakeApi, renderScreen, setupScreenTests } from '../../../test/render';
import { PaymentClosePage } from '../../payment/close';
import { TradeDetailPage } from '.';

const HOUR = 3_600_000;

const positionWith = (sellableFromTimestamp: number | null) => positionOf({ sellableFromTimestamp });

const serve = (p: Position) => fakeApi().on(trading.positionDetail, { position: p, orders: [] });
const dateOf = (ms: number) => createFormatters('en').dateTime(ms, 'minutes');

setupScreenTests();

describe('trade/detail of a placed position', () => {
  it('says until when it is locked up and disables Close, Add and the stops', async () => {
    const until = Date.now() + 24 * HOUR;
    serve(positionWith(until));
    renderScreen(<TradeDetailPage />, '/pages/trade/detail?id=7');
    const notice = await screen.findByTestId('lockup-notice');
    expect(notice.textContent).toContain(`Locked up until ${dateOf(until)}`);
    expect(screen.getByTestId('detail-close')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('detail-add')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('detail-stops')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('detail-margin')).toHaveProperty('disabled', false);
  });

  it('is as any position once the date has passed, and so is an ordinary position', async () => {
    for (const sellableFrom of [Date.now() - HOUR, null]) {
      serve(positionWith(sellableFrom));
      const view = renderScreen(<TradeDetailPage />, '/pages/trade/detail?id=7');
      expect(await screen.findByTestId('detail-close')).toHaveProperty('disabled', false);
      expect(screen.queryByTestId('lockup-notice')).toBeNull();
      expect(screen.getByTestId('detail-stops')).toHaveProperty('disabled', false);
      view.unmount();
    }
  });
});

describe('payment/close of a placed position', () => {
  it('disables the close while locked up', async () => {
    serve(positionWith(Date.now() + HOUR));
    renderScreen(<PaymentClosePage />, '/pages/payment/close?id=7');
    expect(await screen.findByTestId('lockup-notice')).toBeTruthy();
    expect(screen.getByTestId('close-submit')).toHaveProperty('disabled', true);
  });

  it('enables it from the date on', async () => {
    serve(positionWith(Date.now() - HOUR));
    renderScreen(<PaymentClosePage />, '/pages/payment/close?id=7');
    expect(await screen.findByTestId('close-submit')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('lockup-notice')).toBeNull();
  });
});

describe('the refusal', () => {
  it('is said with the date in the device’s time zone', () => {
    const until = Date.now() + HOUR;
    const error = new ApiError('server', 'locked up until 2026-11-29 10:00 (UTC)', 422, undefined, 'positionLockedUp');
    render(<TradeError error={error} actions={{ lockedUntil: until }} />);
    const shown = screen.getByTestId('trade-error');
    expect(shown.textContent).toContain(`This position is locked up until ${dateOf(until)}`);
    expect(shown.getAttribute('data-reason')).toBe('positionLockedUp');
  });
});
