/**
 * placing/record: the customer's placing applications, newest first, each with its SPEC §4 state, what is held
 * or was paid, the shares allotted and when their lock-up ends. An application whose window is still open may be
 * cancelled after a confirmation that says what is released; the server releases the whole hold.
 */
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type PlacingApplication, usePlacingCancelMutation, usePlacingRecordsInfinite } from '../../api/placing';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { LoadMore } from '../../components/LoadMore';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { StateTag } from '../../components/primary/StateTag';
import { EmptyState, QueryBoundary } from '../../components/States';
import { usePriceText } from '../../components/trading/Rows';
import { Facts } from '../../components/trading/Sheet';
import { useConfirmedCancel } from '../../components/useConfirmedCancel';
import { useFormatters } from '../../lib/format';
import '../../components/trading/trading.css';
import '../../components/primary/primary.css';

/** Cancel after a confirmation naming the application and what its cancellation releases (useConfirmedCancel). */
function useCancelApplication() {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = useMoneyFormat();
  // The call takes no key: a cancelled application answers as it is, moving nothing.
  const confirmed = useConfirmedCancel(usePlacingCancelMutation(), {
    variables: (id) => id,
    idOf: (id) => id,
    done: t('placing.record.cancel.done'),
  });
  const cancel = (a: PlacingApplication) =>
    confirmed.cancel(a.id, {
      title: t('placing.record.cancel.title'),
      content: (
        <div className="confirm-transfer" data-testid="placing-cancel-confirm">
          <p>{t('placing.record.cancel.text', { quantity: f.integer(a.quantity), code: a.code })}</p>
          <p className="confirm-transfer__note">
            {t('placing.record.cancel.release', { amount: money.amount(a.amountPending, { currency: a.currency }) })}
          </p>
        </div>
      ),
      confirmText: t('placing.record.cancel.confirm'),
      cancelText: t('placing.record.cancel.keep'),
    });
  return { cancel, pendingId: confirmed.pendingId };
}

function RecordRow({ a, cancel }: { a: PlacingApplication; cancel: ReturnType<typeof useCancelApplication> }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const money = (v: string) => <MoneyText amount={v} currency={a.currency as Currency} />;
  const held = a.status === 'subscribed' || a.status === 'waitingAllotment';
  return (
    <li className="card trade-row" data-testid="placing-record" data-id={a.id} data-state={a.status}>
      <div className="trade-row__head">
        <span className="trade-row__name">{a.name}</span>
        <StateTag state={a.status} />
      </div>
      <div className="trade-row__sub num">
        <span>
          {a.code} · {t(`placing.kinds.${a.kind}`)}
        </span>
        <span>{f.dateTime(a.createTimeTimestamp, 'minutes')}</span>
      </div>
      <Facts
        rows={[
          { label: t('ipo.labels.quantity'), value: f.integer(a.quantity) },
          { label: t('placing.labels.price'), value: `${price(a.price)} ${a.priceCurrency}` },
          // Cancelled (by the customer or the operator): nothing was paid, the whole hold went back to the wallet.
          a.status === 'cancelled'
            ? { label: t('ipo.tab.held'), value: t('placing.record.released'), testId: 'placing-record-released' }
            : held
              ? { label: t('ipo.tab.held'), value: money(a.amountPending), testId: 'placing-record-held' }
              : { label: t('ipo.tab.paid'), value: money(a.amountPaid), testId: 'placing-record-paid' },
          a.allottedQuantity !== null && {
            label: t('ipo.labels.allottedQuantity'),
            value: f.integer(a.allottedQuantity),
            testId: 'placing-record-allotted',
          },
          (a.allottedQuantity ?? 0) > 0 && {
            label: t('placing.labels.lockupEnds'),
            value: f.dateTime(a.lockupEndsTimestamp, 'date'),
          },
        ]}
      />
      {a.status === 'subscribed' && (
        <Button
          size="small"
          fill="outline"
          loading={cancel.pendingId === a.id}
          data-testid="placing-record-cancel"
          onClick={() => void cancel.cancel(a)}
        >
          {t('placing.record.cancel.button')}
        </Button>
      )}
    </li>
  );
}

export function PlacingRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = usePlacingRecordsInfinite();
  const cancel = useCancelApplication();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page>
      <QueryBoundary
        query={query}
        empty={() => list.length === 0}
        emptyView={
          <EmptyState
            icon="list"
            title={t('placing.record.empty')}
            description={t('placing.record.emptyText')}
            action={
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.placings())}>
                {t('placing.record.toPlacings')}
              </Button>
            }
          />
        }
        keepOnFailure={() => list.length > 0}
      >
        {() => (
          <>
            <ul className="trade-list" data-testid="placing-records">
              {list.map((a) => (
                <RecordRow key={a.id} a={a} cancel={cancel} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('placing.record.end')} />
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
