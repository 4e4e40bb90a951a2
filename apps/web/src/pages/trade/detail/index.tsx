/**
 * One position or order (SPEC §2 trade/detail; query name, code, source, id, type = position | order; the
 * inbox links with `positionId` or `orderId`). An open position shows its live profit or loss and offers:
 * close (all or part, payment/close), add margin, add to the position, stop-loss and take-profit. A closed
 * one shows its sellProfit, close fee and why it closed. An entrusted order can be cancelled after a
 * confirmation.
 *
 * This file picks what to show; the views and sheets are in parts/, the sheets' form state in use*.ts here.
 */
import { useOrderDetailQuery, usePositionDetailQuery } from '../../../api/trading';
import { paths } from '../../../app/paths';
import { useQueryParams } from '../../../app/useQueryParams';
import { Page } from '../../../components/Page';
import { Missing, NotLoaded } from './parts/NotLoaded';
import { OrderView } from './parts/OrderView';
import { PositionView } from './parts/PositionView';
import '../../../components/trading/trading.css';

const positiveId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function TradeDetailPage() {
  const params = useQueryParams<'name' | 'code' | 'source' | 'id' | 'type' | 'positionId' | 'orderId'>();
  const orderId = positiveId(params.orderId) ?? (params.type === 'order' ? positiveId(params.id) : undefined);
  const positionId = orderId ? undefined : (positiveId(params.positionId) ?? positiveId(params.id));
  if (orderId) return <OrderDetail id={orderId} title={params.name} />;
  if (positionId) return <PositionDetail id={positionId} title={params.name} />;
  return (
    <Page backFallback={paths.trade()}>
      <Missing />
    </Page>
  );
}

function PositionDetail({ id, title }: { id: number; title?: string }) {
  const query = usePositionDetailQuery(id);
  if (query.data) return <PositionView position={query.data.position} orders={query.data.orders} />;
  return <NotLoaded title={title} query={query} />;
}

function OrderDetail({ id, title }: { id: number; title?: string }) {
  const query = useOrderDetailQuery(id);
  if (query.data) return <OrderView order={query.data} onCancelled={() => void query.refetch()} />;
  return <NotLoaded title={title} query={query} />;
}
