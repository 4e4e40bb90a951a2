import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { type CancelResult, type ConsoleOffering, useCancelOffering } from '../../../api/primary';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';
import { newIdempotencyKey } from '../../approvals/rules';

/**
 * The confirmation of a cancellation: it says what will happen to the money (every live subscription cancelled,
 * everything held or paid returned, fee included) and takes the reason the audit log keeps. The idempotency key is
 * made when the dialog opens, so retrying this confirmation cannot cancel or refund twice.
 */
export function CancelModal({
  offering,
  onClose,
  onCancelled,
}: {
  offering: ConsoleOffering;
  onClose: () => void;
  onCancelled: (result: CancelResult) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelOffering();
  const [idempotencyKey] = useState(newIdempotencyKey);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      onCancelled(await cancel.mutateAsync({ id: offering.id, reason: values.reason.trim(), idempotencyKey }));
    } catch {
      // Shown below.
    }
  };

  return (
    <Modal
      open
      title={t('offerings.cancelTitle', { code: offering.code })}
      okText={t('offerings.cancelOk')}
      okButtonProps={{ danger: true, loading: cancel.isPending, 'data-testid': 'offering-cancel-ok' } as never}
      cancelText={t('offerings.close')}
      onOk={confirm}
      onCancel={() => {
        if (!cancel.isPending) onClose();
      }}
      mask={{ closable: false }}
    >
      <Alert
        type="warning"
        showIcon
        title={t('offerings.cancelRefunds', { n: formatCount(offering.subscriptions) })}
        description={t('offerings.cancelRefundsDetail')}
        data-testid="offering-cancel-statement"
      />
      <Typography.Paragraph type="secondary">{t('offerings.cancelFinal')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('offerings.cancelReason')}
          rules={[{ required: true, whitespace: true, min: 3, message: t('offerings.cancelReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
      {cancel.isError ? (
        <Alert type="error" showIcon title={t('offerings.cancelFailed')} description={errorMessage(cancel.error)} />
      ) : null}
    </Modal>
  );
}
