import { Alert, Flex, Input, Table, Typography } from 'antd';
import { errorMessage } from '../../../api/client';
import { t } from '../../../i18n';
import { type Field, fieldLabel, refusedField } from '../rules';
import styles from '../trading-settings.module.css';
import type { SettingFormState } from '../use-setting-form';

/** The dialog's second step: each value that changes, before and after, and the optional reason. */
export function SettingChanges({ state }: { state: SettingFormState }) {
  const { update } = state;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph className={styles.flush}>{t('tradingSettings.confirmBody')}</Typography.Paragraph>
      <Table
        rowKey="field"
        size="small"
        pagination={false}
        dataSource={state.changes}
        columns={[
          { title: t('tradingSettings.setting'), dataIndex: 'field', render: (field: Field) => fieldLabel[field] },
          { title: t('tradingSettings.now'), dataIndex: 'before' },
          {
            title: t('tradingSettings.new'),
            dataIndex: 'after',
            render: (after: string) => <Typography.Text strong>{after}</Typography.Text>,
          },
        ]}
        data-testid="setting-changes"
      />
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('tradingSettings.reason')}</Typography.Text>
        <Input.TextArea
          aria-label={t('tradingSettings.reason')}
          placeholder={t('tradingSettings.reasonPlaceholder')}
          value={state.reason}
          onChange={(e) => state.setReason(e.target.value)}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          disabled={update.isPending}
        />
      </Flex>
      <Alert type="info" showIcon title={t('tradingSettings.auditNote')} />
      {update.isError && refusedField(update.error) === null ? (
        <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(update.error)} />
      ) : null}
    </Flex>
  );
}
