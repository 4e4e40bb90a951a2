import { ReviewStatus, type WithdrawalRecord, WithdrawalStatus } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useWithdrawalRecordsQuery } from '../../../../api/withdrawal';
import { Button } from '../../../../components/Button';
import { LoadMore } from '../../../../components/LoadMore';
import { MoneyText } from '../../../../components/money/MoneyText';
import { noteServerTime, serverNow } from '../../../../components/money/serverClock';
import { QueryBoundary } from '../../../../components/States';
import { useFormatters } from '../../../../lib/format';
import { ReasonNote, ReviewTag } from '../../../deposit/record';
import { destinationText } from '../destinations';
import { useCancelWithdrawal } from '../useCancelWithdrawal';

function WithdrawalItem({
  record,
  onCancel,
  cancelling,
}: {
  record: WithdrawalRecord;
  onCancel: (record: WithdrawalRecord) => void;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const expectedBy = record.expectedByTimestamp;
  return (
    <li className="money-item" data-testid="withdrawal-record" data-id={record.id}>
      <div className="money-item__top">
        <div className="money-item__main">
          <div className="money-item__amount">
            <MoneyText amount={record.amount} currency={record.currency} />
          </div>
          <div className="money-item__sub">
            {t(`wallets.${record.walletType}`)} → {destinationText(record.destination)}
          </div>
        </div>
        <ReviewTag status={record.status} kind="withdraw" />
      </div>
      {record.status === ReviewStatus.Failed && <ReasonNote reason={record.reason} topic="withdrawal" />}
      {record.status === ReviewStatus.Approved && record.payoutReference && (
        <div className="money-reference" data-testid="record-reference">
          <strong>{t('withdraw.record.reference')}</strong>
          <span className="money-mono">{record.payoutReference}</span>
        </div>
      )}
      {record.status === ReviewStatus.Pending && (
        <>
          <p className="money-item__note">{t('withdraw.record.onHold')}</p>
          {expectedBy !== null && (
            <p className="money-item__note money-item__expected" data-testid="record-expected">
              {serverNow() > expectedBy
                ? t('withdraw.record.late', { time: f.dateTime(expectedBy, 'minutes') })
                : t('withdraw.record.expectedBy', { time: f.dateTime(expectedBy, 'minutes') })}
            </p>
          )}
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            className="money-item__action"
            loading={cancelling}
            onClick={() => onCancel(record)}
            data-testid="withdrawal-cancel"
          >
            {t('withdraw.record.cancel')}
          </Button>
        </>
      )}
      <div className="money-item__meta">
        <span>{f.dateTime(record.createTimeTimestamp)}</span>
        {record.reviewTimeTimestamp && (
          <span>
            {record.status === WithdrawalStatus.Cancelled
              ? t('withdraw.record.cancelledAt')
              : t('withdraw.record.reviewed')}{' '}
            {f.dateTime(record.reviewTimeTimestamp)}
          </span>
        )}
      </div>
    </li>
  );
}

/** The caller's withdrawals (all kinds), newest first. */
export function WithdrawalRecords() {
  const { t } = useTranslation();
  const query = useWithdrawalRecordsQuery();
  const { cancel, pendingId } = useCancelWithdrawal();
  // A record is not from the future: its time tells how far ahead the server's clock may run (SIM_CLOCK_START).
  for (const r of query.data?.pages[0]?.list ?? []) noteServerTime(r.createTimeTimestamp, false);
  return (
    <section aria-label={t('withdraw.record.title')} data-testid="withdrawal-records">
      <h2 className="section-title">{t('withdraw.record.title')}</h2>
      <QueryBoundary
        query={query}
        empty={(data) => data.pages[0]?.total === 0}
        emptyView={<p className="money-empty">{t('withdraw.record.empty')}</p>}
      >
        {(data) => (
          <>
            <ul className="money-list">
              {data.pages
                .flatMap((p) => p.list)
                .map((r) => (
                  <WithdrawalItem key={r.id} record={r} onCancel={cancel} cancelling={pendingId === r.id} />
                ))}
            </ul>
            <LoadMore query={query} endText={t('deposit.record.end')} failedText={t('deposit.record.loadMoreFailed')} />
          </>
        )}
      </QueryBoundary>
    </section>
  );
}
