import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { type ConsolePlacing, type PlacingCancelResult, useCancelPlacing } from '../../../api/placings';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';
import { newIdempotencyKey } from '../../approvals/rules';

/**
 * The confirmation of a placing's cancellation: it says what will happen to the money (every live application
 * cancelled, its hold released in full, fee included) and takes the reason the audit log keeps. The idempotency key
 * is made when the dialog opens, so retrying this confirmation cannot cancel or release twice.
 */
export function CancelPlacingModal({
  placing,
  onClose,
  onCancelled,
}: {
  placing: ConsolePlacing;
  onClose: () => void;
  onCancelled: (result: PlacingCancelResult) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelPlacing();
  const [idempotencyKey] = useState(newIdempotencyKey);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      onCancelled(await cancel.mutateAsync({ id: placing.id, reason: values.reason.trim(), idempotencyKey }));
    } catch {
      // Shown below.
    }
  };

  return (
    <Modal
      open
      title={t('placings.cancelTitle', { code: placing.code })}
      okText={t('placings.cancelOk')}
      okButtonProps={{ danger: true, loading: cancel.isPending, 'data-testid': 'placing-cancel-ok' } as never}
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
        title={t('placings.cancelRefunds', { n: formatCount(placing.applications) })}
        description={t('placings.cancelRefundsDetail')}
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
        <Alert type="error" showIcon title={t('placings.cancelFailed')} description={errorMessage(cancel.error)} />
      ) : null}
    </Modal>
  );
}
