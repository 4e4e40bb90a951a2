import { Button } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrandQuery } from '../../api/dict';
import { useIsLoggedIn } from '../../api/session';
import { useUserInfoQuery } from '../../api/user';
import { PROFILE_PATH } from '../../app/navigation';
import { BrandMark } from '../../components/BrandMark';
import { Figures } from '../../components/Figures';
import { Icon, type IconName } from '../../components/Icon';
import { LanguageButton } from '../../components/LanguageSheet';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { displayName, greetingKey } from '../../lib/userDisplay';

const pledges: ReadonlyArray<{ key: 'ledger' | 'withdraw' | 'prices'; icon: IconName }> = [
  { key: 'ledger', icon: 'list' },
  { key: 'withdraw', icon: 'withdraw' },
  { key: 'prices', icon: 'pulse' },
];

function Greeting() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const userInfo = useUserInfoQuery();

  if (!loggedIn) {
    return (
      <section className="hero-card">
        <h2 className="hero-card__title">{t('home.guestTitle')}</h2>
        <p className="hero-card__text">{t('home.guestText')}</p>
        <div className="hero-card__actions">
          <Button color="primary" shape="rounded" onClick={() => navigate('/pages/auth/login')}>
            {t('home.login')}
          </Button>
          <Button shape="rounded" onClick={() => navigate('/pages/auth/register')}>
            {t('home.register')}
          </Button>
        </div>
      </section>
    );
  }

  const user = userInfo.data;
  return (
    <section className="hero-card">
      <p className="hero-card__eyebrow">{t(`home.greeting.${greetingKey(dayjs().hour())}`)}</p>
      <h2 className="hero-card__title">
        {user ? (
          displayName(user)
        ) : userInfo.isError ? (
          t('home.welcomeBack')
        ) : (
          <span className="skeleton-text" role="status" aria-label={t('common.loading')} />
        )}
      </h2>
      {userInfo.isError ? (
        <p className="hero-card__text">{t('home.userFailed')}</p>
      ) : (
        <p className="hero-card__text">{t('home.memberText')}</p>
      )}
      <div className="hero-card__actions">
        <Button color="primary" shape="rounded" onClick={() => navigate(PROFILE_PATH, { replace: true })}>
          {t('home.myAccount')}
        </Button>
      </div>
    </section>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { brand } = useBrandQuery();

  return (
    <Page
      header={
        <header className="home-header">
          <div className="home-header__brand">
            <BrandMark size={36} />
            <div>
              <h1 className="home-header__name">{brand.name}</h1>
              <p className="home-header__tagline">{brand.tagline ?? t('home.tagline')}</p>
            </div>
          </div>
          <LanguageButton />
        </header>
      }
    >
      <Greeting />
      <SimulatedNotice />

      <h2 className="section-title">{t('home.reachTitle')}</h2>
      <Figures />

      <h2 className="section-title">{t('home.pledgesTitle')}</h2>
      <ul className="pledges">
        {pledges.map((pledge) => (
          <li key={pledge.key} className="pledge">
            <span className="pledge__icon">
              <Icon name={pledge.icon} size={20} />
            </span>
            <div>
              <strong>{t(`home.pledges.${pledge.key}.title`)}</strong>
              <p>{t(`home.pledges.${pledge.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}
