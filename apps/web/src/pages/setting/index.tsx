import { APP_VERSION } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/auth';
import { useIsLoggedIn } from '../../api/session';
import { useAppVersionQuery } from '../../api/user';
import { LANGUAGE_NAMES } from '../../app/i18n';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { LanguageSheet } from '../../components/LanguageSheet';
import { Menu, MenuItem } from '../../components/Menu';
import { Page } from '../../components/Page';
import { SupportUnreadBadge } from '../../components/SupportUnreadBadge';
import { useFormatters } from '../../lib/format';
import { useLanguageSwitch } from '../../lib/useLanguageSwitch';

function VersionItem() {
  const { t } = useTranslation();
  const f = useFormatters();
  const version = useAppVersionQuery();
  const value = version.isPending
    ? t('common.loading')
    : version.isError
      ? t('settings.versionUnavailable')
      : version.data.version;

  const showDetails = () => {
    if (version.isError) {
      void version.refetch();
      return;
    }
    if (!version.data) return;
    Dialog.alert({
      title: t('settings.versionTitle', { version: version.data.version }),
      content: (
        <div className="version-details">
          {version.data.releasedAt && (
            <p>{t('settings.releasedAt', { date: f.dateTime(version.data.releasedAt, 'date') })}</p>
          )}
          {version.data.notes && <p>{version.data.notes}</p>}
          <p className="version-details__build">{t('settings.thisBuild', { version: APP_VERSION })}</p>
        </div>
      ),
      confirmText: t('common.ok'),
    });
  };

  return (
    <MenuItem
      icon="info"
      label={t('settings.version')}
      hint={version.isError ? t('settings.versionRetry') : undefined}
      value={value}
      onClick={showDetails}
    />
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const { language } = useLanguageSwitch();
  const [languageOpen, setLanguageOpen] = useState(false);
  const logout = useLogoutMutation();

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      title: t('settings.logoutTitle'),
      content: t('settings.logoutText'),
      confirmText: t('settings.logoutConfirm'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) logout.mutate();
  };

  return (
    <Page>
      <h2 className="section-title">{t('settings.general')}</h2>
      <Menu>
        <MenuItem
          icon="globe"
          label={t('settings.language')}
          value={LANGUAGE_NAMES[language]}
          onClick={() => setLanguageOpen(true)}
          testId="setting-language"
        />
        {loggedIn && <MenuItem icon="shield" label={t('routes.setting.security')} to={paths.security()} />}
      </Menu>

      <h2 className="section-title">{t('settings.about')}</h2>
      <Menu>
        <MenuItem
          icon="headset"
          label={t('routes.service.index')}
          value={<SupportUnreadBadge testId="setting-support-unread" />}
          to={paths.support()}
          testId="setting-support"
        />
        <MenuItem icon="doc" label={t('routes.auth.protocol')} to={paths.protocol()} />
        <MenuItem icon="doc" label={t('routes.setting.fees')} to={paths.fees()} testId="setting-fees" />
        <VersionItem />
      </Menu>

      {loggedIn ? (
        <div className="settings-logout">
          <Button block size="large" onClick={confirmLogout} loading={logout.isPending}>
            {t('settings.logout')}
          </Button>
        </div>
      ) : (
        <div className="settings-logout">
          <Button block color="primary" size="large" onClick={() => navigate(paths.login())}>
            {t('home.login')}
          </Button>
        </div>
      )}

      <LanguageSheet visible={languageOpen} onClose={() => setLanguageOpen(false)} />
    </Page>
  );
}
