import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/Icon';
import { trendOfAmount } from '../../../../components/money/format';
import { MoneyText } from '../../../../components/money/MoneyText';
import { DirectionTag } from '../../../../components/trading/DirectionTag';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts } from '../../../../components/trading/Sheet';
import type { useLivePosition } from '../../../../components/trading/useLivePosition';
import { useFormatters } from '../../../../lib/format';

/** The position being closed: open quantity, opening and live closing price, floating P/L; a closed market said. */
export function CloseHero({ position, live }: { position: Position; live: ReturnType<typeof useLivePosition> }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  return (
    <>
      <section className="card detail-hero" data-testid="close-position" data-id={position.id}>
        <div className="detail-hero__top">
          <strong className="ticket-quote__name">{position.stockName}</strong>
          <DirectionTag direction={position.direction}> {position.leverage}:1</DirectionTag>
        </div>
        <Facts
          rows={[
            { label: t('trading.close.open'), value: f.integer(position.positionNum), testId: 'close-open-quantity' },
            { label: t('trading.labels.openPrice'), value: price(position.openPrice) },
            {
              label: position.direction === 0 ? t('trading.close.atBid') : t('trading.close.atAsk'),
              value: price(live.mark),
              testId: 'close-price',
            },
            {
              label: t('trading.labels.floatingPL'),
              value: (
                <span>
                  <MoneyText amount={live.profit} currency={position.currency} sign="always" trend />{' '}
                  <small className={`num ${trendOfAmount(live.profit)}`}>{f.ratio(live.zdf)}</small>
                </span>
              ),
            },
          ]}
        />
      </section>

      {!position.marketOpen && (
        <div className="notice trade-notice">
          <Icon name="clock" size={18} />
          <div>
            <strong>{t('trading.close.closedTitle')}</strong>
            <p>{t('trading.close.closedText')}</p>
          </div>
        </div>
      )}
    </>
  );
}
