import { DEFAULT_WALLET_CURRENCY, type Wallet } from '@beurs/contracts';
import { App, Form } from 'antd';
import { useState } from 'react';
import { type AdjustmentInput, useCustomerWallets, useProposeAdjustment } from '../../api/queries';
import { t } from '../../i18n';
import type { AdjustForm } from './rules';

/**
 * The adjustment's state: the form, then the confirmation of what was typed. Nothing moves on submit:
 * the server only records the proposal, which another operator approves.
 */
export function useAdjustmentForm(customerId: number) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AdjustForm>();
  const wallets = useCustomerWallets(customerId);
  const propose = useProposeAdjustment(customerId);
  const [confirming, setConfirming] = useState<AdjustmentInput | null>(null);

  const review = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    propose.reset();
    setConfirming({ ...values, amount: values.amount.trim(), reason: values.reason.trim() });
  };

  const submit = async () => {
    if (!confirming) return;
    try {
      const proposal = await propose.mutateAsync(confirming);
      void message.success(t('money.proposed', { id: proposal.id }));
      setConfirming(null);
      form.resetFields(['amount', 'reason']);
    } catch {
      // Shown in the dialog; the operator may try again or cancel.
    }
  };

  const cancel = () => {
    if (propose.isPending) return;
    setConfirming(null);
    propose.reset();
  };

  const wallet = confirming ? wallets.data?.find((w) => w.walletType === confirming.walletType) : undefined;
  const currency = confirming ? (wallet?.currency ?? DEFAULT_WALLET_CURRENCY[confirming.walletType as Wallet]) : 'EUR';

  return { form, propose, confirming, currency, review, submit, cancel };
}

export type AdjustmentFormState = ReturnType<typeof useAdjustmentForm>;
