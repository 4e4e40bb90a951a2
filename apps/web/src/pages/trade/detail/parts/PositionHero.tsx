/** A position's headline: direction and leverage, status, the live (open) or net (closed) profit or loss. */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { trendOfAmount } from '../../../../components/money/format';
import { MoneyText } from '../../../../components/money/MoneyText';
import { DirectionTag } from '../../../../components/trading/DirectionTag';
import { useFormatters } from '../../../../lib/format';

export function PositionHero({ position, live }: { position: Position; live: { profit: string; zdf: string } }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const open = position.status === 1;
  const money = (value: string | null | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={position.currency} sign={sign} trend={sign === 'always'} />
  );
  return (
    <section
      className="card detail-hero"
      data-testid="position-detail"
      data-id={position.id}
      data-status={position.status}
    >
      <div className="detail-hero__top">
        <DirectionTag direction={position.direction}> {position.leverage}:1</DirectionTag>
        <span className={`tag tag--${open ? 'gold' : 'neutral'}`} data-testid="position-status">
          {t(`trading.positionStatuses.${position.status}`)}
        </span>
      </div>
      <span className="detail-hero__label">
        {open ? t('trading.labels.floatingPL') : t('trading.labels.netProfit')}
      </span>
      <div className="detail-hero__pl">
        <MoneyText
          amount={open ? live.profit : (position.netProfit ?? position.sellProfit)}
          currency={position.currency}
          sign="always"
          trend
          testId={open ? 'detail-profit' : 'detail-net-profit'}
        />
        {open && <span className={`num ${trendOfAmount(live.profit)}`}>{f.ratio(live.zdf)}</span>}
      </div>
      {!open && (
        <span className="detail-hero__label num" data-testid="detail-gross-fees">
          {t('trading.labels.grossProfit')} {money(position.sellProfit, 'always')} · {t('trading.labels.fees')}{' '}
          {money(position.fees)}
        </span>
      )}
      {!open && position.closeReason && (
        <span className={`tag tag--${position.closeReason === 'customer' ? 'neutral' : 'warn'}`}>
          {t(`trading.closeReasons.${position.closeReason}`)}
        </span>
      )}
    </section>
  );
}
