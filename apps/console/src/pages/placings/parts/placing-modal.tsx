import { placing } from '@beurs/contracts';
import { Alert, Col, DatePicker, Form, Input, Modal, Radio, Row } from 'antd';
import { errorMessage } from '../../../api/client';
import { type ConsolePlacing, useSavePlacing } from '../../../api/placings';
import { t } from '../../../i18n';
import { saveMarkingRefusals } from '../../../lib/form-refusals';
import { asRule } from '../../offerings/form';
import styles from '../../offerings/offerings.module.css';
import { checks, emptyForm, MARKET_DEFAULTS, type PlacingForm, refusedField, toForm, toInput } from '../form';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Creates a placing (`placing` null) or changes one whose window has not opened. */
export function PlacingModal({
  placing: current,
  onClose,
  onSaved,
}: {
  placing: ConsolePlacing | null;
  onClose: () => void;
  onSaved: (saved: ConsolePlacing, created: boolean) => void;
}) {
  const [form] = Form.useForm<PlacingForm>();
  const save = useSavePlacing();
  const market = Form.useWatch('market', form) ?? current?.market ?? 'US';
  const currency = market === 'US' ? 'USD' : 'HKD';

  const submit = () =>
    saveMarkingRefusals(form, refusedField, async (values) => {
      const saved = await save.mutateAsync({ id: current?.id ?? null, input: toInput(values) });
      onSaved(saved, current === null);
    });

  return (
    <Modal
      open
      title={current ? t('placings.editTitle', { code: current.code }) : t('placings.createTitle')}
      okText={t('offerings.save')}
      cancelText={t('offerings.close')}
      onOk={submit}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'placing-save' } as never}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      width={760}
      mask={{ closable: false }}
    >
      <Form<PlacingForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={current ? toForm(current) : emptyForm()}
        onValuesChange={(changed: Partial<PlacingForm>) => {
          // A new market brings its lot, fee and allotment rule (the operator may change them after).
          if (changed.market) form.setFieldsValue(MARKET_DEFAULTS[changed.market]);
        }}
      >
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="market" label={t('offerings.market')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'US', label: t('offerings.markets.US') },
                  { value: 'HK', label: t('offerings.markets.HK') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="kind" label={t('placings.kind')} extra={t('placings.kindHelp')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={placing.PLACING_KINDS.map((k) => ({ value: k, label: k }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="code"
              label={t('placings.stock')}
              extra={t(market === 'US' ? 'placings.codeHelpUS' : 'placings.codeHelpHK')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[asRule(checks.code)]}
            >
              <Input maxLength={10} data-testid="placing-code" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="window"
              label={t('placings.window')}
              extra={t('placings.windowHelp')}
              rules={[{ required: true, message: t('offerings.dateRequired') }]}
            >
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format={TIME_FORMAT}
                className={styles.fullWidth}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="discount"
              label={t('placings.discount')}
              extra={t('placings.discountHelp')}
              rules={[asRule(checks.discount)]}
            >
              <Input inputMode="decimal" suffix="%" data-testid="placing-discount" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="lockupDays" label={t('placings.lockupDays')} rules={[asRule(checks.lockup)]}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="lotSize" label={t('offerings.lotSize')} rules={[asRule(checks.whole)]}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="sharesOffered"
              label={t('offerings.sharesOffered')}
              dependencies={['lotSize']}
              rules={[
                asRule(checks.whole),
                ({ getFieldValue }) => asRule((shares) => checks.lots(shares, String(getFieldValue('lotSize') ?? ''))),
              ]}
            >
              <Input inputMode="numeric" data-testid="placing-shares" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="fee" label={t('placings.fee', { currency })} rules={[asRule(checks.fee)]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="allotmentRule" label={t('offerings.rule')}>
              <Radio.Group
                options={[
                  { value: 'ballot', label: t('offerings.rules.ballot') },
                  { value: 'proRata', label: t('offerings.rules.proRata') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {save.isError && refusedField(save.error) === null ? (
        <Alert type="error" showIcon title={t('placings.saveFailed')} description={errorMessage(save.error)} />
      ) : null}
    </Modal>
  );
}
