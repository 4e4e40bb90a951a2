/**
 * The published trading rules per asset class: leverage cap (never above the ESMA retail limit), buy and
 * sell fee rates and the minimum quantity. Everyone may read them; the roles the contract allows (admins)
 * change one asset class at a time, after a confirmation that lists what changes. The server audits it.
 */
import { consoleTrading } from '@beurs/contracts';
import { Alert, App } from 'antd';
import { useState } from 'react';
import { type TradingSetting, useTradingSettings } from '../../api/queries';
import { ErrorAlert } from '../../components/error-alert';
import { ListHeader, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { useOperator } from '../../lib/use-operator';
import { useTitle } from '../../lib/use-title';
import { SettingModal } from './parts/setting-modal';
import { SettingsTable } from './parts/settings-table';
import { assetClassLabel, mayCall } from './rules';
import styles from './trading-settings.module.css';

export function TradingSettingsPage() {
  useTitle(t('tradingSettings.title'));
  const operator = useOperator();
  const canChange = mayCall(operator, consoleTrading.tradingSettingUpdate);
  const settings = useTradingSettings();
  const { message } = App.useApp();
  /** The asset class being edited; each opening gets a new `seq`, so the dialog starts fresh. */
  const [dialog, setDialog] = useState<{ setting: TradingSetting | null; seq: number }>({ setting: null, seq: 0 });

  return (
    <>
      <ListHeader
        title={t('tradingSettings.title')}
        hint={t('tradingSettings.hint')}
        extra={<RefreshButton query={settings} />}
      />
      {canChange ? (
        <Alert
          type="info"
          showIcon
          title={t('tradingSettings.esmaNote')}
          description={t('tradingSettings.auditNote')}
          className={styles.section}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('tradingSettings.readOnly')}
          description={t('tradingSettings.esmaNote')}
          className={styles.section}
          data-testid="trading-read-only"
        />
      )}
      {settings.isError ? <ErrorAlert error={settings.error} onRetry={() => settings.refetch()} /> : null}
      <SettingsTable
        settings={settings}
        onEdit={canChange ? (row) => setDialog((d) => ({ setting: row, seq: d.seq + 1 })) : null}
      />
      {canChange && dialog.setting ? (
        <SettingModal
          key={dialog.seq}
          setting={dialog.setting}
          onClose={() => setDialog((d) => ({ ...d, setting: null }))}
          onSaved={(saved) => {
            void message.success(t('tradingSettings.saved', { assetClass: assetClassLabel(saved.assetClass) }));
            setDialog((d) => ({ ...d, setting: null }));
          }}
        />
      ) : null}
    </>
  );
}
