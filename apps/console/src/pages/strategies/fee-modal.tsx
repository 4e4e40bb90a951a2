/**
 * Setting a strategy's performance fee: percent of the profit above the high-water mark, 0 to STRATEGY_MAX_FEE with
 * up to 2 decimals. It applies to follows placed from now on; the dialog says that running follows keep theirs.
 */
import { follow } from '@beurs/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { errorMessage } from '../../api/client';
import { type StrategyDetail, useSetStrategyFee } from '../../api/strategies';
import { t } from '../../i18n';
import { refusedFieldOf, saveMarkingRefusals } from '../../lib/form-refusals';
import { formatCount, formatDecimal } from '../../lib/money';
import styles from '../offerings/offerings.module.css';

interface FeeForm {
  performanceFee: string;
}

const feeRule = {
  validator: (_: unknown, value: string | undefined) => {
    const v = (value ?? '').trim();
    return follow.STRATEGY_FEE_PATTERN.test(v) && Number.parseFloat(v) <= follow.STRATEGY_MAX_FEE
      ? Promise.resolve()
      : Promise.reject(new Error(t('strategies.feeInvalid', { max: follow.STRATEGY_MAX_FEE })));
  },
};

export function FeeModal({
  strategy,
  onClose,
  onSaved,
}: {
  strategy: StrategyDetail;
  onClose: () => void;
  onSaved: (fee: string) => void;
}) {
  const [form] = Form.useForm<FeeForm>();
  const setFee = useSetStrategyFee();
  const initial: FeeForm = { performanceFee: strategy.performanceFee };

  const submit = () =>
    saveMarkingRefusals(
      form,
      (error) => refusedFieldOf(error, initial),
      async (values) => {
        const saved = await setFee.mutateAsync({ id: strategy.id, performanceFee: values.performanceFee.trim() });
        onSaved(saved.performanceFee);
      },
    );

  return (
    <Modal
      open
      title={t('strategies.feeTitle', { code: strategy.code })}
      okText={t('strategies.save')}
      cancelText={t('strategies.cancel')}
      onOk={submit}
      okButtonProps={{ loading: setFee.isPending, 'data-testid': 'strategy-fee-save' } as never}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      <Alert
        type="info"
        showIcon
        title={t('strategies.feeHelp', {
          fee: formatDecimal(strategy.performanceFee),
          follows: formatCount(strategy.followsRunning),
        })}
        className={styles.section}
      />
      <Form<FeeForm> form={form} layout="vertical" requiredMark={false} initialValues={initial}>
        <Form.Item
          name="performanceFee"
          label={t('strategies.feeLabel', { max: follow.STRATEGY_MAX_FEE })}
          rules={[feeRule]}
        >
          <Input suffix="%" maxLength={5} data-testid="strategy-fee-input" />
        </Form.Item>
      </Form>
      {setFee.isError ? <Alert type="error" showIcon title={errorMessage(setFee.error)} /> : null}
    </Modal>
  );
}
