// @vitest-environment happy-dom
/**
 * The trade centre's portfolio summary against a fake server (docs/fixed-income.md "In the trade centre's summary"):
 * the value the server answers already counts the treasury bonds held (converted to EUR as the funding overview
 * converts), and a line under it says how much of it the bonds are; without bonds there is no such line.
 */
import { type Portfolio, trading } from '@beurs/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../app/i18n';
import { fakeApi, renderScreen, setupScreenTests } from '../../../test/render';
import { PortfolioSummary } from './PortfolioSummary';

const serve = (portfolio: Portfolio) =>
  fakeApi().on(trading.positionMe, { list: [], total: 0, page: 1, pageSize: 20, margin: [], portfolio });

setupScreenTests();

describe('the trade centre portfolio summary', () => {
  it('shows the value with the bonds counted, and the bonds part of it', async () => {
    serve({ currency: 'EUR', value: '3412.50', bonds: '2512.50', todayProfit: '-12.00' });
    renderScreen(<PortfolioSummary />, '/pages/trade/index');
    expect((await screen.findByTestId('portfolio-value')).textContent).toBe('€3,412.50');
    expect(screen.getByTestId('portfolio-bonds').textContent).toBe('€2,512.50');
    expect(screen.getByTestId('portfolio-summary').textContent).toContain('of which treasury bonds');
    expect(screen.getByTestId('portfolio-today').textContent).toBe('-€12.00');
  });

  it('says it in Dutch', async () => {
    await switchLanguage('nl');
    serve({ currency: 'EUR', value: '3412.50', bonds: '2512.50', todayProfit: '0.00' });
    renderScreen(<PortfolioSummary />, '/pages/trade/index');
    expect((await screen.findByTestId('portfolio-bonds')).textContent).toBe('€2.512,50');
    expect(screen.getByTestId('portfolio-summary').textContent).toContain('waarvan staatsobligaties');
  });

  it('has no bonds line without bonds', async () => {
    serve({ currency: 'EUR', value: '900.00', bonds: '0.00', todayProfit: '1.00' });
    renderScreen(<PortfolioSummary />, '/pages/trade/index');
    expect((await screen.findByTestId('portfolio-value')).textContent).toBe('€900.00');
    expect(screen.queryByTestId('portfolio-bonds')).toBeNull();
  });
});
