/** Every figure of a position: quantity, prices, margin, fees, stops (open), wallet and times. */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';

export function PositionFacts({ position, mark }: { position: Position; mark: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const open = position.status === 1;
  const money = (value: string | null | undefined) => <MoneyText amount={value} currency={position.currency} />;
  const stop = (value: string | null) => (value ? price(value) : t('trading.detail.notSet'));
  return (
    <Facts
      className="card trade-facts--card"
      testId="position-facts"
      rows={[
        { label: t('trading.labels.quantity'), value: f.integer(position.positionNum), testId: 'fact-quantity' },
        { label: t('trading.labels.openPrice'), value: price(position.openPrice), testId: 'fact-open-price' },
        open
          ? { label: t('trading.labels.nowPrice'), value: price(mark), testId: 'fact-now' }
          : { label: t('trading.labels.closePrice'), value: price(position.sellPrice) },
        { label: t('trading.labels.marginHeld'), value: money(position.isolatedPosition), testId: 'fact-margin' },
        { label: t('trading.labels.initialMargin'), value: money(position.initialMargin) },
        { label: t('trading.labels.addedMargin'), value: money(position.addedMargin), testId: 'fact-added-margin' },
        open && { label: t('trading.labels.orderValue'), value: money(position.notional) },
        { label: t('trading.labels.openFee'), value: money(position.openFee) },
        !open && { label: t('trading.labels.closeFee'), value: money(position.closeFee) },
        !open &&
          position.absorbedLoss !== null &&
          Number(position.absorbedLoss) > 0 && {
            label: t('trading.labels.absorbedLoss'),
            value: money(position.absorbedLoss),
          },
        open && { label: t('trading.labels.stopLoss'), value: stop(position.stopLoss), testId: 'fact-stop-loss' },
        open && { label: t('trading.labels.takeProfit'), value: stop(position.takeProfit), testId: 'fact-take-profit' },
        { label: t('trading.labels.wallet'), value: t(`wallets.${position.walletType}`) },
        { label: t('trading.labels.openTime'), value: f.dateTime(position.createTimeTimestamp, 'minutes') },
        !open &&
          position.sellTimeTimestamp !== null && {
            label: t('trading.labels.closeTime'),
            value: f.dateTime(position.sellTimeTimestamp, 'minutes'),
          },
      ]}
    />
  );
}
