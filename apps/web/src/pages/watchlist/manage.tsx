import type { WatchlistItem } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWatchlistDeleteMutation, useWatchlistQuery, useWatchlistSortMutation } from '../../api/watchlist';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { QuoteRowSkeleton } from '../../components/market/QuoteRow';
import { Page } from '../../components/Page';
import { EmptyState, PAGED_ROWS, QueryBoundary } from '../../components/States';
import { toastSuccess } from '../../lib/toast';
import './manage.css';

function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}

/** watchlist/manage: remove items (after a confirmation) and change their order (saved at once). */
export function WatchlistManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useWatchlistQuery();
  const sort = useWatchlistSortMutation();
  const remove = useWatchlistDeleteMutation();
  const items = query.data?.list ?? [];
  const ids = items.map((i) => i.id);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    sort.mutate(moved(ids, from, to));
  };

  const confirmRemove = async (item: WatchlistItem) => {
    const ok = await Dialog.confirm({
      title: t('watchlist.removeTitle'),
      content: t('watchlist.removeText', { name: item.name, code: item.stock_code }),
      confirmText: t('watchlist.removeConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    remove.mutate(item, { onSuccess: () => toastSuccess(t('watchlist.removed')) });
  };

  return (
    <Page>
      <QueryBoundary
        query={query}
        loading={<QuoteRowSkeleton rows={6} />}
        {...PAGED_ROWS}
        emptyView={
          <EmptyState
            icon="star"
            title={t('watchlist.emptyTitle')}
            description={t('watchlist.emptyText')}
            action={
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.search())}>
                {t('watchlist.findInstruments')}
              </Button>
            }
          />
        }
      >
        {() => (
          <>
            <p className="page-lead">{t('watchlist.manageLead')}</p>
            <ol className="manage-list card" data-testid="watchlist-manage">
              {items.map((item, index) => (
                <li key={item.id} className="manage-row" data-key={item.key}>
                  <span className="manage-row__who">
                    <span className="manage-row__name">{item.name}</span>
                    <span className="manage-row__code num">{item.stock_code}</span>
                  </span>
                  <span className="manage-row__actions">
                    <button
                      type="button"
                      className="manage-button"
                      aria-label={t('watchlist.moveTop', { name: item.name })}
                      disabled={index === 0}
                      onClick={() => move(index, 0)}
                    >
                      <Icon name="top" size={18} />
                    </button>
                    <button
                      type="button"
                      className="manage-button"
                      aria-label={t('watchlist.moveUp', { name: item.name })}
                      data-testid="move-up"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <Icon name="up" size={18} />
                    </button>
                    <button
                      type="button"
                      className="manage-button"
                      aria-label={t('watchlist.moveDown', { name: item.name })}
                      data-testid="move-down"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <Icon name="down" size={18} />
                    </button>
                    <button
                      type="button"
                      className="manage-button manage-button--danger"
                      aria-label={t('watchlist.removeItem', { name: item.name })}
                      data-testid="remove"
                      onClick={() => void confirmRemove(item)}
                    >
                      <Icon name="trash" size={18} />
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
