import { Alert, Flex, Modal, Tag, Typography } from 'antd';
import type { AdjustmentInput } from '../../../api/queries';
import { lookup, t } from '../../../i18n';
import { formatAmount, walletLabel } from '../../../lib/money';
import styles from '../customer-money.module.css';
import type { AdjustmentFormState } from '../use-adjustment-form';
import { SignedAmount } from './amounts';

function ConfirmBody({
  confirming,
  currency,
  userId,
  error,
}: {
  confirming: AdjustmentInput;
  currency: string;
  userId: string;
  error: Error | null;
}) {
  const credit = confirming.direction === 'credit';
  const words = {
    amount: formatAmount(confirming.amount, currency),
    wallet: walletLabel(confirming.walletType),
    userId,
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph className={styles.flush}>
        {credit ? t('money.adjustConfirmCredit', words) : t('money.adjustConfirmDebit', words)}
      </Typography.Paragraph>
      <Flex align="baseline" gap={12}>
        <SignedAmount amount={credit ? confirming.amount : `-${confirming.amount}`} currency={currency} large />
        <Tag>{lookup('adjustmentCategory', confirming.category) ?? confirming.category}</Tag>
      </Flex>
      <Alert type="info" showIcon title={t('money.adjustConfirmFourEyes')} />
      <Alert
        type="warning"
        showIcon
        title={t('money.adjustConfirmReason')}
        description={<Typography.Text italic>“{confirming.reason}”</Typography.Text>}
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('review.actionFailed')}
          description={error instanceof Error ? error.message : t('common.unexpected')}
        />
      ) : null}
    </Flex>
  );
}

/** The confirmation: what will be proposed, in words and as a signed amount, before anything is sent. */
export function AdjustmentConfirm({ state, userId }: { state: AdjustmentFormState; userId: string }) {
  const { confirming, propose } = state;
  return (
    <Modal
      open={confirming !== null}
      title={t('money.adjustConfirmTitle')}
      okText={t('money.adjustConfirmOk')}
      okButtonProps={{ loading: propose.isPending }}
      cancelText={t('review.cancel')}
      onOk={state.submit}
      onCancel={state.cancel}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {confirming ? (
        <ConfirmBody
          confirming={confirming}
          currency={state.currency}
          userId={userId}
          error={propose.isError ? propose.error : null}
        />
      ) : null}
    </Modal>
  );
}
