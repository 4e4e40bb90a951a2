import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { Page } from '../../components/Page';
import { loginPathFor } from '../navigation';
import { paths } from '../paths';
import type { TabName } from '../routes';

interface GuestText {
  icon: IconName;
  title: ParseKeys;
  text: ParseKeys;
}

const GUEST_TEXT: Partial<Record<TabName, GuestText>> = {
  watchlist: { icon: 'star', title: 'guestTab.watchlistTitle', text: 'guestTab.watchlistText' },
  trade: { icon: 'trade', title: 'guestTab.tradeTitle', text: 'guestTab.tradeText' },
};
const FALLBACK: GuestText = { icon: 'user', title: 'profile.guestTitle', text: 'profile.guestText' };

/**
 * A guest on a tab that needs an account (watchlist, trade): the tab stays in its frame with the tab bar, and
 * says what it holds and how to get it, instead of a full-screen login with no way to the other tabs. Logging
 * in comes back to this tab.
 */
export function GuestTabScreen({ tab }: { tab: TabName }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const guest = GUEST_TEXT[tab] ?? FALLBACK;
  return (
    <Page>
      <section className="account-card account-card--guest guest-tab" data-testid="guest-tab" data-tab={tab}>
        <div className="avatar avatar--guest" aria-hidden="true">
          <Icon name={guest.icon} size={28} />
        </div>
        <h2 className="account-card__name">{t(guest.title)}</h2>
        <p className="account-card__text">{t(guest.text)}</p>
        <div className="hero-card__actions">
          <Button
            color="primary"
            shape="rounded"
            data-testid="guest-tab-login"
            onClick={() => navigate(loginPathFor(`${location.pathname}${location.search}`))}
          >
            {t('home.login')}
          </Button>
          <Button shape="rounded" data-testid="guest-tab-register" onClick={() => navigate(paths.register())}>
            {t('home.register')}
          </Button>
        </div>
      </section>
    </Page>
  );
}
