/**
 * Deposit history (SPEC §2 deposit/record, §4): the caller's deposits by status (pending review,
 * audit failure with the operator's reason in full, completed), newest first, page by page.
 *
 * The review-status tag, the time format, the copy button and the facts list of the money screens
 * (deposit, withdraw, bank cards, wallets) live here and are imported by those pages; their styles are in
 * components/money/money.css.
 */
import { type RechargeRecord, ReviewStatus } from '@beurs/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReviewFilter, useDepositRecordsQuery } from '../../api/deposit';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { LoadMore } from '../../components/LoadMore';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { Refreshable } from '../../components/Refreshable';
import { EmptyState, QueryBoundary } from '../../components/States';
import { SupportLink } from '../../components/SupportLink';
import { copyText } from '../../lib/clipboard';
import { useFormatters } from '../../lib/format';
import { toastFailure, toastSuccess } from '../../lib/toast';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

// ------------------------------------------------------------------------------------ shared parts

const STATUS_TONE = { 1: 'warn', 2: 'fall', 3: 'rise', 4: 'neutral' } as const;

/** Pending review (yellow), audit failure (red), completed (green); a withdrawal the customer cancelled (grey). */
export function ReviewTag(props: { status: 1 | 2 | 3; kind: 'deposit' } | { status: 1 | 2 | 3 | 4; kind: 'withdraw' }) {
  const { t } = useTranslation();
  const { status } = props;
  return (
    <span className={`tag tag--${STATUS_TONE[status]}`} data-testid="record-status" data-status={status}>
      {props.kind === 'withdraw' ? t(`withdraw.status.${props.status}`) : t(`deposit.status.${props.status}`)}
    </span>
  );
}

/** The reason an operator gave for refusing, in full. */
/** A refusal's reason, and the way to customer service about it (`topic`: deposit or withdrawal). */
export function ReasonNote({ reason, topic }: { reason: string | null; topic: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="money-reason" data-testid="record-reason">
        <strong>{t('deposit.record.reason')}</strong>
        <span>{reason || t('deposit.record.noReason')}</span>
      </div>
      <SupportLink topic={topic} testId="record-support" />
    </>
  );
}

/** A small "Copy" button for an address, IBAN or other detail. */
export function CopyButton({
  text,
  label,
  testId,
  compact,
}: {
  text: string;
  label: string;
  testId?: string;
  /** Only the icon (rows of details, where "Copy" in every row would squeeze the values). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };
  return (
    <button
      type="button"
      className={`copy-button${compact ? ' copy-button--icon' : ''}`}
      onClick={copy}
      aria-label={t('deposit.copyWhat', { what: label })}
      title={t('deposit.copyWhat', { what: label })}
      data-testid={testId}
    >
      <Icon name="copy" size={compact ? 16 : 14} />
      {!compact && t('common.copy')}
    </button>
  );
}

/** A label and a value, optionally copyable, in a definition list of the money screens. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="money-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

// ------------------------------------------------------------------------------------------ screen

const FILTERS = [undefined, ReviewStatus.Pending, ReviewStatus.Failed, ReviewStatus.Approved] as const;

function DepositItem({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <li className="money-item" data-testid="deposit-record" data-id={record.id}>
      <div className="money-item__top">
        <div>
          <div className="money-item__amount">
            <MoneyText amount={record.amount} currency={record.currency} />
          </div>
          <div className="money-item__sub">
            {record.network
              ? t('deposit.assetOnNetwork', { asset: record.asset, network: record.network })
              : t('deposit.bankAsset', { asset: record.asset })}
            {' · '}
            {t('deposit.creditedTo', { wallet: t(`wallets.${record.walletType}`) })}
          </div>
        </div>
        <ReviewTag status={record.status} kind="deposit" />
      </div>
      {record.status === ReviewStatus.Failed && <ReasonNote reason={record.reason} topic="deposit" />}
      <div className="money-item__meta">
        <span>{f.dateTime(record.createTimeTimestamp)}</span>
        {record.txHash && (
          <span className="money-mono" title={record.txHash}>
            {t('deposit.record.hash')}: {shorten(record.txHash)}
          </span>
        )}
      </div>
    </li>
  );
}

/** "0x12ab…9f3c": enough to recognise a long hash or address. */
export function shorten(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

function DepositRecords({ status }: { status: ReviewFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useDepositRecordsQuery(status);
  return (
    <QueryBoundary
      query={query}
      empty={(data) => data.pages.every((p) => p.list.length === 0)}
      emptyView={
        <EmptyState
          icon="list"
          title={status ? t('deposit.record.emptyStatus') : t('deposit.record.empty')}
          description={t('deposit.record.emptyText')}
          action={
            <Button shape="rounded" color="primary" onClick={() => navigate(paths.deposit())}>
              {t('deposit.record.depositNow')}
            </Button>
          }
        />
      }
    >
      {(data) => (
        <Refreshable onRefresh={() => query.refetch()}>
          <ul className="money-list" data-testid="deposit-records">
            {data.pages
              .flatMap((p) => p.list)
              .map((r) => (
                <DepositItem key={r.id} record={r} />
              ))}
          </ul>
          <LoadMore query={query} endText={t('deposit.record.end')} failedText={t('deposit.record.loadMoreFailed')} />
        </Refreshable>
      )}
    </QueryBoundary>
  );
}

export function DepositRecordPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReviewFilter>(undefined);
  return (
    <Page backFallback={paths.deposit()}>
      <fieldset className="money-chips" aria-label={t('deposit.record.filter')}>
        {FILTERS.map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            className="money-chip"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            data-testid={`deposit-filter-${s ?? 'all'}`}
          >
            {s ? t(`deposit.status.${s}`) : t('deposit.record.all')}
          </button>
        ))}
      </fieldset>
      <DepositRecords key={status ?? 'all'} status={status} />
    </Page>
  );
}
