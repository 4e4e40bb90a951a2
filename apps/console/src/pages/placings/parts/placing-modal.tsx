import { placing } from '@beurs/contracts';
import { Col, DatePicker, Form, Input, Radio, Row } from 'antd';
import { type ConsolePlacing, useSavePlacing } from '../../../api/placings';
import { t } from '../../../i18n';
import { asRule } from '../../offerings/form';
import styles from '../../offerings/offerings.module.css';
import { IssueModal, LotFields, MarketField, RuleField } from '../../offerings/parts/issue-modal';
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

  return (
    <IssueModal<PlacingForm>
      form={form}
      title={current ? t('placings.editTitle', { code: current.code }) : t('placings.createTitle')}
      saveTestId="placing-save"
      saving={save.isPending}
      error={save.error}
      failedTitle={t('placings.saveFailed')}
      refusedField={refusedField}
      initialValues={current ? toForm(current) : emptyForm()}
      marketDefaults={MARKET_DEFAULTS}
      save={async (values) => {
        const saved = await save.mutateAsync({ id: current?.id ?? null, input: toInput(values) });
        onSaved(saved, current === null);
      }}
      onClose={onClose}
    >
      <Row gutter={16}>
        <MarketField span={10} />
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
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} className={styles.fullWidth} />
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
        <LotFields sharesTestId="placing-shares" />
        <Col span={6}>
          <Form.Item name="fee" label={t('placings.fee', { currency })} rules={[asRule(checks.fee)]}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <RuleField span={6} />
      </Row>
    </IssueModal>
  );
}
