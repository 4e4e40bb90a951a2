/**
 * The transfer form's state: the preselected wallets (from the query), the swap, the amount checked against
 * the source's balance, and the send with its confirmation and idempotency key.
 */
import { rules, type TransferResult, WALLETS, type Wallet } from '@beurs/contracts';
import { Form } from 'antd-mobile';
import '../../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFundingOverviewQuery, useTransferMutation, useWalletBalancesQuery } from '../../../api/wallet';
import { useQueryParams } from '../../../app/useQueryParams';
import { exceeds, previewConversion, useMoneyFormat } from '../../../components/money/format';
import { walletCurrency } from '../../../components/money/WalletPicker';
import { showFieldError, translateValidation } from '../../../lib/formRules';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { confirmTransfer } from './parts/TransferConfirm';

export interface TransferValues {
  from: Wallet;
  to: Wallet;
  amount: string;
}

const isWallet = (value: string | undefined): value is Wallet => WALLETS.includes(value as Wallet);

/**
 * Preselected wallets and amount: the query's, else Funding to US stocks (the usual move, and the one that
 * converts). Only `to=BALANCE` given: from US stocks, so that "to" is kept rather than replaced.
 */
export function initialValues(params: {
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

type RuleContext = { getFieldValue: (name: string) => unknown };

export function useTransferForm(onDone: (result: TransferResult) => void) {
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
  const fromCurrency = walletCurrency(from, balances.data);
  const toCurrency = walletCurrency(to, balances.data);
  const available = balances.data?.find((b) => b.walletType === from)?.balance;

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

  const notSameAsFrom = ({ getFieldValue }: RuleContext) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (value && value === getFieldValue('from')) throw new Error(translateValidation('validation.sameWallet'));
    },
  });
  // Reads "from" from the form, not from this render: a swap revalidates before the next render.
  const withinAvailable = ({ getFieldValue }: RuleContext) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const source = getFieldValue('from') as Wallet;
      const max = balances.data?.find((b) => b.walletType === source)?.balance;
      if (typeof value === 'string' && exceeds(value, max))
        throw new Error(
          t('transfer.moreThanAvailable', {
            amount: money.amount(max, { currency: walletCurrency(source, balances.data) }),
          }),
        );
    },
  });

  const send = async (values: TransferValues) => {
    const request = { from: values.from, to: values.to, amount: values.amount.trim() };
    const preview = previewConversion(request.amount, fromCurrency, toCurrency, overview.data?.eurUsd);
    const confirmed = await confirmTransfer(t, money, {
      ...request,
      fromCurrency,
      toCurrency,
      credited: preview?.credited,
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

  return {
    form,
    initial,
    balances,
    pending: transfer.isPending,
    wallets: { from, to, fromCurrency, toCurrency, available, amount },
    pick: { from: pickFrom, to: pickTo, swap },
    rules: { notSameAsFrom, withinAvailable },
    send,
  };
}
