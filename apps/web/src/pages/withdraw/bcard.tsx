/**
 * Withdraw (SPEC §2 withdraw/bcard and withdraw/vm, docs/money.md "Withdrawals"): from a wallet (default
 * BALANCE) to one of the caller's bank cards or crypto wallets. Shows what may be withdrawn now (with
 * "All"), asks for the transaction password and a confirmation, then says the request waits for review
 * with the amount on hold. Nothing but the transaction password is ever asked for. Below the form, the
 * caller's withdrawals with their status and the reason of a refusal.
 *
 * Both routes render `WithdrawScreen`; they differ only in the kind of destination.
 */
import { ApiError } from '@beurs/api-client';
import {
  type BankCard,
  type CryptoWallet,
  Decimal,
  ReviewStatus,
  rules,
  type Wallet,
  type WithdrawalRecord,
  WithdrawalStatus,
  wallet,
} from '@beurs/contracts';
import { Button, Dialog, Form, Input, Segmented } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useBankCardsQuery, useCryptoWalletsQuery } from '../../api/cards';
import { useTotpStatusQuery } from '../../api/totp';
import { useUserInfoQuery } from '../../api/user';
import {
  useUsableWithdrawalQuery,
  useWithdrawalApplyMutation,
  useWithdrawalCancelMutation,
  useWithdrawalRecordsQuery,
} from '../../api/withdrawal';
import { canGoBack, PROFILE_PATH } from '../../app/navigation';
import { AppForm, Field } from '../../components/AppForm';
import { Icon } from '../../components/Icon';
import { LoadMore } from '../../components/LoadMore';
import { AmountInput } from '../../components/money/AmountInput';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { noteServerTime, serverNow } from '../../components/money/serverClock';
import { WalletPicker } from '../../components/money/WalletPicker';
import { Page } from '../../components/Page';
import { PasswordInput } from '../../components/PasswordInput';
import { ErrorState, Loading, StateBlock } from '../../components/States';
import { useFormatters } from '../../lib/format';
import { optionalText, schemaRule } from '../../lib/formRules';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toastError, toastSuccess } from '../../lib/toast';
import { maskAccountNumber } from '../bcard/index';
import { Fact, ReasonNote, ReviewTag, shorten } from '../deposit/record';
import { networkLabel } from '../vm/index';
import '../../components/money/money.css';

export type DestinationKind = 'bank' | 'crypto';

const PATHS: Record<DestinationKind, { self: string; add: string; manage: string }> = {
  bank: { self: '/pages/withdraw/bcard', add: '/pages/bcard/modify', manage: '/pages/bcard/index' },
  crypto: { self: '/pages/withdraw/vm', add: '/pages/vm/modify', manage: '/pages/vm/index' },
};

interface WithdrawValues {
  walletType: Wallet;
  accountId?: number;
  amount: string;
  payPassword: string;
  totpCode?: string;
}

type Destination = BankCard | CryptoWallet;

const accountRule = schemaRule(wallet.withdrawalApply.request.shape.accountId);
const amountRule = schemaRule(rules.amount);
const payPasswordRule = schemaRule(rules.payPassword);
const walletRule = schemaRule(wallet.walletType);

/** "ING Bank •••• 4300" or "USDT · TRC20 TQ4b…x9Lm": where the money goes, short. */
export function destinationText(d: WithdrawalRecord['destination'] | Destination): string {
  return d.kind === 'bank'
    ? `${d.bankName} ${maskAccountNumber(d.cardNo)}`
    : `${networkLabel(d.currencyType)} ${shorten(d.address, 8, 6)}`;
}

/** The caller's cards or wallets as a radio list (a form control: value is the account id). */
function DestinationPicker({
  id,
  value,
  onChange,
  items,
  footer,
}: {
  id?: string;
  value?: number;
  onChange?: (id: number) => void;
  items: Destination[];
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} role="radiogroup" aria-label={t('withdraw.destination')} className="money-dest">
      {items.map((item) => (
        <label key={item.id} className="money-dest__option" data-testid={`withdraw-destination-${item.id}`}>
          <input
            type="radio"
            name="withdraw-destination"
            value={item.id}
            checked={value === item.id}
            onChange={() => onChange?.(item.id)}
          />
          <span className="money-dest__icon">
            <Icon name={item.kind === 'bank' ? 'card' : 'coin'} size={18} />
          </span>
          <span className="money-dest__body">
            {item.kind === 'bank' ? (
              <>
                <strong>{item.bankName}</strong>
                <small>
                  <span className="money-mono">{maskAccountNumber(item.cardNo)}</span> · {item.holderName}
                </small>
              </>
            ) : (
              <>
                <strong>{networkLabel(item.currencyType)}</strong>
                <small className="money-mono">{shorten(item.address, 10, 8)}</small>
              </>
            )}
          </span>
          <Icon name="check" size={18} className="money-dest__check" />
        </label>
      ))}
      {footer}
    </div>
  );
}

function useDestinations(kind: DestinationKind) {
  const bank = useBankCardsQuery();
  const crypto = useCryptoWalletsQuery();
  const query = kind === 'bank' ? bank : crypto;
  return { query, items: (query.data?.items ?? []) as Destination[] };
}

function WithdrawForm({ kind, onDone }: { kind: DestinationKind; onDone: (record: WithdrawalRecord) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WithdrawValues>();
  const walletType: Wallet = Form.useWatch('walletType', form) ?? 'BALANCE';
  const usable = useUsableWithdrawalQuery(walletType);
  const destinations = useDestinations(kind);
  const apply = useWithdrawalApplyMutation();
  const totp = useTotpStatusQuery();
  const intent = useIdempotencyKey();
  const paths = PATHS[kind];
  // One card (or wallet) is no choice to make: it is picked, so the form does not ask to "select" it.
  const onlyId = destinations.items.length === 1 ? destinations.items[0]?.id : undefined;
  useEffect(() => {
    if (onlyId !== undefined && form.getFieldValue('accountId') === undefined) form.setFieldValue('accountId', onlyId);
  }, [onlyId, form]);

  const withinUsable = {
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value !== 'string' || !rules.amount.safeParse(value).success || !usable.data) return;
      if (new Decimal(value.trim()).gt(new Decimal(usable.data.amount))) throw new Error(t('withdraw.exceedsUsable'));
    },
  };

  const submit = async (values: WithdrawValues) => {
    const destination = destinations.items.find((d) => d.id === values.accountId);
    if (!destination || !usable.data) return;
    const request = {
      walletType: values.walletType,
      amount: values.amount.trim(),
      accountId: destination.id,
      payPassword: values.payPassword,
    };
    const confirmed = await Dialog.confirm({
      title: t('withdraw.confirm.title'),
      content: (
        <dl className="money-facts money-confirm" data-testid="withdraw-confirm">
          <Fact label={t('withdraw.confirm.amount')}>
            <MoneyText amount={request.amount} currency={usable.data.currency} />
          </Fact>
          <Fact label={t('withdraw.confirm.from')}>{t(`wallets.${request.walletType}`)}</Fact>
          <Fact label={t('withdraw.confirm.to')}>
            {destination.kind === 'bank' ? (
              <span>
                {destination.bankName}
                <br />
                <span className="money-mono">{maskAccountNumber(destination.cardNo)}</span>
              </span>
            ) : (
              <span>
                {networkLabel(destination.currencyType)}
                <br />
                <span className="money-mono">{destination.address}</span>
              </span>
            )}
          </Fact>
          <Fact label={t('withdraw.confirm.fee')}>{t('withdraw.confirm.noFee')}</Fact>
          <p className="form-hint">{t('withdraw.confirm.note')}</p>
        </dl>
      ),
      confirmText: t('withdraw.confirm.submit'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    // The key belongs to what was confirmed, not to the password typed (a retry with a corrected password is a new request).
    // The authenticator code is not part of it: a retry after a lost answer with the next code is the same request.
    const totpCode = optionalText(values.totpCode);
    apply.mutate(
      { request: { ...request, ...(totpCode ? { totpCode } : {}) }, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: (record) => {
          intent.renew();
          form.resetFields();
          onDone(record);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.kind === 'server') intent.renew();
          if (error instanceof ApiError && error.field && error.field in form.getFieldsValue(true)) {
            form.setFields([{ name: error.field as keyof WithdrawValues, errors: [error.message] }]);
          } else toastError(error);
        },
      },
    );
  };

  const noDestinations = destinations.query.isSuccess && destinations.items.length === 0;

  return (
    <AppForm<WithdrawValues>
      name={`withdraw-${kind}`}
      form={form}
      initialValues={{ walletType: 'BALANCE' }}
      onFinish={submit}
      submitLabel={t('withdraw.submit')}
      pending={apply.isPending}
    >
      <Field name="walletType" label={t('withdraw.fromWallet')} rules={[walletRule]}>
        <WalletPicker title={t('withdraw.chooseWallet')} testId="withdraw-wallet" />
      </Field>
      <div className="money-usable" data-testid="withdraw-usable" aria-live="polite">
        {usable.isPending ? (
          <span>{t('common.loading')}</span>
        ) : usable.isError ? (
          <>
            <span>{t('withdraw.usableFailed')}</span>
            <button type="button" className="text-link" onClick={() => usable.refetch()}>
              {t('common.retry')}
            </button>
          </>
        ) : (
          <>
            <span>
              {t('withdraw.usable')}{' '}
              <MoneyText amount={usable.data.amount} currency={usable.data.currency} testId="withdraw-usable-amount" />
            </span>
            {new Decimal(usable.data.pending).gt(0) && (
              <span>
                {t('withdraw.pending')} <MoneyText amount={usable.data.pending} currency={usable.data.currency} />
              </span>
            )}
          </>
        )}
      </div>

      <Field
        name="accountId"
        label={kind === 'bank' ? t('withdraw.toCard') : t('withdraw.toWallet')}
        rules={[accountRule]}
        className="form-item--plain"
      >
        {destinations.query.isPending ? (
          <Loading />
        ) : destinations.query.isError ? (
          <ErrorState error={destinations.query.error} onRetry={() => destinations.query.refetch()} />
        ) : noDestinations ? (
          <div className="notice money-no-destination" data-testid="withdraw-no-destination">
            <Icon name={kind === 'bank' ? 'card' : 'wallet'} size={20} />
            <div>
              <strong>{kind === 'bank' ? t('withdraw.noCards') : t('withdraw.noWallets')}</strong>
              <p>{kind === 'bank' ? t('withdraw.noCardsText') : t('withdraw.noWalletsText')}</p>
              <Link to={paths.add} className="text-link money-notice__link">
                {kind === 'bank' ? t('withdraw.addCard') : t('withdraw.addWallet')} ›
              </Link>
            </div>
          </div>
        ) : (
          <DestinationPicker
            items={destinations.items}
            footer={
              <Link to={paths.manage} className="money-field-link" data-testid="withdraw-manage">
                {kind === 'bank' ? t('withdraw.manageCards') : t('withdraw.manageWallets')} ›
              </Link>
            }
          />
        )}
      </Field>

      <Field
        name="amount"
        label={t('withdraw.amount')}
        rules={[amountRule, withinUsable]}
        dependencies={['walletType']}
      >
        <AmountInput
          currency={usable.data?.currency}
          max={usable.data?.amount}
          allLabel={t('withdraw.all')}
          placeholder={t('withdraw.amountPlaceholder')}
          testId="withdraw-amount"
        />
      </Field>

      <Field
        name="payPassword"
        label={t('fields.payPassword')}
        rules={[payPasswordRule]}
        description={
          <span className="form-hint">
            {t('withdraw.payPasswordHint')} <Link to="/pages/setting/paypwd">{t('withdraw.forgotPayPassword')}</Link>
          </span>
        }
      >
        <PasswordInput digits={6} placeholder={t('fields.payPasswordPlaceholder')} autoComplete="off" />
      </Field>
      {totp.data?.enabled ? (
        <Field
          name="totpCode"
          label={t('totp.codeLabel')}
          rules={[{ required: true, whitespace: true, message: t('totp.codeOrRecoveryPlaceholder') }]}
        >
          <Input placeholder={t('totp.codeOrRecoveryPlaceholder')} autoComplete="one-time-code" autoCapitalize="off" />
        </Field>
      ) : null}
      <p className="form-hint form-hint--block">{t('withdraw.reviewNote')}</p>
    </AppForm>
  );
}

function Submitted({ record, onAgain }: { record: WithdrawalRecord; onAgain: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  return (
    <div data-testid="withdraw-submitted">
      <StateBlock
        icon="clock"
        title={t('withdraw.done.title')}
        description={t('withdraw.done.text')}
        action={
          <div className="money-actions">
            <Button
              shape="rounded"
              color="primary"
              onClick={() => (canGoBack() ? navigate(-1) : navigate(PROFILE_PATH))}
            >
              {t('withdraw.done.close')}
            </Button>
            <Button shape="rounded" color="primary" fill="outline" onClick={onAgain}>
              {t('withdraw.done.again')}
            </Button>
          </div>
        }
      />
      <dl className="money-panel money-facts money-submitted">
        <Fact label={t('withdraw.confirm.amount')}>
          <MoneyText amount={record.amount} currency={record.currency} />
        </Fact>
        <Fact label={t('withdraw.confirm.from')}>{t(`wallets.${record.walletType}`)}</Fact>
        <Fact label={t('withdraw.confirm.to')}>{destinationText(record.destination)}</Fact>
        <Fact label={t('withdraw.record.status')}>
          <ReviewTag status={record.status} kind="withdraw" />
        </Fact>
        <Fact label={t('withdraw.record.time')}>{f.dateTime(record.createTimeTimestamp)}</Fact>
      </dl>
    </div>
  );
}

/**
 * Cancels a pending withdrawal after a confirmation; the key belongs to the confirmation, so a lost answer retried
 * replays it instead of failing as "no longer pending".
 */
function useCancelWithdrawal() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const mutation = useWithdrawalCancelMutation();
  const intent = useIdempotencyKey();
  const cancel = async (record: WithdrawalRecord) => {
    const confirmed = await Dialog.confirm({
      title: t('withdraw.record.cancelTitle'),
      content: t('withdraw.record.cancelText', {
        amount: money.amount(record.amount, { currency: record.currency }),
        wallet: t(`wallets.${record.walletType}`),
      }),
      confirmText: t('withdraw.record.cancelConfirm'),
      cancelText: t('withdraw.record.cancelKeep'),
    });
    if (!confirmed) return;
    const request = { id: record.id };
    mutation.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: () => {
          intent.renew();
          toastSuccess(t('withdraw.record.cancelled'));
        },
        onError: (error) => {
          // Decided meanwhile (paid or rejected): the list is read again and shows what happened.
          if (error instanceof ApiError && error.kind === 'server') intent.renew();
          toastError(error);
        },
      },
    );
  };
  return { cancel, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}

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
      {record.status === ReviewStatus.Failed && <ReasonNote reason={record.reason} />}
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
function WithdrawalRecords() {
  const { t } = useTranslation();
  const query = useWithdrawalRecordsQuery();
  const { cancel, pendingId } = useCancelWithdrawal();
  // A record is not from the future: its time tells how far ahead the server's clock may run (SIM_CLOCK_START).
  for (const r of query.data?.pages[0]?.list ?? []) noteServerTime(r.createTimeTimestamp, false);
  return (
    <section aria-label={t('withdraw.record.title')} data-testid="withdrawal-records">
      <h2 className="section-title">{t('withdraw.record.title')}</h2>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.pages[0]?.total === 0 ? (
        <p className="money-empty">{t('withdraw.record.empty')}</p>
      ) : (
        <>
          <ul className="money-list">
            {query.data.pages
              .flatMap((p) => p.list)
              .map((r) => (
                <WithdrawalItem key={r.id} record={r} onCancel={cancel} cancelling={pendingId === r.id} />
              ))}
          </ul>
          <LoadMore query={query} endText={t('deposit.record.end')} failedText={t('deposit.record.loadMoreFailed')} />
        </>
      )}
    </section>
  );
}

export function WithdrawScreen({ kind }: { kind: DestinationKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useUserInfoQuery();
  const [submitted, setSubmitted] = useState<WithdrawalRecord | null>(null);
  const [formKey, setFormKey] = useState(0);

  let body: ReactNode;
  if (submitted) {
    body = (
      <Submitted
        record={submitted}
        onAgain={() => {
          setSubmitted(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  } else if (userInfo.isPending) body = <Loading />;
  else if (userInfo.isError) body = <ErrorState error={userInfo.error} onRetry={() => userInfo.refetch()} />;
  else if (!userInfo.data.hasPayPassword)
    body = (
      <StateBlock
        icon="key"
        title={t('withdraw.noPayPassword')}
        description={t('withdraw.noPayPasswordText')}
        action={
          <Button shape="rounded" color="primary" onClick={() => navigate('/pages/setting/paypwd')}>
            {t('withdraw.setPayPassword')}
          </Button>
        }
      />
    );
  else body = <WithdrawForm key={formKey} kind={kind} onDone={setSubmitted} />;

  return (
    <Page backFallback={PROFILE_PATH}>
      {!submitted && (
        <Segmented
          block
          className="segmented"
          value={kind}
          onChange={(next) => navigate(PATHS[next as DestinationKind].self, { replace: true })}
          options={[
            { label: <span data-testid="withdraw-kind-bank">{t('withdraw.toBank')}</span>, value: 'bank' },
            { label: <span data-testid="withdraw-kind-crypto">{t('withdraw.toCrypto')}</span>, value: 'crypto' },
          ]}
        />
      )}
      {body}
      <WithdrawalRecords />
    </Page>
  );
}

export function WithdrawBankCardPage() {
  return <WithdrawScreen kind="bank" />;
}
