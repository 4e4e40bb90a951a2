import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { MoneyText } from '../../../../components/money/MoneyText';
import { Page } from '../../../../components/Page';
import { SimulatedNotice } from '../../../../components/SimulatedNotice';
import { LockupNotice, lockedUntil } from '../../../../components/trading/Lockup';
import { usePriceText } from '../../../../components/trading/Rows';
import { ConfirmSheet, Facts } from '../../../../components/trading/Sheet';
import { TradeError } from '../../../../components/trading/TradeError';
import { useFormatters } from '../../../../lib/format';
import { type CloseResult, useCloseForm } from '../useCloseForm';
import { CloseHero } from './CloseHero';
import { CloseQuantity } from './CloseQuantity';

export function CloseForm({ position, onDone }: { position: Position; onDone: (result: CloseResult) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const { live, mutation, quantity, estimate, confirm, review, submit } = useCloseForm(position, onDone);
  const money = (value: string | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={position.currency} sign={sign} trend={sign === 'always'} />
  );
  const closingPriceLabel = position.direction === 0 ? t('trading.close.atBid') : t('trading.close.atAsk');
  // A placing's lock-up: the customer cannot close before the date (the server refuses it too).
  const locked = lockedUntil(position);

  return (
    <Page
      title={t('trading.close.title', { code: position.stockCode })}
      backFallback={paths.trade()}
      className="ticket-page"
      footer={
        <Button
          block
          size="large"
          className="trade-button trade-button--sell"
          onClick={review}
          loading={mutation.isPending}
          disabled={locked !== null}
          data-testid="close-submit"
        >
          {quantity.all
            ? t('trading.close.reviewAll')
            : t('trading.close.review', { quantity: quantity.error ? '' : f.integer(quantity.value) })}
        </Button>
      }
    >
      <CloseHero position={position} live={live} />
      {locked !== null && <LockupNotice until={locked} />}
      <CloseQuantity
        open={position.positionNum}
        value={quantity.text}
        onChange={quantity.set}
        error={quantity.shown ? quantity.error : null}
      />

      <section className="card ticket-summary" data-testid="close-summary">
        <Facts
          rows={[
            {
              label: t('trading.close.estimatedPL'),
              value: money(estimate?.profit, 'always'),
              testId: 'close-estimate',
            },
            { label: t('trading.labels.closeFee'), value: money(estimate?.fee), testId: 'close-fee' },
            { label: t('trading.close.released'), value: money(estimate?.released), testId: 'close-released' },
          ]}
        />
        <p className="trade-note">{t('trading.close.estimateNote')}</p>
      </section>

      {mutation.isError && (
        <TradeError
          reveal
          error={mutation.error}
          actions={{ wallet: position.walletType, lockedUntil: position.sellableFromTimestamp }}
        />
      )}
      <SimulatedNotice compact />

      <ConfirmSheet
        visible={confirm.visible}
        onClose={confirm.close}
        title={
          quantity.all
            ? t('trading.close.confirmAll', { code: position.stockCode })
            : t('trading.close.confirmPart', { code: position.stockCode })
        }
        tone="sell"
        pending={mutation.isPending}
        onConfirm={submit}
        confirmText={t('trading.close.submit')}
        note={t('trading.close.confirmNote')}
        rows={[
          { label: t('trading.labels.instrument'), value: `${position.stockName} (${position.stockCode})` },
          {
            label: t('trading.labels.direction'),
            value: `${t(`trading.directions.${position.direction}`)} ${position.leverage}:1`,
          },
          {
            label: t('trading.close.quantity'),
            value: `${f.integer(quantity.value)} / ${f.integer(position.positionNum)}`,
            testId: 'confirm-close-quantity',
          },
          { label: closingPriceLabel, value: `≈ ${price(live.mark)}` },
          { label: t('trading.close.estimatedPL'), value: money(estimate?.profit, 'always') },
          { label: t('trading.labels.closeFee'), value: money(estimate?.fee) },
          { label: t('trading.close.released'), value: money(estimate?.released), strong: true },
        ]}
      />
    </Page>
  );
}
