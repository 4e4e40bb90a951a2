/** The portfolio under the trade centre's title. */
import { useTranslation } from 'react-i18next';
import { useHoldingsInfinite } from '../../../api/trading';
import { MoneyText } from '../../../components/money/MoneyText';

/**
 * The portfolio's value (open positions' margin + floating P/L, and the treasury bonds held at the bid with their
 * accrued interest, all in EUR as the server converts them) and today's P/L, from the holdings' first page. With
 * bonds held, a line under it says how much of the value they are (docs/fixed-income.md "In the trade centre").
 */
export function PortfolioSummary() {
  const { t } = useTranslation();
  const query = useHoldingsInfinite();
  const portfolio = query.data?.pages[0]?.portfolio;
  if (!portfolio) return null;
  const withBonds = Number(portfolio.bonds) > 0;
  return (
    <dl className="portfolio-summary" data-testid="portfolio-summary">
      <div>
        <dt>{t('trading.index.portfolioValue')}</dt>
        <dd>
          <MoneyText amount={portfolio.value} currency={portfolio.currency} testId="portfolio-value" />
        </dd>
      </div>
      <div>
        <dt>{t('trading.index.todayProfit')}</dt>
        <dd>
          <MoneyText
            amount={portfolio.todayProfit}
            currency={portfolio.currency}
            sign="always"
            trend
            testId="portfolio-today"
          />
        </dd>
      </div>
      {withBonds && (
        <div className="portfolio-summary__bonds">
          <dt>{t('trading.index.portfolioBonds')}</dt>
          <dd>
            <MoneyText amount={portfolio.bonds} currency={portfolio.currency} testId="portfolio-bonds" />
          </dd>
        </div>
      )}
    </dl>
  );
}
