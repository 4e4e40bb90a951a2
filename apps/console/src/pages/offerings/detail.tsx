/**
 * One offering: its terms and demand, its subscriptions and its allotment. Admins change it before its window
 * opens and cancel it (with every hold refunded) before it lists.
 */
import { consolePrimary } from '@beurs/contracts';
import { App, Button, Card, Descriptions, Flex, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, isForbidden } from '../../api/client';
import { type ConsoleOffering, useOffering } from '../../api/primary';
import { ListHeader, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { formatAmount, formatCount, formatDecimal } from '../../lib/money';
import { formatTime } from '../../lib/time';
import { useOperator } from '../../lib/use-operator';
import { useTitle } from '../../lib/use-title';
import { mayCall } from '../trading-settings/rules';
import styles from './offerings.module.css';
import { AllotmentView } from './parts/allotment-view';
import { CancelModal } from './parts/cancel-modal';
import { OfferingModal } from './parts/offering-modal';
import { priceRange } from './parts/offerings-table';
import { PhaseTag } from './parts/phase-tag';
import { SubscriptionsTable } from './parts/subscriptions-table';

function Terms({ o }: { o: ConsoleOffering }) {
  return (
    <Descriptions size="small" bordered column={3} className={styles.section} data-testid="offering-terms">
      <Descriptions.Item label={t('offerings.issuer')}>{o.issuer}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.issuerZh')}>{o.issuerZh ?? t('common.none')}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.exchange')}>{`${o.market} · ${o.exchange}`}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.prospectus')}>{formatTime(o.prospectusDateTimestamp)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.window')}>
        {`${formatTime(o.opensAtTimestamp)} – ${formatTime(o.closesAtTimestamp)}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('offerings.listing')}>{formatTime(o.marketDateTimestamp)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.price')}>{priceRange(o)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.lotSize')}>{formatCount(o.lotSize)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.sharesOffered')}>{formatCount(o.sharesOffered)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.feeLabel')}>{formatAmount(o.fee, o.currency)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.fundRaising')}>
        {formatAmount(o.fundRaising, o.currency)}
      </Descriptions.Item>
      <Descriptions.Item label={t('offerings.rule')}>{t(`offerings.rules.${o.allotmentRule}`)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.subscriptions')}>{formatCount(o.subscriptions)}</Descriptions.Item>
      <Descriptions.Item label={t('offerings.demand')} span={2}>
        {t('offerings.coverage', { shares: formatCount(o.sharesApplied), coverage: formatDecimal(o.coverage) })}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function OfferingPage() {
  const id = Number(useParams().id);
  const offering = useOffering(id);
  const operator = useOperator();
  const canWrite = mayCall(operator, consolePrimary.offeringUpdate);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'cancel' | null; seq: number }>({ kind: null, seq: 0 });
  const close = () => setDialog((d) => ({ ...d, kind: null }));
  const open = (kind: 'edit' | 'cancel') => setDialog((d) => ({ kind, seq: d.seq + 1 }));
  useTitle(offering.data ? offering.data.code : t('offerings.title'));

  if (offering.isPending && offering.fetchStatus !== 'idle') return <Skeleton active />;
  if (!offering.data) {
    return (
      <Result
        status={isForbidden(offering.error) ? '403' : '404'}
        title={offering.isError ? t('common.loadFailed') : t('offerings.notFound')}
        subTitle={offering.isError ? errorMessage(offering.error) : undefined}
        extra={<Button onClick={() => navigate('/offerings')}>{t('offerings.back')}</Button>}
      />
    );
  }
  const o = offering.data;
  return (
    <>
      <ListHeader
        title={`${o.code} · ${o.issuer}`}
        hint={t('offerings.simulated')}
        extra={
          <Flex gap={8} align="center">
            <PhaseTag phase={o.phase} />
            <Button onClick={() => navigate('/offerings')}>{t('offerings.back')}</Button>
            <RefreshButton query={offering} />
            {canWrite && o.editable ? <Button onClick={() => open('edit')}>{t('offerings.edit')}</Button> : null}
            {canWrite && o.cancellable ? (
              <Button danger onClick={() => open('cancel')} data-testid="offering-cancel">
                {t('offerings.cancel')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <Terms o={o} />
      <Card title={t('offerings.subscriptionsTitle')} size="small" className={styles.section}>
        <SubscriptionsTable offeringId={o.id} />
      </Card>
      <Card title={t('offerings.allotmentTitle')} size="small" className={styles.section}>
        <AllotmentView offeringId={o.id} />
      </Card>
      {dialog.kind === 'edit' ? (
        <OfferingModal
          key={dialog.seq}
          offering={o}
          onClose={close}
          onSaved={(saved) => {
            void message.success(t('offerings.saved', { code: saved.code }));
            close();
          }}
        />
      ) : null}
      {dialog.kind === 'cancel' ? (
        <CancelModal
          key={dialog.seq}
          offering={o}
          onClose={close}
          onCancelled={(result) => {
            void message.success(t('offerings.cancelled', { n: result.refundedSubscriptions }));
            close();
          }}
        />
      ) : null}
    </>
  );
}
