import { Alert, Form, Input, Modal } from 'antd';
import { errorMessage } from '../api/client';
import { t } from '../i18n';

/** Asks for the reason of a rejection, which the customer sees (3 to 500 characters). */
export function RejectModal({
  open,
  title,
  pending,
  error,
  onCancel,
  onReject,
  hint = t('review.rejectReasonHint'),
}: {
  open: boolean;
  title: string;
  /** Who will read the reason (default: the customer). */
  hint?: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('review.cancel')}
      onCancel={onCancel}
      onOk={() =>
        form.validateFields().then(
          ({ reason }) => onReject(reason.trim()),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('review.rejectReason')}
          extra={hint}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const reason = (value ?? '').trim();
                if (reason.length < 3) return Promise.reject(new Error(t('review.rejectReasonRequired')));
                if (reason.length > 500) return Promise.reject(new Error(t('review.rejectReasonTooLong')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(error)} />
      ) : null}
    </Modal>
  );
}
