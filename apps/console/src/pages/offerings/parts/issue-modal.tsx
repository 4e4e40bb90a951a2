import { Alert, Col, Form, type FormInstance, Input, Modal, Radio } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../api/client';
import { t } from '../../../i18n';
import { saveMarkingRefusals } from '../../../lib/form-refusals';
import { asRule, checks } from '../form';

type Market = 'US' | 'HK';

/**
 * The frame of the primary market's two forms (an offering, a placing): the dialog, a save that marks a refusal about
 * one field on that field and shows any other under the form, and a market switch that brings the market's defaults.
 */
export function IssueModal<F extends { market: Market }>({
  form,
  title,
  saveTestId,
  saving,
  error,
  failedTitle,
  refusedField,
  initialValues,
  marketDefaults,
  save,
  onClose,
  children,
}: {
  form: FormInstance<F>;
  title: string;
  saveTestId: string;
  saving: boolean;
  /** The last save's error (null when it has none). */
  error: unknown;
  failedTitle: string;
  refusedField: (error: unknown) => string | null;
  initialValues: F;
  marketDefaults: Record<Market, Parameters<FormInstance<F>['setFieldsValue']>[0]>;
  save: (values: F) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      okText={t('offerings.save')}
      cancelText={t('offerings.close')}
      onOk={() => saveMarkingRefusals(form, refusedField, save)}
      okButtonProps={{ loading: saving, 'data-testid': saveTestId } as never}
      onCancel={() => {
        if (!saving) onClose();
      }}
      width={760}
      mask={{ closable: false }}
    >
      <Form<F>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onValuesChange={(changed: Partial<F>) => {
          // A new market brings its defaults (the operator may change them after).
          if (changed.market) form.setFieldsValue(marketDefaults[changed.market]);
        }}
      >
        {children}
      </Form>
      {error && refusedField(error) === null ? (
        <Alert type="error" showIcon title={failedTitle} description={errorMessage(error)} />
      ) : null}
    </Modal>
  );
}

/** The market switch of IssueModal's form (US or HK). */
export function MarketField({ span }: { span: number }) {
  return (
    <Col span={span}>
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
  );
}

/** The lot size and the shares offered of IssueModal's form, in whole lots. */
export function LotFields({ sharesTestId }: { sharesTestId: string }) {
  return (
    <>
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
          <Input inputMode="numeric" data-testid={sharesTestId} />
        </Form.Item>
      </Col>
    </>
  );
}

/** The allotment rule of IssueModal's form (ballot or pro rata), with `help` under it where the form gives one. */
export function RuleField({ span, help }: { span: number; help?: string }) {
  return (
    <Col span={span}>
      <Form.Item name="allotmentRule" label={t('offerings.rule')} extra={help}>
        <Radio.Group
          options={[
            { value: 'ballot', label: t('offerings.rules.ballot') },
            { value: 'proRata', label: t('offerings.rules.proRata') },
          ]}
        />
      </Form.Item>
    </Col>
  );
}
