/**
 * Closing a position, all or part (SPEC §2 payment/close; query name, code, source, direction, id = the
 * position): the quantity with 25 / 50 / 75 % and All, the live closing price (bid for a long, ask for a
 * short), and for that part the estimated profit or loss, close fee and margin released; a confirmation
 * sheet; then what the server settled (sellProfit, fee) and what remains open. The form's state is
 * `useCloseForm`; the parts are in `parts/`.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePositionDetailQuery } from '../../../api/trading';
import { paths } from '../../../app/paths';
import { useQueryParams } from '../../../app/useQueryParams';
import { Page } from '../../../components/Page';
import { EmptyState, ErrorState, Loading } from '../../../components/States';
import { CloseDone } from './parts/CloseDone';
import { CloseForm } from './parts/CloseForm';
import type { CloseResult } from './useCloseForm';
import '../../../components/trading/trading.css';

export function PaymentClosePage() {
  const { t } = useTranslation();
  const params = useQueryParams<'name' | 'id'>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePositionDetailQuery(valid ? id : undefined);
  const [result, setResult] = useState<CloseResult | null>(null);

  if (result) return <CloseDone result={result} />;
  if (!valid)
    return (
      <Page backFallback={paths.trade()}>
        <EmptyState icon="search" title={t('trading.detail.missing')} description={t('trading.close.chooseText')} />
      </Page>
    );
  if (query.data) {
    const { position } = query.data;
    if (position.status !== 1)
      return (
        <Page backFallback={paths.trade()}>
          <EmptyState
            icon="check"
            title={t('trading.close.alreadyClosed')}
            description={t('trading.close.alreadyClosedText')}
          />
        </Page>
      );
    return <CloseForm key={position.id} position={position} onDone={setResult} />;
  }
  return (
    <Page title={params.name} backFallback={paths.trade()}>
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : <Loading />}
    </Page>
  );
}
