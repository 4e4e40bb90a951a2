/** The portfolio under the trade centre's title. */
import { useTranslation } from 'react-i18next';
import { useHoldingsInfinite } from '../../../api/trading';
import { MoneyText } from '../../../components/money/MoneyText';

/** The portfolio's value (open positions' margin + floating P/L) and today's P/L, from the holdings' first page. */
export function PortfolioSummary() {
  const { t } = useTranslation();
  const query = useHoldingsInfinite();
  const portfolio = query.data?.pages[0]?.portfolio;
  if (!portfolio) return null;
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
    </dl>
  );
}
