/**
 * Publishing a fund product: the code, the name in three languages, the type and its terms (a Regular's term and
 * annual rate, a Current's management fee), the minimum. The terms are fixed once published; the dialog says so.
 */
import { funds } from '@beurs/contracts';
import { Alert, Col, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import { errorMessage } from '../../api/client';
import { type FundProductInput, usePublishFundProduct } from '../../api/funds';
import { amountRule } from '../../components/customer-money/rules';
import { t } from '../../i18n';
import { refusedFieldOf, saveMarkingRefusals } from '../../lib/form-refusals';
import styles from '../offerings/offerings.module.css';

interface PublishForm {
  code: string;
  name: string;
  nameNl: string;
  nameZh: string;
  type: 'regular' | 'current';
  termDays?: number;
  annualRate?: string;
  managementFee?: string;
  minAmount: string;
}

const initial: PublishForm = {
  code: '',
  name: '',
  nameNl: '',
  nameZh: '',
  type: 'regular',
  termDays: 90,
  annualRate: '',
  managementFee: '',
  minAmount: '100',
};

const percentRule = (max: number) => ({
  validator: (_: unknown, value: string | undefined) => {
    const v = (value ?? '').trim();
    return funds.FUND_PERCENT_PATTERN.test(v) && Number.parseFloat(v) <= max
      ? Promise.resolve()
      : Promise.reject(new Error(t('funds.rateInvalid', { max })));
  },
});

function toInput(form: PublishForm): FundProductInput {
  const regular = form.type === 'regular';
  return {
    code: form.code.trim().toUpperCase(),
    name: form.name.trim(),
    nameNl: form.nameNl.trim(),
    nameZh: form.nameZh.trim(),
    type: form.type,
    termDays: regular ? (form.termDays ?? null) : null,
    annualRate: regular ? (form.annualRate?.trim() ?? null) : null,
    managementFee: regular ? null : (form.managementFee?.trim() ?? null),
    minAmount: form.minAmount.trim(),
  };
}

export function PublishModal({ onClose, onPublished }: { onClose: () => void; onPublished: (code: string) => void }) {
  const [form] = Form.useForm<PublishForm>();
  const publish = usePublishFundProduct();
  const type = Form.useWatch('type', form) ?? 'regular';
  const required = [{ required: true, whitespace: true, message: t('funds.nameRequired') }];

  const submit = () =>
    saveMarkingRefusals(
      form,
      (error) => refusedFieldOf(error, initial as unknown as Record<keyof PublishForm, unknown>),
      async (values) => {
        const created = await publish.mutateAsync(toInput(values));
        onPublished(created.code);
      },
    );

  return (
    <Modal
      open
      title={t('funds.publishTitle')}
      okText={t('funds.publish')}
      cancelText={t('funds.cancel')}
      onOk={submit}
      okButtonProps={{ loading: publish.isPending }}
      onCancel={onClose}
      width={720}
      mask={{ closable: false }}
    >
      <Alert type="info" showIcon title={t('funds.termsFixed')} className={styles.section} />
      <Form<PublishForm> form={form} layout="vertical" requiredMark={false} initialValues={initial}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('funds.code')}
              extra={t('funds.codeHelp')}
              normalize={(v: string) => v.toUpperCase()}
              rules={[{ pattern: /^[A-Z0-9][A-Z0-9-]{1,19}$/, required: true, message: t('funds.codeInvalid') }]}
            >
              <Input maxLength={20} placeholder="KM-FIX60" data-testid="fund-code" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="type" label={t('funds.type')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={funds.FUND_TYPES.map((value) => ({ value, label: t(`funds.types.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="name" label={t('funds.nameEn')} rules={required}>
              <Input maxLength={100} data-testid="fund-name-en" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="nameNl" label={t('funds.nameNl')} rules={required}>
              <Input maxLength={100} data-testid="fund-name-nl" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="nameZh" label={t('funds.nameZh')} rules={required}>
              <Input maxLength={100} data-testid="fund-name-zh" />
            </Form.Item>
          </Col>
          {type === 'regular' ? (
            <>
              <Col span={8}>
                <Form.Item
                  name="termDays"
                  label={t('funds.termDays')}
                  rules={[
                    {
                      required: true,
                      type: 'integer',
                      min: 1,
                      max: funds.FUND_MAX_TERM_DAYS,
                      message: t('funds.termInvalid', { max: funds.FUND_MAX_TERM_DAYS }),
                    },
                  ]}
                >
                  <InputNumber
                    min={1}
                    max={funds.FUND_MAX_TERM_DAYS}
                    precision={0}
                    className={styles.fullWidth}
                    data-testid="fund-term"
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="annualRate"
                  label={t('funds.annualRate')}
                  extra={t('funds.annualRateHelp')}
                  rules={[percentRule(funds.FUND_MAX_RATE)]}
                >
                  <Input inputMode="decimal" suffix="%" data-testid="fund-rate" />
                </Form.Item>
              </Col>
            </>
          ) : (
            <Col span={16}>
              <Form.Item
                name="managementFee"
                label={t('funds.managementFee')}
                extra={t('funds.managementFeeHelp')}
                rules={[percentRule(funds.FUND_MAX_FEE)]}
              >
                <Input inputMode="decimal" suffix="%" data-testid="fund-fee" />
              </Form.Item>
            </Col>
          )}
          <Col span={8}>
            <Form.Item
              name="minAmount"
              label={t('funds.minimum')}
              rules={[{ validator: (_, value: string | undefined) => amountRule(value, t('funds.minimumInvalid')) }]}
            >
              <Input inputMode="decimal" suffix="EUR" data-testid="fund-minimum" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {publish.isError &&
      refusedFieldOf(publish.error, initial as unknown as Record<keyof PublishForm, unknown>) === null ? (
        <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(publish.error)} />
      ) : null}
    </Modal>
  );
}
