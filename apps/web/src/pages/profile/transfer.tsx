/**
 * Transfer between two of the customer's wallets (SPEC §2 profile/transfer, docs/money.md "Wallets and
 * transfers"): from and to (with a swap), the source's available balance with "All", the amount checked
 * by the shared rule, a preview at the live EUR/USD rate when the currencies differ, a confirmation, then
 * the result as the server booked it (debited, credited, rate) with "Cancel transfer" while allowed.
 * Query: `from`, `to` (wallet types) preselect the wallets; `amount` prefills the amount (the order
 * ticket's "Move €X to <wallet>" sends all three).
 */
import { type Currency, rules, type TransferResult, WALLETS, type Wallet, wallet } from '@beurs/contracts';
import { Button, Dialog, Form } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  cancelMsLeft,
  isCancellable,
  useFundingOverviewQuery,
  useTransferMutation,
  useWalletBalancesQuery,
} from '../../api/wallet';
import { useQueryParams } from '../../app/useQueryParams';
import { AppForm, Field } from '../../components/AppForm';
import { Icon } from '../../components/Icon';
import { AmountInput } from '../../components/money/AmountInput';
import { exceeds, previewConversion, useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { useCancelTransfer } from '../../components/money/useCancelTransfer';
import { WalletPicker, walletCurrency } from '../../components/money/WalletPicker';
import { Page } from '../../components/Page';
import { useFormatters } from '../../lib/format';
import { schemaRule, showFieldError, translateValidation } from '../../lib/formRules';
import { useIdempotencyKey } from '../../lib/idempotency';

const TRANSACTIONS_PATH = '/pages/profile/transaction';

interface TransferValues {
  from: Wallet;
  to: Wallet;
  amount: string;
}

const isWallet = (value: string | undefined): value is Wallet => WALLETS.includes(value as Wallet);

/**
 * Preselected wallets and amount: the query's, else Funding to US stocks (the usual move, and the one that
 * converts). Only `to=BALANCE` given: from US stocks, so that "to" is kept rather than replaced.
 */
function initialValues(params: {
  from?: string;
  to?: string;
  amount?: string;
}): Pick<TransferValues, 'from' | 'to'> & { amount?: string } {
  const askedTo = isWallet(params.to) ? params.to : undefined;
  const from: Wallet = isWallet(params.from) ? params.from : askedTo === 'BALANCE' ? 'US_STOCK' : 'BALANCE';
  const fallbackTo: Wallet = from === 'US_STOCK' ? 'BALANCE' : 'US_STOCK';
  const to: Wallet = askedTo && askedTo !== from ? askedTo : fallbackTo;
  const amount = params.amount && rules.amount.safeParse(params.amount).success ? params.amount : undefined;
  return amount ? { from, to, amount } : { from, to };
}

/** Re-renders every `ms` while `active`, for countdowns. */
function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [active, ms]);
  return now;
}

function SummaryList({ rows }: { rows: ReadonlyArray<{ label: ReactNode; value: ReactNode; testId?: string }> }) {
  return (
    <dl className="summary-list">
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of rows
        <div key={i} data-testid={row.testId}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function WalletName({ wallet: w, currency }: { wallet: Wallet; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`wallets.${w}`)} <small className="wallet-currency">{currency}</small>
    </>
  );
}

/** Live-rate preview of a conversion: what the amount would credit now, and that the server fixes it. */
function ConversionPreview({ amount, from, to }: { amount: string | undefined; from: Currency; to: Currency }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const overview = useFundingOverviewQuery({ refetchInterval: 30_000 });
  const preview = previewConversion(amount, from, to, overview.data?.eurUsd);
  const liveRate = previewConversion('1', from, to, overview.data?.eurUsd);

  return (
    <section
      className="conversion-card"
      aria-label={t('transfer.conversionTitle', { from, to })}
      data-testid="conversion-preview"
    >
      <div className="conversion-card__head">
        <Icon name="pulse" size={16} />
        <span>{t('transfer.conversionTitle', { from, to })}</span>
      </div>
      {overview.isPending ? (
        <p className="conversion-card__note">{t('transfer.rateLoading')}</p>
      ) : !liveRate ? (
        <p className="conversion-card__note">{t('transfer.rateUnavailable')}</p>
      ) : (
        <>
          <div className="conversion-card__row">
            <span>{t('transfer.liveRate')}</span>
            <span className="num" data-testid="conversion-rate">
              {t('wallet.rateLine', { from, to, rate: money.rate(liveRate.rate) })}
            </span>
          </div>
          <div className="conversion-card__row">
            <span>{t('transfer.estimatedCredit')}</span>
            <strong className="num" data-testid="conversion-credit">
              {preview ? `≈ ${money.amount(preview.credited, { currency: to })}` : '–'}
            </strong>
          </div>
        </>
      )}
      <p className="conversion-card__note">{t('transfer.rateNote')}</p>
    </section>
  );
}

function TransferForm({ onDone }: { onDone: (result: TransferResult) => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const params = useQueryParams<'from' | 'to' | 'amount'>();
  const [form] = Form.useForm<TransferValues>();
  const [initial] = useState(() => initialValues(params));
  const balances = useWalletBalancesQuery();
  const overview = useFundingOverviewQuery({ refetchInterval: 30_000 });
  const transfer = useTransferMutation();
  const intent = useIdempotencyKey();

  const from: Wallet = Form.useWatch('from', form) ?? initial.from;
  const to: Wallet = Form.useWatch('to', form) ?? initial.to;
  const amount: string | undefined = Form.useWatch('amount', form);
  const fromBalance = balances.data?.find((b) => b.walletType === from);
  const fromCurrency = walletCurrency(from, balances.data);
  const toCurrency = walletCurrency(to, balances.data);
  const available = fromBalance?.balance;

  const recheckAmount = () => {
    if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
  };

  // Choosing on one side the wallet of the other side swaps them: "from" and "to" are never the same.
  const pickFrom = (next: Wallet) => {
    if (next === to) form.setFieldsValue({ to: from });
    recheckAmount();
  };
  const pickTo = (next: Wallet) => {
    if (next === from) form.setFieldsValue({ from: to });
    recheckAmount();
  };
  const swap = () => {
    form.setFieldsValue({ from: to, to: from });
    recheckAmount();
  };

  const send = async (values: TransferValues) => {
    const request = { from: values.from, to: values.to, amount: values.amount.trim() };
    const preview = previewConversion(request.amount, fromCurrency, toCurrency, overview.data?.eurUsd);
    const confirmed = await Dialog.confirm({
      title: t('transfer.confirmTitle'),
      content: (
        <div className="confirm-transfer">
          <SummaryList
            rows={[
              { label: t('transfer.from'), value: <WalletName wallet={request.from} currency={fromCurrency} /> },
              { label: t('transfer.to'), value: <WalletName wallet={request.to} currency={toCurrency} /> },
              {
                label: t('transfer.amount'),
                value: <strong className="num">{money.amount(request.amount, { currency: fromCurrency })}</strong>,
              },
              ...(preview
                ? [
                    {
                      label: t('transfer.estimatedCredit'),
                      value: <span className="num">≈ {money.amount(preview.credited, { currency: toCurrency })}</span>,
                    },
                  ]
                : []),
            ]}
          />
          {fromCurrency !== toCurrency && <p className="confirm-transfer__note">{t('transfer.rateNote')}</p>}
        </div>
      ),
      confirmText: t('transfer.confirmSubmit'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    transfer.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: (result) => {
          intent.renew();
          onDone(result);
        },
        onError: (error) => showFieldError(form, error),
      },
    );
  };

  return (
    <AppForm
      name="transfer"
      form={form}
      initialValues={initial}
      onFinish={(values: TransferValues) => void send(values)}
      submitLabel={<span data-testid="transfer-submit">{t('transfer.submit')}</span>}
      pending={transfer.isPending}
    >
      <div className="transfer-wallets">
        <Field name="from" label={t('transfer.from')} rules={[schemaRule(wallet.walletType)]}>
          <WalletPicker title={t('transfer.chooseFrom')} onChange={pickFrom} testId="transfer-from" />
        </Field>
        <div className="transfer-swap">
          <button
            type="button"
            className="transfer-swap__button"
            onClick={swap}
            aria-label={t('transfer.swap')}
            data-testid="transfer-swap"
          >
            <Icon name="transfer" size={18} />
          </button>
        </div>
        <Field
          name="to"
          label={t('transfer.to')}
          dependencies={['from']}
          rules={[
            schemaRule(wallet.walletType),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value === getFieldValue('from'))
                  throw new Error(translateValidation('validation.sameWallet'));
              },
            }),
          ]}
        >
          <WalletPicker title={t('transfer.chooseTo')} onChange={pickTo} testId="transfer-to" />
        </Field>
      </div>

      <Field
        name="amount"
        label={t('transfer.amount')}
        rules={[
          schemaRule(rules.amount),
          // Read "from" from the form, not from this render: a swap revalidates before the next render.
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              const source: Wallet = getFieldValue('from');
              const max = balances.data?.find((b) => b.walletType === source)?.balance;
              if (typeof value === 'string' && exceeds(value, max))
                throw new Error(
                  t('transfer.moreThanAvailable', {
                    amount: money.amount(max, { currency: walletCurrency(source, balances.data) }),
                  }),
                );
            },
          }),
        ]}
        description={
          <span className="transfer-available" data-testid="transfer-available">
            {t('transfer.availableIn', { wallet: t(`wallets.${from}`) })}{' '}
            {balances.isPending ? (
              <span className="skeleton-text transfer-available__skeleton" />
            ) : balances.isError ? (
              <button type="button" className="text-link" onClick={() => balances.refetch()}>
                {t('common.retry')}
              </button>
            ) : (
              <MoneyText amount={available ?? '0'} currency={fromCurrency} />
            )}
          </span>
        }
      >
        <AmountInput currency={fromCurrency} max={available} testId="transfer-amount" />
      </Field>

      {fromCurrency !== toCurrency && <ConversionPreview amount={amount} from={fromCurrency} to={toCurrency} />}
    </AppForm>
  );
}

function TransferDone({ result, onNew }: { result: TransferResult; onNew: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  const money = useMoneyFormat();
  const [cancelled, setCancelled] = useState(false);
  const { cancel, isPending } = useCancelTransfer();
  const open = !cancelled && isCancellable(result.cancellableUntil);
  useNow(open);
  const msLeft = cancelMsLeft(result.cancellableUntil);
  const countdown = `${Math.floor(msLeft / 60_000)}:${String(Math.floor((msLeft % 60_000) / 1000)).padStart(2, '0')}`;
  const rate = result.rate
    ? t('wallet.rateLine', {
        from: result.debited.currency,
        to: result.credited.currency,
        rate: money.rate(result.rate),
      })
    : null;

  return (
    <div className="transfer-done" data-testid="transfer-result" data-entry={result.entryId}>
      <section className={`result-card${cancelled ? ' result-card--cancelled' : ''}`}>
        <div className="result-card__icon">
          <Icon name={cancelled ? 'transfer' : 'check'} size={28} />
        </div>
        <h2 className="result-card__title" data-testid="transfer-result-title">
          {cancelled ? t('transfer.cancelledTitle') : t('transfer.doneTitle')}
        </h2>
        <p className="result-card__text">
          {cancelled ? t('transfer.cancelledText') : f.dateTime(result.createTimeTimestamp)}
        </p>
        <SummaryList
          rows={[
            {
              label: t('transfer.debitedFrom', { wallet: t(`wallets.${result.from}`) }),
              value: (
                <MoneyText
                  amount={`-${result.debited.amount}`}
                  currency={result.debited.currency}
                  trend
                  testId="transfer-debited"
                />
              ),
            },
            {
              label: t('transfer.creditedTo', { wallet: t(`wallets.${result.to}`) }),
              value: (
                <MoneyText
                  amount={result.credited.amount}
                  currency={result.credited.currency}
                  sign="always"
                  trend
                  testId="transfer-credited"
                />
              ),
            },
            ...(rate
              ? [{ label: t('transfer.rateUsed'), value: <span className="num">{rate}</span>, testId: 'transfer-rate' }]
              : []),
          ]}
        />
      </section>

      {open && (
        <div className="notice transfer-cancel-notice" data-testid="transfer-cancel-notice">
          <Icon name="clock" size={18} />
          <div>
            <strong>{t('transfer.cancelWithin', { time: countdown })}</strong>
            <p>
              {t('transfer.cancelRule', {
                minutes: wallet.TRANSFER_CANCEL_SECONDS / 60,
                amount: money.amount(result.credited.amount, { currency: result.credited.currency }),
                wallet: t(`wallets.${result.to}`),
              })}
            </p>
          </div>
        </div>
      )}

      <div className="transfer-done__actions">
        {open && (
          <Button
            block
            shape="rounded"
            fill="outline"
            color="danger"
            loading={isPending}
            onClick={() => void cancel(result.entryId, () => setCancelled(true))}
            data-testid="transfer-cancel"
          >
            {t('transfer.cancel')}
          </Button>
        )}
        <Button block shape="rounded" color="primary" onClick={onNew} data-testid="transfer-new">
          {t('transfer.another')}
        </Button>
        <Button
          block
          shape="rounded"
          fill="none"
          onClick={() => navigate(TRANSACTIONS_PATH)}
          data-testid="transfer-bill"
        >
          {t('transfer.viewBill')}
        </Button>
      </div>
    </div>
  );
}

function TransferLead() {
  const { t } = useTranslation();
  return <p className="page-lead">{t('transfer.lead')}</p>;
}

export function TransferPage() {
  const [result, setResult] = useState<TransferResult | null>(null);
  return (
    <Page>
      {result ? (
        <TransferDone result={result} onNew={() => setResult(null)} />
      ) : (
        <>
          <TransferLead />
          <TransferForm onDone={setResult} />
        </>
      )}
    </Page>
  );
}
