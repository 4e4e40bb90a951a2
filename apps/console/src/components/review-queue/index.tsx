/**
 * One review queue (identity, deposits or withdrawals): status tabs, search and pages in the URL,
 * and a drawer with everything needed to decide, where the operator approves (after a confirm) or
 * rejects with a reason the customer sees.
 */
import { ReviewStatus } from '@beurs/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { QueueKind } from '../../api/keys';
import { type QueueRows, useQueue, useTrialBalance } from '../../api/queries';
import { t } from '../../i18n';
import { useQueueParams } from '../../lib/use-queue-params';
import { useTitle } from '../../lib/use-title';
import { ListHeader, ListTable, RefreshButton } from '../list-page';
import { queueColumns } from './parts/queue-columns';
import { ReviewDrawer } from './parts/review-drawer';
import { StatusTabs } from './parts/status-tabs';
import type { QueueConfig } from './types';

export type { QueueConfig, QueueText } from './types';

export function ReviewQueuePage<K extends QueueKind>({
  kind,
  text,
  columns,
  details,
  drawerWidth = 720,
  extraTabs = [],
  approveReference,
}: QueueConfig<K>) {
  useTitle(t(`${kind}.title`));
  const [params, setParams] = useQueueParams();
  const queue = useQueue(kind, params);
  // The trial balance counts the money and identity queues; the others show no count.
  const pending = (useTrialBalance().data?.pending as Partial<Record<QueueKind, number>> | undefined)?.[kind];
  const [selected, setSelected] = useState<QueueRows[K] | null>(null);
  const navigate = useNavigate();
  const allColumns = queueColumns(columns, params.status !== ReviewStatus.Pending, setSelected);

  return (
    <>
      <ListHeader
        title={t(`${kind}.title`)}
        hint={t(`${kind}.hint`)}
        search={{ value: params.q, placeholder: t(`${kind}.searchPlaceholder`), onSearch: (q) => setParams({ q }) }}
        extra={<RefreshButton query={queue} />}
      />
      <StatusTabs
        status={params.status}
        onChange={(status) => setParams({ status })}
        pending={pending}
        extraTabs={extraTabs}
      />
      <ListTable<QueueRows[K]>
        query={queue}
        params={params}
        setParams={setParams}
        columns={allColumns}
        emptyText={params.q ? t(`${kind as QueueKind}.emptySearch`, { q: params.q }) : t(`${kind}.empty`)}
        onRow={(row) => ({ onClick: () => setSelected(row), style: { cursor: 'pointer' } })}
        // Every column has a width; the table scrolls sideways rather than squeeze them.
        scrollX={allColumns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 160), 0)}
      />
      <ReviewDrawer
        kind={kind}
        row={selected}
        text={text}
        details={details}
        approveReference={approveReference}
        width={drawerWidth}
        onClose={() => setSelected(null)}
        onReviewed={setSelected}
        onOpenCustomer={(id) => navigate(`/customers/${id}`)}
      />
    </>
  );
}
