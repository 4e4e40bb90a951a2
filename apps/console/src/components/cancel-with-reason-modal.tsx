import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import { t } from '../i18n';
import { newIdempotencyKey } from '../pages/approvals/rules';

/**
 * The confirmation of a cancellation that returns customers' money (an offering, a placing): it states what happens
 * to the money, says it is final and takes the reason the audit log keeps. The idempotency key is made when the
 * dialog opens, so retrying this confirmation cannot cancel or refund twice. The caller owns the mutation.
 */
export function CancelWithReasonModal<R>({
  title,
  okText,
  testId,
  statement,
  statementDetail,
  failedTitle,
  cancel,
  pending,
  error,
  onClose,
  onCancelled,
}: {
  title: string;
  okText: string;
  /** Prefix of the test ids: `<testId>-ok`, `<testId>-statement`. */
  testId: string;
  statement: string;
  statementDetail: string;
  failedTitle: string;
  cancel: (reason: string, idempotencyKey: string) => Promise<R>;
  pending: boolean;
  /** The mutation's error, shown under the form; null when there is none. */
  error: unknown;
  onClose: () => void;
  onCancelled: (result: R) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [idempotencyKey] = useState(newIdempotencyKey);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      onCancelled(await cancel(values.reason.trim(), idempotencyKey));
    } catch {
      // Shown below.
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': `${testId}-ok` } as never}
      cancelText={t('offerings.close')}
      onOk={confirm}
      onCancel={() => {
        if (!pending) onClose();
      }}
      mask={{ closable: false }}
    >
      <Alert
        type="warning"
        showIcon
        title={statement}
        description={statementDetail}
        data-testid={`${testId}-statement`}
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
      {error ? <Alert type="error" showIcon title={failedTitle} description={errorMessage(error)} /> : null}
    </Modal>
  );
}
