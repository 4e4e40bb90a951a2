import { useTranslation } from 'react-i18next';
import { useTotpStatusQuery } from '../../api/totp';
import { useUserInfoQuery } from '../../api/user';
import { paths } from '../../app/paths';
import { Menu, MenuItem } from '../../components/Menu';
import { Page } from '../../components/Page';
import { QueryBoundary } from '../../components/States';

export function SecurityPage() {
  const { t } = useTranslation();
  const userInfo = useUserInfoQuery();
  const totp = useTotpStatusQuery();

  return (
    <Page>
      <p className="page-lead">{t('security.lead')}</p>
      <QueryBoundary query={userInfo}>
        {(data) => (
          <Menu>
            <MenuItem
              icon="lock"
              label={t('routes.setting.loginpwd')}
              hint={t('security.loginPasswordHint')}
              value={t('security.change')}
              to={paths.loginPassword()}
            />
            <MenuItem
              icon="key"
              label={t('routes.setting.paypwd')}
              hint={t('security.payPasswordHint')}
              value={
                data.hasPayPassword ? t('security.change') : <span className="tag tag--warn">{t('security.set')}</span>
              }
              to={paths.payPassword()}
              testId="pay-password-entry"
            />
            <MenuItem
              icon="shield"
              label={t('security.totp')}
              hint={t('security.totpHint')}
              value={totp.data?.enabled ? t('security.on') : <span className="tag tag--warn">{t('security.off')}</span>}
              to={paths.totp()}
              testId="totp-entry"
            />
          </Menu>
        )}
      </QueryBoundary>
    </Page>
  );
}
