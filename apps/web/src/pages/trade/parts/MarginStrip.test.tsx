// @vitest-environment happy-dom
/**
 * The trade centre's margin strip: each wallet's margin level as a percentage in the language's number format
 * (the server sends it as a decimal string with 2 places).
 */
import type { MarginSummary } from '@beurs/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../app/i18n';
import { renderScreen, setupScreenTests } from '../../../test/render';
import { MarginStrip } from './MarginStrip';

const margin = (over: Partial<MarginSummary> = {}): MarginSummary => ({
  walletType: 'STOCK',
  currency: 'EUR',
  equity: '1234.56',
  requiredMargin: '1237.65',
  marginLevel: '99.75',
  closeOutLevel: '50',
  fullyPaid: false,
  ...over,
});

setupScreenTests();

describe('the margin strip', () => {
  it('shows the margin level with the separators of the language', async () => {
    renderScreen(<MarginStrip margins={[margin({ marginLevel: '1234.5' })]} />, '/pages/trade/index');
    expect((await screen.findByTestId('margin-level')).textContent).toBe('1,234.50%');
  });

  it('says it in Dutch', async () => {
    await switchLanguage('nl');
    renderScreen(<MarginStrip margins={[margin()]} />, '/pages/trade/index');
    expect((await screen.findByTestId('margin-level')).textContent).toBe('99,75%');
  });
});
