import { Alert, Col, Form, Input, Row, Typography } from 'antd';
import type { TradingSetting } from '../../../api/queries';
import { t } from '../../../i18n';
import { asRule, leverageError, minQuantityError, rateError, ratePercent, type SettingForm } from '../rules';
import styles from '../trading-settings.module.css';
import type { SettingFormState } from '../use-setting-form';

/** What the typed fraction means, once it is a valid rate. */
function preview(rate: string) {
  return rateError(rate ?? '') === null
    ? t('tradingSettings.ratePreview', { percent: ratePercent(rate.trim()) })
    : undefined;
}

/** The dialog's first step: the four rules, checked as the server checks them. */
export function SettingFields({ setting, state }: { setting: TradingSetting; state: SettingFormState }) {
  const { form, review } = state;
  const buyRate = Form.useWatch('buyRate', form) ?? setting.buyRate;
  const sellRate = Form.useWatch('sellRate', form) ?? setting.sellRate;
  const input = (inputMode: 'numeric' | 'decimal') => (
    <Input inputMode={inputMode} autoComplete="off" onPressEnter={review} className={styles.maxWidth160} />
  );
  return (
    <>
      <Form<SettingForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={state.before}
        onValuesChange={state.edited}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="leverageCap"
              label={t('tradingSettings.leverageCap')}
              extra={t('tradingSettings.leverageHelp', { cap: setting.esmaCap })}
              rules={[asRule((value) => leverageError(value, setting.esmaCap))]}
            >
              <Input
                inputMode="numeric"
                suffix=":1"
                autoComplete="off"
                onPressEnter={review}
                className={styles.maxWidth160}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="minQuantity"
              label={t('tradingSettings.minQuantity')}
              extra={t('tradingSettings.minQuantityHelp')}
              rules={[asRule(minQuantityError)]}
            >
              {input('numeric')}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="buyRate"
              label={t('tradingSettings.buyRate')}
              rules={[asRule(rateError)]}
              extra={preview(buyRate)}
            >
              {input('decimal')}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="sellRate"
              label={t('tradingSettings.sellRate')}
              rules={[asRule(rateError)]}
              extra={preview(sellRate)}
            >
              {input('decimal')}
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" className={styles.smallFlush}>
          {t('tradingSettings.rateHelp')}
        </Typography.Paragraph>
      </Form>
      {state.unchanged ? (
        <Alert type="info" showIcon title={t('tradingSettings.unchanged')} className={styles.belowSection} />
      ) : null}
    </>
  );
}
