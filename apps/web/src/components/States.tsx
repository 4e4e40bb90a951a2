/** Loading, error and empty states: each says what is happening and what the user can do. */
import { ApiError } from '@beurs/api-client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/toast';
import { useDelayed } from '../lib/useDelayed';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';

/** A spinner that appears only if loading takes longer than the page load delay. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const visible = useDelayed(true);
  return (
    <div className="state state--loading" role="status" aria-live="polite" aria-busy="true">
      {visible && (
        <>
          <Spinner size={28} />
          <span>{label ?? t('common.loading')}</span>
        </>
      )}
    </div>
  );
}

interface StateProps {
  icon?: IconName;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
}

export function StateBlock({ icon = 'info', title, description, action, tone = 'neutral' }: StateProps) {
  return (
    <div className={`state state--${tone}`}>
      <div className="state__icon">
        <Icon name={icon} size={30} />
      </div>
      <h2 className="state__title">{title}</h2>
      {description && <p className="state__description">{description}</p>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}

export function EmptyState(props: Omit<StateProps, 'tone'>) {
  return <StateBlock {...props} />;
}

/** A failed load: the server's reason (or "Network Error") and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
  const message = errorMessage(error) ?? t('common.networkError');
  return (
    <StateBlock
      tone="danger"
      icon={offline ? 'wifiOff' : 'alert'}
      title={t('states.loadFailed')}
      description={
        <>
          {message}
          <br />
          {offline ? t('states.checkConnection') : t('states.tryAgainLater')}
        </>
      }
      action={
        onRetry && (
          <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}

/** What QueryBoundary reads of a react-query result (a plain or an infinite query). */
export interface BoundaryQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface QueryBoundaryProps<T> {
  query: BoundaryQuery<T>;
  /** The content, once the answer is there. */
  children: (data: T) => ReactNode;
  /** Whether the answer has nothing to show: then `emptyView`, or an empty state titled `emptyText`. */
  empty?: (data: T) => boolean;
  emptyText?: ReactNode;
  emptyView?: ReactNode;
  /** What shows while loading (a skeleton of the content); the delayed spinner by default. */
  loading?: ReactNode;
  /** Within a line of text: "Loading…", and on failure `errorText` with a retry link instead of the blocks. */
  inline?: boolean;
  errorText?: ReactNode;
  /**
   * Whether a failed refetch leaves the last answer shown (a list refreshed in the background keeps its rows
   * while it has any); by default the failure replaces the content.
   */
  keepOnFailure?: (data: T) => boolean;
  /** With `inline`: the failure and its retry as one bar of this class (a section of a page, not a line of text). */
  errorClassName?: string;
}

/**
 * For QueryBoundary over a page of rows (`{ list }`): empty when it has none, and a failed background refetch keeps
 * the rows shown while there are any. Spread it: `<QueryBoundary query={q} {...PAGED_ROWS} emptyView={…}>`.
 */
export const PAGED_ROWS = {
  empty: (data: { list: readonly unknown[] }) => data.list.length === 0,
  keepOnFailure: (data: { list: readonly unknown[] }) => data.list.length > 0,
};

/**
 * The one way a screen waits for a query: loading, then a failure that says what to do with a retry, then
 * the empty state or the content. A failed refetch shows the failure, as a failed first load does, unless
 * `keepOnFailure` keeps the last answer.
 */
export function QueryBoundary<T>({
  query,
  children,
  empty,
  emptyText,
  emptyView,
  loading,
  inline = false,
  errorText,
  errorClassName,
  keepOnFailure,
}: QueryBoundaryProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <>{loading ?? (inline ? <span>{t('common.loading')}</span> : <Loading />)}</>;
  const kept = query.data !== undefined && keepOnFailure?.(query.data) === true;
  if (query.isError && !kept) {
    if (!inline) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
    const failure = (
      <>
        {errorText && <span>{errorText}</span>}
        <button type="button" className="text-link" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </>
    );
    return errorClassName ? <div className={errorClassName}>{failure}</div> : failure;
  }
  const data = query.data as T;
  if (empty?.(data)) return <>{emptyView ?? <EmptyState title={emptyText} />}</>;
  return <>{children(data)}</>;
}

/**
 * Two queries a screen needs both of, as one for QueryBoundary: loading while either loads, then the first
 * failure (its retry refetches that query), then both answers.
 */
export function bothQueries<A, B>(a: BoundaryQuery<A>, b: BoundaryQuery<B>): BoundaryQuery<[A, B]> {
  const failed = a.isError ? a : b.isError ? b : undefined;
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: failed?.error ?? null,
    isPending: a.isPending || b.isPending,
    isError: failed !== undefined,
    refetch: () => failed?.refetch(),
  };
}
