import { ApiError } from '@beurs/api-client';
import { WALLETS } from '@beurs/contracts';
import { Alert, Col, Form, Input, Modal, Radio, Row, Select, Switch } from 'antd';
import { errorMessage } from '../../../api/client';
import { type DepositChannel, useSaveDepositChannel } from '../../../api/queries';
import { t } from '../../../i18n';
import { walletLabel } from '../../../lib/money';
import { type ChannelForm, emptyForm, toForm, toInput } from '../form';
import { BankFields, CryptoFields } from './channel-fields';

/** Adds a channel (`channel` null) or edits one. */
export function ChannelModal({
  open,
  channel,
  onClose,
  onSaved,
}: {
  open: boolean;
  channel: DepositChannel | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const [form] = Form.useForm<ChannelForm>();
  const save = useSaveDepositChannel();
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'crypto';

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ id: channel?.id ?? null, input: toInput(values) });
      onSaved(channel === null);
    } catch (error) {
      // A field the server refused is marked on the field; anything else shows above the buttons.
      if (error instanceof ApiError && error.field) {
        form.setFields([{ name: error.field.split('.') as never, errors: [error.message] }]);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={channel ? t('channels.editTitle', { id: channel.id }) : t('channels.createTitle')}
      okText={t('channels.save')}
      cancelText={t('channels.cancel')}
      onOk={submit}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      width={720}
      mask={{ closable: false }}
    >
      <Form<ChannelForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={channel ? toForm(channel) : emptyForm}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="type" label={t('channels.type')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'crypto', label: t('channelType.crypto') },
                  { value: 'bank', label: t('channelType.bank') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('channels.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="asset"
              label={t('channels.asset')}
              extra={t('channels.assetHelp')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[
                { required: true, message: t('channels.assetRequired') },
                { pattern: /^[A-Z0-9]{2,10}$/, message: t('channels.assetRequired') },
              ]}
            >
              <Input placeholder={type === 'crypto' ? 'USDT' : 'EUR'} maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="walletType"
              label={t('channels.wallet')}
              extra={t('channels.walletHelp')}
              rules={[{ required: true, message: t('money.adjustWalletRequired') }]}
            >
              <Select options={WALLETS.map((wallet) => ({ value: wallet, label: walletLabel(wallet) }))} />
            </Form.Item>
          </Col>
        </Row>
        {type === 'crypto' ? <CryptoFields /> : <BankFields />}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="minAmount"
              label={t('channels.minimum')}
              extra={t('channels.minimumHelp')}
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const amount = (value ?? '').trim();
                    return /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/.test(amount) && Number.parseFloat(amount) >= 1
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('channels.minimumInvalid')));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {save.isError && !(save.error instanceof ApiError && save.error.field) ? (
        <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(save.error)} />
      ) : null}
    </Modal>
  );
}
