import { consolePrimary } from '@beurs/contracts';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { type ConsoleOffering, useSaveOffering } from '../../../api/primary';
import { t } from '../../../i18n';
import { asRule, checks, emptyForm, MARKET_DEFAULTS, type OfferingForm, refusedField, toForm, toInput } from '../form';
import styles from '../offerings.module.css';
import { IssueModal, LotFields, MarketField, RuleField } from './issue-modal';

const required = (message: string) => [{ required: true, whitespace: true, message }];
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Creates an offering (`offering` null) or changes one whose window has not opened. */
export function OfferingModal({
  offering,
  onClose,
  onSaved,
}: {
  offering: ConsoleOffering | null;
  onClose: () => void;
  onSaved: (saved: ConsoleOffering, created: boolean) => void;
}) {
  const [form] = Form.useForm<OfferingForm>();
  const save = useSaveOffering();
  const market = Form.useWatch('market', form) ?? offering?.market ?? 'US';

  return (
    <IssueModal<OfferingForm>
      form={form}
      title={offering ? t('offerings.editTitle', { code: offering.code }) : t('offerings.createTitle')}
      saveTestId="offering-save"
      saving={save.isPending}
      error={save.error}
      failedTitle={t('offerings.saveFailed')}
      refusedField={refusedField}
      initialValues={offering ? toForm(offering) : emptyForm()}
      marketDefaults={MARKET_DEFAULTS}
      save={async (values) => {
        const saved = await save.mutateAsync({ id: offering?.id ?? null, input: toInput(values) });
        onSaved(saved, offering === null);
      }}
      onClose={onClose}
    >
      <Row gutter={16}>
        <MarketField span={8} />
        <Col span={8}>
          <Form.Item name="exchange" label={t('offerings.exchange')}>
            <Select options={consolePrimary.OFFERING_EXCHANGES[market].map((code) => ({ value: code, label: code }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="code"
            label={t('offerings.code')}
            extra={t(market === 'US' ? 'offerings.codeHelpUS' : 'offerings.codeHelpHK')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[asRule((value) => checks.code(value, market))]}
          >
            <Input maxLength={5} data-testid="offering-code" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="issuer" label={t('offerings.issuer')} rules={required(t('offerings.issuerRequired'))}>
            <Input maxLength={100} data-testid="offering-issuer" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="issuerZh" label={t('offerings.issuerZh')} extra={t('offerings.issuerZhHelp')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name="prospectusAt"
            label={t('offerings.prospectus')}
            rules={[{ required: true, message: t('offerings.dateRequired') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} className={styles.fullWidth} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="window"
            label={t('offerings.window')}
            extra={t('offerings.windowHelp')}
            rules={[{ required: true, message: t('offerings.dateRequired') }]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} className={styles.fullWidth} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="listingAt"
            label={t('offerings.listing')}
            rules={[{ required: true, message: t('offerings.dateRequired') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} className={styles.fullWidth} />
          </Form.Item>
        </Col>
      </Row>
      <PriceFields currency={market === 'US' ? 'USD' : 'HKD'} />
    </IssueModal>
  );
}

/** The price range, lots, fee and allotment rule. */
function PriceFields({ currency }: { currency: string }) {
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item
          name="priceMin"
          label={t('offerings.priceMin', { currency })}
          rules={[asRule(checks.price)]}
          extra={t('offerings.fixedPriceHelp')}
        >
          <Input inputMode="decimal" data-testid="offering-price-min" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item
          name="priceMax"
          label={t('offerings.priceMax', { currency })}
          dependencies={['priceMin']}
          rules={[
            asRule(checks.price),
            ({ getFieldValue }) => asRule((max) => checks.range(String(getFieldValue('priceMin') ?? ''), max)),
          ]}
        >
          <Input inputMode="decimal" data-testid="offering-price-max" />
        </Form.Item>
      </Col>
      <LotFields sharesTestId="offering-shares" />
      <Col span={6}>
        <Form.Item name="fee" label={t('offerings.fee', { currency })} rules={[asRule(checks.fee)]}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Col>
      <RuleField span={18} help={t('offerings.ruleHelp')} />
    </Row>
  );
}
