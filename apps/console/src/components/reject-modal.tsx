import { Alert, Form, Input, Modal } from 'antd';
import { errorMessage } from '../api/client';
import { strings } from '../strings';

const t = strings.review;

/** Asks for the reason of a rejection, which the customer sees (3 to 500 characters). */
export function RejectModal({
  open,
  title,
  pending,
  error,
  onCancel,
  onReject,
  hint = t.rejectReasonHint,
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
      okText={t.reject}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t.cancel}
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
          label={t.rejectReason}
          extra={hint}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const reason = (value ?? '').trim();
                if (reason.length < 3) return Promise.reject(new Error(t.rejectReasonRequired));
                if (reason.length > 500) return Promise.reject(new Error(t.rejectReasonTooLong));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={t.actionFailed} description={errorMessage(error)} /> : null}
    </Modal>
  );
}
