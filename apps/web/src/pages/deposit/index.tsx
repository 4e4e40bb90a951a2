/**
 * Deposit (SPEC §2 deposit/index): how to bring money in. The channels configured in the console,
 * grouped as crypto (asset and network) and bank transfer; each opens its own screen. Deposits need
 * a verified identity (docs/money.md), so an unverified customer is told so first, with the way there.
 */
import { type DepositChannel, ReviewStatus, type UserInfo } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDepositChannelsQuery } from '../../api/deposit';
import { useUserInfoQuery } from '../../api/user';
import { Icon } from '../../components/Icon';
import { Menu, MenuItem } from '../../components/Menu';
import { Page } from '../../components/Page';
import { EmptyState, QueryBoundary } from '../../components/States';
import '../../components/money/money.css';
import { paths } from '../../app/paths';

/** The notice an unverified customer sees on every deposit screen; null once verified. */
export function KycNotice({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  if (user.kycStatus === ReviewStatus.Approved) return null;
  const state = user.kycStatus === ReviewStatus.Pending ? 'pending' : 'needed';
  return (
    <div className="notice" role="note" data-testid="deposit-kyc-notice" data-state={state}>
      <Icon name="idcard" size={20} />
      <div>
        <strong>{t(`deposit.kyc.${state}Title`)}</strong>
        <p>{t(`deposit.kyc.${state}Text`)}</p>
        {state === 'needed' && (
          <Link to={paths.kyc()} className="text-link money-notice__link">
            {t('deposit.kyc.verify')} ›
          </Link>
        )}
      </div>
    </div>
  );
}

/** "History" in the navigation bar. */
export function RecordLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.depositRecord()} className="text-link money-history-link" data-testid="deposit-history-link">
      {t('deposit.history')}
    </Link>
  );
}

function ChannelItem({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const wallet = t(`wallets.${channel.walletType}`);
  if (channel.type === 'crypto') {
    return (
      <MenuItem
        icon="coin"
        label={
          <span className="money-channel">
            {channel.asset} <span className="tag tag--gold">{channel.network}</span>
          </span>
        }
        hint={t('deposit.channelHint', { wallet, currency: channel.currency })}
        to={paths.depositWallet({ channelId: channel.id })}
        testId={`deposit-channel-${channel.id}`}
      />
    );
  }
  return (
    <MenuItem
      icon="building"
      label={t('deposit.bankChannel', { asset: channel.asset })}
      hint={`${channel.bank?.bankName ?? ''} · ${t('deposit.channelHint', { wallet, currency: channel.currency })}`}
      to={paths.depositFiat({ channelId: channel.id })}
      testId={`deposit-channel-${channel.id}`}
    />
  );
}

/** The enabled channels, crypto first, then bank transfer. */
function ChannelList({ channels }: { channels: DepositChannel[] }) {
  const { t } = useTranslation();
  const crypto = channels.filter((c) => c.type === 'crypto');
  const bank = channels.filter((c) => c.type === 'bank');
  return (
    <>
      {crypto.length > 0 && (
        <>
          <h2 className="section-title">{t('deposit.cryptoSection')}</h2>
          <Menu label={t('deposit.cryptoSection')}>
            {crypto.map((c) => (
              <ChannelItem key={c.id} channel={c} />
            ))}
          </Menu>
        </>
      )}
      {bank.length > 0 && (
        <>
          <h2 className="section-title">{t('deposit.bankSection')}</h2>
          <Menu label={t('deposit.bankSection')}>
            {bank.map((c) => (
              <ChannelItem key={c.id} channel={c} />
            ))}
          </Menu>
        </>
      )}
    </>
  );
}

function Channels() {
  const { t } = useTranslation();
  const channels = useDepositChannelsQuery();
  return (
    <QueryBoundary
      query={channels}
      empty={(all) => !all.some((c) => c.enabled)}
      emptyView={
        <EmptyState icon="deposit" title={t('deposit.noChannels')} description={t('deposit.noChannelsText')} />
      }
    >
      {(all) => <ChannelList channels={all.filter((c) => c.enabled)} />}
    </QueryBoundary>
  );
}

export function DepositIndexPage() {
  const { t } = useTranslation();
  const userInfo = useUserInfoQuery();
  return (
    <Page right={<RecordLink />}>
      <p className="page-lead">{t('deposit.lead')}</p>
      <QueryBoundary query={userInfo}>
        {(data) => (
          <>
            <KycNotice user={data} />
            <Channels />
            <h2 className="section-title">{t('deposit.historySection')}</h2>
            <Menu>
              <MenuItem
                icon="list"
                label={t('routes.deposit.record')}
                hint={t('deposit.historyHint')}
                to={paths.depositRecord()}
              />
            </Menu>
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
