import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { Icon } from '../../../../components/Icon';
import { MoneyText } from '../../../../components/money/MoneyText';
import { Page } from '../../../../components/Page';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import type { CloseResult } from '../useCloseForm';

/** What the server settled (sellProfit, fees, net) and what remains open. */
export function CloseDone({ result }: { result: CloseResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const price = usePriceText();
  const { closed, remaining } = result;
  const money = (value: string | null | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={closed.currency} sign={sign} trend={sign === 'always'} />
  );
  return (
    <Page title={t('trading.close.doneTitle')} backFallback={paths.trade()}>
      <div className="transfer-done" data-testid="close-result" data-id={closed.id}>
        <section className="result-card">
          <div className="result-card__icon">
            <Icon name="check" size={28} />
          </div>
          <h2 className="result-card__title">{remaining ? t('trading.close.donePart') : t('trading.close.doneAll')}</h2>
          <p className="result-card__text">{`${closed.stockName} (${closed.stockCode})`}</p>
          <Facts
            rows={[
              { label: t('trading.close.closedQuantity'), value: f.integer(closed.positionNum) },
              { label: t('trading.labels.closePrice'), value: price(closed.sellPrice) },
              {
                label: t('trading.labels.sellProfit'),
                value: money(closed.sellProfit, 'always'),
                testId: 'close-sell-profit',
              },
              { label: t('trading.labels.closeFee'), value: money(closed.closeFee), testId: 'close-result-fee' },
              // Net of both fees: the closed part's share of the opening fee and the closing fee.
              { label: t('trading.labels.netProfit'), value: money(closed.netProfit, 'always'), testId: 'close-net' },
              remaining && {
                label: t('trading.close.remaining'),
                value: f.integer(remaining.positionNum),
                testId: 'close-remaining',
              },
            ]}
          />
        </section>
        <div className="transfer-done__actions">
          {remaining && (
            <Button
              block
              shape="rounded"
              color="primary"
              onClick={() => navigate(paths.tradeDetail(remaining, 'position'), { replace: true })}
              data-testid="close-remaining-link"
            >
              {t('trading.close.toRemaining')}
            </Button>
          )}
          <Button
            block
            shape="rounded"
            color="primary"
            fill={remaining ? 'outline' : 'solid'}
            onClick={() => navigate(paths.trade({ tab: 'closed' }))}
            data-testid="close-to-closed"
          >
            {t('trading.close.toClosed')}
          </Button>
          <Button
            block
            shape="rounded"
            fill="none"
            onClick={() => navigate(paths.transactions())}
            data-testid="close-bill"
          >
            {t('trading.detail.viewBill')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
