/** A list the customer pulls down to refresh: antd-mobile's PullToRefresh with the app's words. */
import { PullToRefresh } from 'antd-mobile';
import '../app/antdMobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={onRefresh}
      pullingText={t('market.pullToRefresh')}
      canReleaseText={t('market.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('market.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
