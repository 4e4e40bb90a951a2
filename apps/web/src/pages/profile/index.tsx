import { AccountType, type UserInfo } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUnreadCountQuery } from '../../api/inbox';
import { useIsLoggedIn } from '../../api/session';
import { useUserInfoQuery } from '../../api/user';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { CountBadge } from '../../components/CountBadge';
import { Icon, type IconName } from '../../components/Icon';
import { Menu, MenuItem } from '../../components/Menu';
import { FundingOverview } from '../../components/money/FundingOverview';
import { Page } from '../../components/Page';
import { QueryBoundary } from '../../components/States';
import { SupportUnreadBadge } from '../../components/SupportUnreadBadge';
import { copyText } from '../../lib/clipboard';
import { toastFailure, toastSuccess } from '../../lib/toast';
import { displayName, initials, kycStatusOf } from '../../lib/userDisplay';

const quickActions: ReadonlyArray<{
  key: 'deposit' | 'withdraw' | 'transfer' | 'transactions';
  icon: IconName;
  to: string;
}> = [
  { key: 'deposit', icon: 'deposit', to: paths.deposit() },
  { key: 'withdraw', icon: 'withdraw', to: paths.withdrawBank() },
  { key: 'transfer', icon: 'transfer', to: paths.transfer() },
  { key: 'transactions', icon: 'list', to: paths.transactions() },
];

function SettingsButton() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.settings()}
      className="icon-button"
      aria-label={t('routes.setting.index')}
      data-testid="nav-settings"
    >
      <Icon name="settings" size={18} />
    </Link>
  );
}

function GuestProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <section className="account-card account-card--guest">
        <div className="avatar avatar--guest" aria-hidden="true">
          <Icon name="user" size={28} />
        </div>
        <h2 className="account-card__name">{t('profile.guestTitle')}</h2>
        <p className="account-card__text">{t('profile.guestText')}</p>
        <div className="hero-card__actions">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.login())}>
            {t('home.login')}
          </Button>
          <Button shape="rounded" onClick={() => navigate(paths.register())}>
            {t('home.register')}
          </Button>
        </div>
      </section>
      <Menu>
        <MenuItem icon="settings" label={t('routes.setting.index')} to={paths.settings()} />
        <MenuItem icon="doc" label={t('routes.auth.protocol')} to={paths.protocol()} />
      </Menu>
    </>
  );
}

function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const kyc = kycStatusOf(user.kycStatus);
  const copyInvitation = async () => {
    if (await copyText(user.invitationCode)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };
  return (
    <section className="account-card" aria-label={t('profile.account')}>
      <div className="account-card__top">
        <div className="avatar" aria-hidden="true">
          {initials(user)}
        </div>
        <div className="account-card__who">
          <h2 className="account-card__name">{displayName(user)}</h2>
          <p className="account-card__email">{user.email}</p>
        </div>
      </div>
      <div className="account-card__tags">
        <span className="tag tag--gold">
          {user.accountType === AccountType.Company ? t('profile.typeCompany') : t('profile.typeIndividual')}
        </span>
        <span className={`tag tag--${kyc.tone}`} data-testid="kyc-status">
          {t(`kyc.status.${kyc.key}`)}
        </span>
      </div>
      <dl className="account-card__facts">
        <div>
          <dt>{t('fields.userId')}</dt>
          <dd data-testid="profile-user-id">{user.userId}</dd>
        </div>
        <div>
          <dt>{t('profile.invitationCode')}</dt>
          <dd className="account-card__code">
            <span className="num" data-testid="profile-invitation-code">
              {user.invitationCode}
            </span>
            <button
              type="button"
              className="copy-button"
              onClick={copyInvitation}
              aria-label={t('profile.copyInvitation')}
            >
              <Icon name="copy" size={14} />
              {t('common.copy')}
            </button>
          </dd>
        </div>
      </dl>
      {user.kycStatus === 2 && user.kycReason && (
        <p className="account-card__reason">
          <Icon name="alert" size={16} />
          {t('kyc.failedReason', { reason: user.kycReason })}
        </p>
      )}
    </section>
  );
}

/** The unread messages as a badge (nothing when there are none or the count is unknown). */
function UnreadBadge() {
  const { t } = useTranslation();
  const count = useUnreadCountQuery().data ?? 0;
  return <CountBadge count={count} label={t('notice.unreadCount', { count })} testId="profile-unread" />;
}

function MemberProfile() {
  const userInfo = useUserInfoQuery();
  return <QueryBoundary query={userInfo}>{(user) => <MemberMenu user={user} />}</QueryBoundary>;
}

function MemberMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const kyc = kycStatusOf(user.kycStatus);

  return (
    <>
      <AccountCard user={user} />
      <FundingOverview />

      <nav className="quick-actions" aria-label={t('profile.money')}>
        {quickActions.map((action) => (
          <Link key={action.key} to={action.to} className="quick-action">
            <span className="quick-action__icon">
              <Icon name={action.icon} size={20} />
            </span>
            <span className="quick-action__label">{t(`profile.actions.${action.key}`)}</span>
          </Link>
        ))}
      </nav>

      <h2 className="section-title">{t('profile.accountSection')}</h2>
      <Menu>
        <MenuItem
          icon="idcard"
          label={t('routes.kyc.individual')}
          value={<span className={`tag tag--${kyc.tone}`}>{t(`kyc.status.${kyc.key}`)}</span>}
          to={paths.kyc()}
        />
        <MenuItem icon="card" label={t('routes.bcard.index')} to={paths.bankCards()} />
        <MenuItem icon="wallet" label={t('routes.vm.index')} to={paths.cryptoWallets()} />
        <MenuItem
          icon="bell"
          label={t('routes.notice.index')}
          value={<UnreadBadge />}
          to={paths.notices()}
          testId="profile-inbox"
        />
        <MenuItem icon="gift" label={t('routes.profile.share')} to={paths.share()} />
        <MenuItem icon="loan" label={t('routes.loan.index')} to={paths.loan()} />
        <MenuItem
          icon="building"
          label={t('routes.product.blocktrade')}
          to={paths.blockTrade()}
          testId="profile-block-trade"
        />
      </Menu>

      <h2 className="section-title">{t('profile.settingsSection')}</h2>
      <Menu>
        <MenuItem icon="shield" label={t('routes.setting.security')} to={paths.security()} />
        <MenuItem icon="settings" label={t('routes.setting.index')} to={paths.settings()} />
        <MenuItem
          icon="headset"
          label={t('routes.service.index')}
          value={<SupportUnreadBadge />}
          to={paths.support()}
          testId="profile-support"
        />
        <MenuItem icon="doc" label={t('routes.auth.protocol')} to={paths.protocol()} />
      </Menu>
    </>
  );
}

export function ProfilePage() {
  const loggedIn = useIsLoggedIn();
  return <Page right={<SettingsButton />}>{loggedIn ? <MemberProfile /> : <GuestProfile />}</Page>;
}
