/**
 * The bill (SPEC §2 profile/transaction, §3 "Wallet bill"): every posting on the customer's wallets, newest
 * first, page by page, filtered by wallet and by type (kept in the query: `?wallet=BALANCE&type=transfer`),
 * pull to refresh. Transfers that may still be cancelled offer "Cancel transfer".
 */
import { type EntryType, WALLETS, type Wallet } from '@beurs/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { wallet } from '../../api/endpoints';
import { isCancellable, transferEntryOf, useWalletBillInfinite } from '../../api/wallet';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { LoadMore } from '../../components/LoadMore';
import { BillRow } from '../../components/money/BillRow';
import { useCancelTransfer } from '../../components/money/useCancelTransfer';
import { Page } from '../../components/Page';
import { Refreshable } from '../../components/Refreshable';
import { EmptyState, ErrorState } from '../../components/States';

const isWallet = (value: string | null): value is Wallet => WALLETS.includes(value as Wallet);
const isEntryType = (value: string | null): value is EntryType => wallet.ENTRY_TYPES.includes(value as EntryType);

function Chips<V extends string>({
  label,
  all,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  all: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  testId: string;
}) {
  const choices: ReadonlyArray<{ value: V | undefined; label: string }> = [
    { value: undefined, label: all },
    ...options,
  ];
  const row = useRef<HTMLFieldSetElement>(null);
  // The chosen chip stays in view (a deep link to ?wallet=MX, "Clear filters" back to "All").
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice changes
  useEffect(() => {
    const container = row.current;
    const active = container?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!container || !active) return;
    const left = active.offsetLeft - container.offsetLeft;
    if (left < container.scrollLeft || left + active.offsetWidth > container.scrollLeft + container.clientWidth)
      container.scrollTo({ left: Math.max(0, left - 15) });
  }, [value]);
  return (
    <fieldset ref={row} className="chip-row chip-row--compact bill-filter">
      <legend className="sr-only">{label}</legend>
      {choices.map((choice) => {
        const active = choice.value === value;
        return (
          <button
            key={choice.value ?? 'all'}
            type="button"
            className={`chip${active ? ' chip--active' : ''}`}
            aria-pressed={active}
            onClick={() => onChange(choice.value)}
            data-testid={`${testId}-${choice.value ?? 'all'}`}
          >
            {choice.label}
          </button>
        );
      })}
    </fieldset>
  );
}

function BillSkeleton() {
  return (
    <ul className="bill-list" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="bill-row bill-row--skeleton">
          <span className="shimmer" style={{ width: '45%', height: 14 }} />
          <span className="shimmer" style={{ width: '25%', height: 14 }} />
        </li>
      ))}
    </ul>
  );
}

export function TransactionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const walletParam = params.get('wallet');
  const typeParam = params.get('type');
  const walletType = isWallet(walletParam) ? walletParam : undefined;
  const type = isEntryType(typeParam) ? typeParam : undefined;
  const bill = useWalletBillInfinite({ walletType, type });
  const { cancel, pendingId } = useCancelTransfer();
  const items = bill.data?.pages.flatMap((page) => page.list);
  const filtered = Boolean(walletType || type);
  const offered = new Set<number>();

  const setFilter = (key: 'wallet' | 'type', value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Page>
      <Refreshable onRefresh={() => bill.refetch()}>
        <div className="bill-filters">
          <Chips
            label={t('bill.filterWallet')}
            all={t('bill.allWallets')}
            options={WALLETS.map((w) => ({ value: w, label: t(`wallets.${w}`) }))}
            value={walletType}
            onChange={(v) => setFilter('wallet', v)}
            testId="bill-wallet"
          />
          <Chips
            label={t('bill.filterType')}
            all={t('bill.allTypes')}
            options={wallet.CUSTOMER_ENTRY_TYPES.map((v) => ({ value: v, label: t(`bill.filters.${v}`) }))}
            value={type}
            onChange={(v) => setFilter('type', v)}
            testId="bill-type"
          />
        </div>

        {bill.isPending ? (
          <div className="card list-card">
            <BillSkeleton />
          </div>
        ) : bill.isError && !items?.length ? (
          <ErrorState error={bill.error} onRetry={() => bill.refetch()} />
        ) : !items?.length ? (
          <EmptyState
            icon="list"
            title={filtered ? t('bill.emptyFilteredTitle') : t('bill.emptyTitle')}
            description={filtered ? t('bill.emptyFilteredText') : t('bill.emptyText')}
            action={
              filtered ? (
                <Button
                  shape="rounded"
                  color="primary"
                  fill="outline"
                  onClick={() => setParams(new URLSearchParams(), { replace: true })}
                  data-testid="bill-clear-filters"
                >
                  {t('bill.clearFilters')}
                </Button>
              ) : (
                <Button shape="rounded" color="primary" onClick={() => navigate(paths.deposit())}>
                  {t('profile.actions.deposit')}
                </Button>
              )
            }
          />
        ) : (
          <>
            <div className="card list-card">
              <ul className="bill-list" data-testid="bill-list" aria-label={t('routes.profile.transaction')}>
                {items.map((item) => {
                  const entryId = transferEntryOf(item);
                  // A transfer has a line in each wallet: the first one shown carries the button.
                  const cancellable = entryId !== null && isCancellable(item.cancellableUntil) && !offered.has(entryId);
                  if (entryId !== null) offered.add(entryId);
                  return (
                    <BillRow
                      key={item.id}
                      item={item}
                      onCancel={cancellable ? () => void cancel(item.entryId) : undefined}
                      cancelling={pendingId === item.entryId}
                    />
                  );
                })}
              </ul>
            </div>
            <LoadMore query={bill} endText={t('bill.end')} />
          </>
        )}
      </Refreshable>
    </Page>
  );
}
