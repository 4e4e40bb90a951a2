/** A position or an order before its data (loading, not found, or the error with a retry). */
import { ApiError } from '@beurs/api-client';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../app/paths';
import { Page } from '../../../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../../../components/States';

export function Missing() {
  const { t } = useTranslation();
  return <EmptyState icon="search" title={t('trading.detail.missing')} description={t('trading.detail.missingText')} />;
}

function notFound(error: unknown) {
  return error instanceof ApiError && (error.code === 404 || error.code === 400);
}

export function NotLoaded({
  title,
  query,
}: {
  title?: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  return (
    <Page title={title} backFallback={paths.trade()}>
      {query.isError ? (
        notFound(query.error) ? (
          <Missing />
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )
      ) : (
        <Loading />
      )}
    </Page>
  );
}
