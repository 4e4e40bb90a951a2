import { Button, Flex, Modal } from 'antd';
import type { TradingSetting } from '../../../api/queries';
import { t } from '../../../i18n';
import { assetClassLabel } from '../rules';
import { useSettingForm } from '../use-setting-form';
import { SettingChanges } from './setting-changes';
import { SettingFields } from './setting-fields';

/**
 * Two steps in one dialog: the form (checked as the server checks it), then the confirmation listing
 * each value that changes, before and after. A value the server refuses goes back to the form, on its field.
 */
export function SettingModal({
  setting,
  onClose,
  onSaved,
}: {
  setting: TradingSetting;
  onClose: () => void;
  onSaved: (saved: TradingSetting) => void;
}) {
  const state = useSettingForm(setting, onSaved);
  const { confirming, update } = state;
  const label = assetClassLabel(setting.assetClass);
  return (
    <Modal
      open
      title={
        confirming
          ? t('tradingSettings.confirmTitle', { assetClass: label })
          : t('tradingSettings.editTitle', { assetClass: label })
      }
      onCancel={() => {
        if (!update.isPending) onClose();
      }}
      mask={{ closable: false }}
      width={640}
      footer={
        confirming ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={state.back} disabled={update.isPending}>
              {t('tradingSettings.back')}
            </Button>
            <Button type="primary" onClick={state.save} loading={update.isPending}>
              {t('tradingSettings.confirmOk')}
            </Button>
          </Flex>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('tradingSettings.cancel')}</Button>
            <Button type="primary" onClick={state.review}>
              {t('tradingSettings.review')}
            </Button>
          </Flex>
        )
      }
    >
      {/* The form stays mounted under the confirmation, so Back returns to what was typed. */}
      <div hidden={confirming !== null}>
        <SettingFields setting={setting} state={state} />
      </div>
      {confirming ? <SettingChanges state={state} /> : null}
    </Modal>
  );
}
