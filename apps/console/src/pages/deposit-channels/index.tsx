/** Where customers send deposits: crypto addresses and bank accounts. Admins add and change them. */
import { roleAtLeast } from '@beurs/contracts';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type DepositChannel, useDepositChannels, useSaveDepositChannel } from '../../api/queries';
import { ErrorAlert } from '../../components/error-alert';
import { ListHeader, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { useOperator } from '../../lib/use-operator';
import { useTitle } from '../../lib/use-title';
import styles from './deposit-channels.module.css';
import { toForm, toInput } from './form';
import { ChannelModal } from './parts/channel-modal';
import { ChannelsTable } from './parts/channels-table';

export function DepositChannelsPage() {
  useTitle(t('channels.title'));
  const operator = useOperator();
  const isAdmin = roleAtLeast(operator.role, 'admin');
  const channels = useDepositChannels();
  const save = useSaveDepositChannel();
  const { message } = App.useApp();
  /**
   * The add/edit dialog: the channel being edited (null: a new one). Each opening gets a new `seq`,
   * so the dialog (and its form) starts fresh instead of keeping the previous channel's fields.
   */
  const [dialog, setDialog] = useState<{ open: boolean; channel: DepositChannel | null; seq: number }>({
    open: false,
    channel: null,
    seq: 0,
  });
  const openDialog = (channel: DepositChannel | null) => setDialog((d) => ({ open: true, channel, seq: d.seq + 1 }));
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  const toggle = async (channel: DepositChannel, enabled: boolean) => {
    try {
      await save.mutateAsync({ id: channel.id, input: toInput({ ...toForm(channel), enabled }) });
      void message.success(
        enabled
          ? t('channels.enabledNow', { asset: channel.asset })
          : t('channels.disabledNow', { asset: channel.asset }),
      );
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  return (
    <>
      <ListHeader
        title={t('channels.title')}
        hint={t('channels.hint')}
        extra={
          <>
            <RefreshButton query={channels} />
            {isAdmin ? (
              <Button type="primary" onClick={() => openDialog(null)}>
                {t('channels.add')}
              </Button>
            ) : null}
          </>
        }
      />
      {isAdmin ? null : <Alert type="info" showIcon title={t('channels.readOnly')} className={styles.section} />}
      {channels.isError ? <ErrorAlert error={channels.error} onRetry={() => channels.refetch()} /> : null}
      <ChannelsTable channels={channels} isAdmin={isAdmin} save={save} toggle={toggle} openDialog={openDialog} />
      {isAdmin ? (
        <ChannelModal
          key={dialog.seq}
          open={dialog.open}
          channel={dialog.channel}
          onClose={closeDialog}
          onSaved={(created) => {
            void message.success(created ? t('channels.created') : t('channels.saved'));
            closeDialog();
          }}
        />
      ) : null}
    </>
  );
}
