/** The withdraw form's state: the chosen wallet's usable amount, the destinations, the checks and the submit. */
import { ApiError } from '@beurs/api-client';
import { Decimal, rules, type Wallet, type WithdrawalRecord } from '@beurs/contracts';
import { Form } from 'antd-mobile';
import '../../../app/antdMobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotpStatusQuery } from '../../../api/totp';
import { useUsableWithdrawalQuery, useWithdrawalApplyMutation } from '../../../api/withdrawal';
import { optionalText } from '../../../lib/formRules';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { toastError } from '../../../lib/toast';
import { type DestinationKind, useDestinations } from './destinations';
import { confirmWithdrawal } from './parts/WithdrawConfirm';

export interface WithdrawValues {
  walletType: Wallet;
  accountId?: number;
  amount: string;
  payPassword: string;
  totpCode?: string;
}

export function useWithdrawForm(kind: DestinationKind, onDone: (record: WithdrawalRecord) => void) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WithdrawValues>();
  const walletType: Wallet = Form.useWatch('walletType', form) ?? 'BALANCE';
  const usable = useUsableWithdrawalQuery(walletType);
  const destinations = useDestinations(kind);
  const apply = useWithdrawalApplyMutation();
  const totp = useTotpStatusQuery();
  const intent = useIdempotencyKey();
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
    const confirmed = await confirmWithdrawal(t, { ...request, currency: usable.data.currency, destination });
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

  return { form, usable, destinations, apply, totpEnabled: totp.data?.enabled === true, withinUsable, submit };
}
