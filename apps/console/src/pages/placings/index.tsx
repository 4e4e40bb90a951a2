/**
 * Placings (issue 15, docs/primary-markets.md "Console"): every placing of a listed stock with its demand and, once
 * allotted, the published allotment's inputs. Admins create one here, change it before its window opens and cancel
 * it (every application's hold released) until it is allotted; the job allots at the close.
 */
import { placing } from '@beurs/contracts';
import { App, Button } from 'antd';
import { useState } from 'react';
import { type ConsolePlacing, usePlacings } from '../../api/placings';
import { ListHeader, ListTable, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { formatAmount } from '../../lib/money';
import { useOperator } from '../../lib/use-operator';
import { usePageParams } from '../../lib/use-page-params';
import { useTitle } from '../../lib/use-title';
import { mayCall } from '../trading-settings/rules';
import { CancelPlacingModal } from './parts/cancel-modal';
import { placingColumns } from './parts/columns';
import { PlacingModal } from './parts/placing-modal';

type Dialog =
  | { kind: 'none' }
  | { kind: 'edit'; placing: ConsolePlacing | null; seq: number }
  | {
      kind: 'cancel';
      placing: ConsolePlacing;
    };

export function PlacingsPage() {
  useTitle(t('placings.title'));
  const operator = useOperator();
  const canWrite = mayCall(operator, placing.consolePlacingCreate);
  const [params, setParams] = usePageParams();
  const query = usePlacings({ page: params.page, pageSize: params.pageSize });
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [seq, setSeq] = useState(0);
  const close = () => setDialog({ kind: 'none' });
  const openEditor = (p: ConsolePlacing | null) => {
    setSeq((n) => n + 1);
    setDialog({ kind: 'edit', placing: p, seq: seq + 1 });
  };
  const columns = placingColumns(
    canWrite ? { onEdit: openEditor, onCancel: (p) => setDialog({ kind: 'cancel', placing: p }) } : null,
  );

  return (
    <>
      <ListHeader
        title={t('placings.title')}
        hint={t(canWrite ? 'placings.hintAdmin' : 'placings.hint')}
        extra={
          <>
            <RefreshButton query={query} />
            {canWrite ? (
              <Button type="primary" onClick={() => openEditor(null)} data-testid="placing-create">
                {t('placings.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <ListTable<ConsolePlacing>
        query={query}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={t('placings.empty')}
        scrollX={1400}
      />
      {dialog.kind === 'edit' ? (
        <PlacingModal
          key={dialog.seq}
          placing={dialog.placing}
          onClose={close}
          onSaved={(saved, created) => {
            void message.success(t(created ? 'placings.created' : 'placings.saved', { code: saved.code }));
            close();
          }}
        />
      ) : null}
      {dialog.kind === 'cancel' ? (
        <CancelPlacingModal
          placing={dialog.placing}
          onClose={close}
          onCancelled={(result) => {
            const refunded = result.refunded.map((r) => formatAmount(r.amount, r.currency)).join(', ');
            void message.success(
              t('placings.cancelled', {
                code: result.placing.code,
                n: result.refundedApplications,
                refunded: refunded || '0',
              }),
            );
            close();
          }}
        />
      ) : null}
    </>
  );
}
