/**
 * Deposit history (SPEC §2 deposit/record, §4): the caller's deposits by status (pending review,
 * audit failure with the operator's reason in full, completed), newest first, page by page.
 *
 * The review-status tag, the time format, the "load more" footer and the small stylesheet of the
 * money screens (deposit, withdraw, bank cards, wallets) live here and are imported by those pages.
 */
import { DATE_TIME_FORMAT, type RechargeRecord, ReviewStatus } from '@beurs/contracts';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReviewFilter, useDepositRecordsQuery } from '../../api/deposit';
import { Icon } from '../../components/Icon';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { copyText } from '../../lib/clipboard';
import { toastFailure, toastSuccess } from '../../lib/toast';

// ------------------------------------------------------------------------------------ shared parts

/** SPEC §9: DD/MM/YYYY hh:mm:ss A. */
export function formatDateTime(ms: number): string {
  return dayjs(ms).format(DATE_TIME_FORMAT);
}

const STATUS_TONE = { 1: 'warn', 2: 'fall', 3: 'rise' } as const;

/** Pending review (yellow), audit failure (red), completed (green). */
export function ReviewTag({ status, kind }: { status: 1 | 2 | 3; kind: 'deposit' | 'withdraw' }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag--${STATUS_TONE[status]}`} data-testid="record-status" data-status={status}>
      {t(`${kind}.status.${status}`)}
    </span>
  );
}

/** The reason an operator gave for refusing, in full. */
export function ReasonNote({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="money-reason" data-testid="record-reason">
      <strong>{t('deposit.record.reason')}</strong>
      <span>{reason || t('deposit.record.noReason')}</span>
    </div>
  );
}

interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/** Loads the next page as the end of the list comes into view; a failure offers a retry. */
export function LoadMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={query.hasNextPage}
      loadMore={async () => {
        const result = await query.fetchNextPage();
        if (result.isError) throw result.error;
      }}
    >
      {(hasMore, failed, retry) =>
        failed ? (
          <button type="button" className="text-link" onClick={() => void retry()}>
            {t('deposit.record.loadMoreFailed')}
          </button>
        ) : hasMore ? (
          <span>{t('common.loading')}</span>
        ) : (
          <span>{t('deposit.record.end')}</span>
        )
      }
    </InfiniteScroll>
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

/** Styles shared by the money screens (React 19 hoists and deduplicates the sheet). */
export function MoneyStyles() {
  return (
    <style href="beurs-money-screens" precedence="default">
      {MONEY_CSS}
    </style>
  );
}

const MONEY_CSS = `
.money-list { display: grid; gap: 10px; margin: 0; padding: 0; list-style: none; }
.money-item {
  padding: 13px 14px;
  border: 1px solid var(--line);
  border-radius: var(--radius);
  background: var(--bg-raised);
}
.money-item__top { display: flex; align-items: flex-start; justify-content: space-between; gap: 10px; }
.money-item__amount { font-size: 17px; font-weight: 650; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.money-item__sub { margin-top: 2px; color: var(--text-2); font-size: 12.5px; overflow-wrap: anywhere; }
.money-item__meta {
  display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px;
  margin-top: 8px; padding-top: 8px; border-top: 1px solid var(--line);
  color: var(--text-3); font-size: 12px; font-variant-numeric: tabular-nums;
}
.money-item__meta span { overflow-wrap: anywhere; }
.money-reason {
  margin-top: 10px; padding: 9px 11px;
  border: 1px solid rgba(253, 0, 92, 0.35); border-radius: var(--radius-s);
  background: var(--fall-soft); font-size: 12.5px; line-height: 1.5;
}
.money-reason strong { display: block; color: #ff4d86; font-weight: 600; }
.money-reason span { display: block; margin-top: 2px; color: var(--text); white-space: pre-wrap; overflow-wrap: anywhere; }
.money-chips { display: flex; flex-wrap: wrap; gap: 8px; min-width: 0; margin: 4px 0 12px; padding: 0; border: 0; overflow-x: auto; scrollbar-width: none; }
.money-chips::-webkit-scrollbar { display: none; }
.money-chip {
  flex: none; min-height: 34px; padding: 6px 10px;
  border: 1px solid var(--line-strong); border-radius: 999px;
  background: var(--bg-input); color: var(--text-2); font-size: 12.5px; font-weight: 600; white-space: nowrap;
}
.money-chip[aria-pressed="true"] { border-color: var(--gold-line); background: var(--gold-soft); color: var(--gold); }
.money-facts { margin: 0; display: grid; gap: 0; }
.money-fact {
  display: flex; align-items: flex-start; justify-content: space-between; gap: 12px;
  padding: 10px 0; border-top: 1px solid var(--line);
}
.money-fact:first-child { border-top: 0; }
.money-fact dt { flex: none; max-width: 42%; color: var(--text-2); font-size: 13px; }
.money-fact dd {
  flex: 1; min-width: 0; margin: 0; display: flex; align-items: flex-start; justify-content: flex-end; gap: 8px;
  color: var(--text); font-size: 13.5px; font-weight: 500; text-align: right; overflow-wrap: anywhere;
}
.money-fact dd .copy-button { flex: none; margin-top: -3px; }
.copy-button--icon { width: 32px; height: 28px; justify-content: center; padding: 0; }
.money-panel { padding: 4px 14px; border: 1px solid var(--line); border-radius: var(--radius); background: var(--bg-raised); }
.money-mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; letter-spacing: 0.01em; overflow-wrap: anywhere; }
.money-mono .adm-text-area-element { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; overflow-wrap: anywhere; }
.money-warning {
  display: flex; gap: 10px; margin: 12px 0; padding: 11px 13px;
  border: 1px solid rgba(245, 184, 61, 0.4); border-radius: var(--radius);
  background: var(--warn-soft); color: var(--text); font-size: 12.5px; line-height: 1.5;
}
.money-warning > svg { flex: none; margin-top: 1px; color: var(--warn); }
.money-warning ul { margin: 0; padding-left: 16px; }
.money-warning li + li { margin-top: 4px; }
.money-warning strong { color: var(--warn); }
.money-section { display: flex; align-items: baseline; justify-content: space-between; gap: 10px; }
.money-section .section-title { margin-bottom: 10px; }
.money-section a, .money-section button { flex: none; font-size: 13px; font-weight: 600; }
.money-confirm { margin: 0; text-align: left; }
.money-confirm .money-fact { padding: 8px 0; }
.money-confirm .money-fact dd { color: var(--text); }
.money-dest { display: grid; gap: 8px; width: 100%; }
.money-dest__option {
  position: relative; display: flex; align-items: center; gap: 12px; padding: 12px 14px;
  border: 1px solid var(--line-strong); border-radius: var(--radius-s); background: var(--bg-input); cursor: pointer;
}
.money-dest__option:has(input:checked) { border-color: var(--gold); background: var(--gold-soft); }
.money-dest__option:has(input:focus-visible) { outline: 2px solid var(--gold); outline-offset: 2px; }
.money-dest__option input { position: absolute; opacity: 0; pointer-events: none; }
.money-dest__icon {
  flex: none; width: 36px; height: 36px; display: grid; place-items: center;
  border-radius: 10px; background: var(--bg-raised-2); color: var(--gold);
}
.money-dest__body { flex: 1; min-width: 0; }
.money-dest__body strong { display: block; font-size: 14.5px; font-weight: 600; overflow-wrap: anywhere; }
.money-dest__body small { display: block; margin-top: 1px; color: var(--text-2); font-size: 12.5px; overflow-wrap: anywhere; }
.money-dest__check { flex: none; color: var(--gold); visibility: hidden; }
.money-dest__option:has(input:checked) .money-dest__check { visibility: visible; }
`;

// ------------------------------------------------------------------------------------------ screen

const FILTERS = [undefined, ReviewStatus.Pending, ReviewStatus.Failed, ReviewStatus.Approved] as const;

function DepositItem({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
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
      {record.status === ReviewStatus.Failed && <ReasonNote reason={record.reason} />}
      <div className="money-item__meta">
        <span>{formatDateTime(record.createTimeTimestamp)}</span>
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
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const records = query.data.pages.flatMap((p) => p.list);
  if (records.length === 0) {
    return (
      <EmptyState
        icon="list"
        title={status ? t('deposit.record.emptyStatus') : t('deposit.record.empty')}
        description={t('deposit.record.emptyText')}
        action={
          <Button shape="rounded" color="primary" onClick={() => navigate('/pages/deposit/index')}>
            {t('deposit.record.depositNow')}
          </Button>
        }
      />
    );
  }
  return (
    <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)}>
      <ul className="money-list" data-testid="deposit-records">
        {records.map((r) => (
          <DepositItem key={r.id} record={r} />
        ))}
      </ul>
      <LoadMore query={query} />
    </PullToRefresh>
  );
}

export function DepositRecordPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReviewFilter>(undefined);
  return (
    <Page backFallback="/pages/deposit/index">
      <MoneyStyles />
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
