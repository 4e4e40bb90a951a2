import { Button, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { t } from '../../../i18n';
import styles from '../customer-money.module.css';
import { type AdjustForm, amountRule, categoryOptions, reasonRule, walletOptions } from '../rules';
import type { AdjustmentFormState } from '../use-adjustment-form';

/** The proposal's form, checked as the server checks it; submitting opens the confirmation. */
export function AdjustmentFields({ state }: { state: AdjustmentFormState }) {
  return (
    <Form<AdjustForm>
      form={state.form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ walletType: 'BALANCE', direction: 'credit' }}
      onFinish={state.review}
    >
      <Flex gap={12}>
        <Form.Item
          name="walletType"
          label={t('money.adjustWallet')}
          rules={[{ required: true, message: t('money.adjustWalletRequired') }]}
          className={styles.grow}
        >
          <Select options={walletOptions} />
        </Form.Item>
        <Form.Item name="direction" label={t('money.adjustDirection')} className={styles.grow}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'credit', label: t('money.credit') },
              { value: 'debit', label: t('money.debit') },
            ]}
          />
        </Form.Item>
      </Flex>
      <Flex gap={12}>
        <Form.Item
          name="amount"
          label={t('money.adjustAmount')}
          rules={[{ validator: (_, value: string | undefined) => amountRule(value) }]}
          className={styles.grow}
        >
          <Input placeholder="25.00" inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="category"
          label={t('money.adjustCategory')}
          rules={[{ required: true, message: t('money.adjustCategoryRequired') }]}
          className={styles.grow}
        >
          <Select options={categoryOptions} />
        </Form.Item>
      </Flex>
      <Typography.Text type="secondary" className={styles.fieldNote}>
        {t('money.adjustAmountHelp')}
      </Typography.Text>
      <Form.Item
        name="reason"
        label={t('money.adjustReason')}
        extra={t('money.adjustReasonHelp')}
        rules={[{ validator: (_, value: string | undefined) => reasonRule(value) }]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('money.adjustSubmit')}
      </Button>
    </Form>
  );
}
