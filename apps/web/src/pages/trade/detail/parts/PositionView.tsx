/**
 * One position: its headline and figures, and while open the live profit or loss and the ways to act on it
 * (close, add, add margin, stop-loss and take-profit, each but close in a sheet); closed, its bill.
 */
import type { Position, TradeOrder } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { Icon } from '../../../../components/Icon';
import { InstrumentTitle } from '../../../../components/market/InstrumentTitle';
import { Page } from '../../../../components/Page';
import { SimulatedNotice } from '../../../../components/SimulatedNotice';
import { LockupNotice, lockedUntil } from '../../../../components/trading/Lockup';
import { useLivePosition } from '../../../../components/trading/useLivePosition';
import { AddMarginSheet } from './AddMarginSheet';
import { AddToPositionSheet } from './AddToPositionSheet';
import { PositionFacts } from './PositionFacts';
import { PositionHero } from './PositionHero';
import { PositionOrders } from './PositionOrders';
import { StopsSheet } from './StopsSheet';

type SheetName = 'margin' | 'add' | 'stops' | null;

export function PositionView({ position, orders }: { position: Position; orders: TradeOrder[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const live = useLivePosition(position);
  const [sheet, setSheet] = useState<SheetName>(null);
  const open = position.status === 1;
  const close = () => setSheet(null);
  // A placing's lock-up: Close, Add and the stops wait for the date (the notice says why); margin may be added.
  const locked = lockedUntil(position);

  return (
    <Page
      title={<InstrumentTitle name={position.stockName} detail={position.stockCode} />}
      backFallback={paths.trade()}
      footer={
        open && (
          <div className="trade-buttons">
            <Button
              block
              size="large"
              className="trade-button trade-button--sell"
              onClick={() => navigate(paths.close(position))}
              disabled={locked !== null}
              data-testid="detail-close"
            >
              {t('trading.detail.close')}
            </Button>
            <Button
              block
              size="large"
              color="primary"
              onClick={() => setSheet('add')}
              disabled={locked !== null}
              data-testid="detail-add"
            >
              {t('trading.detail.add')}
            </Button>
          </div>
        )
      }
    >
      <PositionHero position={position} live={live} />
      {locked !== null && <LockupNotice until={locked} />}
      {open && (
        <div className="detail-actions">
          <button
            type="button"
            className="detail-action"
            onClick={() => setSheet('margin')}
            data-testid="detail-margin"
          >
            <Icon name="wallet" size={20} className="detail-action__icon" />
            {t('trading.detail.addMargin')}
          </button>
          <button
            type="button"
            className="detail-action"
            onClick={() => setSheet('stops')}
            disabled={locked !== null}
            data-testid="detail-stops"
          >
            <Icon name="shield" size={20} className="detail-action__icon" />
            {t('trading.detail.stops')}
          </button>
        </div>
      )}
      <PositionFacts position={position} mark={live.mark} />
      {!open && (
        <div className="detail-links">
          <Button block shape="rounded" fill="outline" color="primary" onClick={() => navigate(paths.transactions())}>
            {t('trading.detail.viewBill')}
          </Button>
        </div>
      )}
      <PositionOrders orders={orders} />
      <div className="quote-page__notice">
        <SimulatedNotice compact />
      </div>
      {open && (
        <>
          <AddMarginSheet position={position} visible={sheet === 'margin'} onClose={close} />
          <AddToPositionSheet position={position} visible={sheet === 'add'} onClose={close} />
          <StopsSheet position={position} mark={live.mark} visible={sheet === 'stops'} onClose={close} />
        </>
      )}
    </Page>
  );
}
