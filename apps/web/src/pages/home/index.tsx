import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useBrandQuery } from '../../api/dict';
import { useHomeCustomListQuery, useQuoteListQuery } from '../../api/market';
import { useIsLoggedIn } from '../../api/session';
import { useUserInfoQuery } from '../../api/user';
import { loginPathFor } from '../../app/navigation';
import { paths } from '../../app/paths';
import { BrandMark } from '../../components/BrandMark';
import { Button } from '../../components/Button';
import { Figures } from '../../components/Figures';
import { Icon, type IconName } from '../../components/Icon';
import { LanguageButton } from '../../components/LanguageSheet';
import { IndexStrip } from '../../components/market/IndexStrip';
import { LiveBadge } from '../../components/market/LiveBadge';
import { Movers } from '../../components/market/Movers';
import { QuoteList } from '../../components/market/QuoteList';
import { NewsSlot } from '../../components/news/NewsSlot';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import { WhenNear } from '../../components/WhenNear';
import { displayName, greetingKey } from '../../lib/userDisplay';
import './home.css';

const pledges: ReadonlyArray<{ key: 'ledger' | 'withdraw' | 'prices'; icon: IconName }> = [
  { key: 'ledger', icon: 'list' },
  { key: 'withdraw', icon: 'withdraw' },
  { key: 'prices', icon: 'pulse' },
];

/**
 * The primary markets' entries (issue 15), a compact row under the greeting: plain links with the market tab's own
 * texts, so home's first chunk gains no import (its first-visit JavaScript is at its budget).
 */
const ENTRIES = [
  { key: 'ipo', testId: 'home-ipo-entry', to: () => paths.ipoCentre() },
  { key: 'blockTrade', testId: 'home-block-trade-entry', to: paths.blockTrade },
  // AI quantification (docs/strategies.md): the quant strategies and their subscribe sheet.
  { key: 'quant', testId: 'home-quant-entry', to: paths.quant },
] as const;

function Entries() {
  const { t } = useTranslation();
  return (
    <div className="home-entries">
      {ENTRIES.map((e) => (
        <Link key={e.key} to={e.to()} className="home-entry" data-testid={e.testId}>
          <span>{t(`market.${e.key}EntryTitle`)}</span>
          <Icon name="chevron" size={16} />
        </Link>
      ))}
    </div>
  );
}

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
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.login())}>
            {t('home.login')}
          </Button>
          <Button shape="rounded" onClick={() => navigate(paths.register())}>
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
        <Button color="primary" shape="rounded" onClick={() => navigate(paths.profile(), { replace: true })}>
          {t('home.myAccount')}
        </Button>
      </div>
    </section>
  );
}

function SectionHeader({ id, title, action }: { id?: string; title: string; action?: ReactNode }) {
  return (
    <div className="section-header">
      <h2 className="section-title" id={id}>
        {title}
      </h2>
      {action}
    </div>
  );
}

/** The user's watchlist, or for guests and empty lists a suggested selection with a hint. */
function WatchlistPreview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const query = useHomeCustomListQuery();
  const suggested = query.data?.origin === 'suggested';
  return (
    <section aria-labelledby="home-watchlist" data-testid="home-watchlist">
      <div className="section-header">
        <h2 className="section-title" id="home-watchlist">
          {loggedIn && !suggested ? t('home.watchlistTitle') : t('home.suggestedTitle')}
        </h2>
        {loggedIn && !suggested && (
          <Link className="section-link" to={paths.watchlist()} replace>
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      {!loggedIn && (
        <div className="hint-card">
          <Icon name="star" size={18} />
          <p>{t('home.watchlistGuest')}</p>
          <button
            type="button"
            className="text-link"
            onClick={() => navigate(loginPathFor(paths.watchlist()))}
            data-testid="home-watchlist-login"
          >
            {t('home.login')}
          </button>
        </div>
      )}
      {loggedIn && suggested && (
        <div className="hint-card">
          <Icon name="star" size={18} />
          <p>{t('home.watchlistEmpty')}</p>
        </div>
      )}
      <div className="card list-card">
        <QuoteList
          query={query}
          quotes={query.data?.list}
          compactError
          skeletonRows={4}
          empty={<EmptyState icon="star" title={t('home.watchlistEmpty')} />}
        />
      </div>
    </section>
  );
}

function HotStocks() {
  const { t } = useTranslation();
  const query = useQuoteListQuery({ list: 'hot' }, 5);
  return (
    <section aria-labelledby="home-hot" data-testid="home-hot">
      <SectionHeader id="home-hot" title={t('home.hotTitle')} />
      <div className="card list-card">
        <QuoteList
          query={query}
          quotes={query.data?.list}
          compactError
          skeletonRows={5}
          empty={<EmptyState icon="market" title={t('movers.empty')} />}
        />
      </div>
    </section>
  );
}

/**
 * The brand and the header's buttons. Its own component: the brand's answer arrives after the first render and
 * re-renders only this, not the page's lists (a whole-page render when it came was one of the first visit's long
 * tasks).
 */
function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = useBrandQuery();
  return (
    <header className="home-header">
      <div className="home-header__brand">
        <BrandMark size={36} />
        <div>
          <h1 className="home-header__name">{brand.name}</h1>
          <p className="home-header__tagline">{brand.tagline ?? t('home.tagline')}</p>
        </div>
      </div>
      <div className="home-header__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('search.open')}
          onClick={() => navigate(paths.search())}
          data-testid="open-search"
        >
          <Icon name="search" size={18} />
        </button>
        <LanguageButton />
      </div>
    </header>
  );
}

export function HomePage() {
  const { t } = useTranslation();

  return (
    <Page header={<HomeHeader />}>
      <Greeting />
      <Entries />
      <SimulatedNotice />

      <div className="section-header">
        <h2 className="section-title">{t('home.indicesTitle')}</h2>
        <LiveBadge />
      </div>
      <IndexStrip />

      <WatchlistPreview />
      {/* Below the first screenful: mounted, and their lists asked for, as they come near (WhenNear). */}
      <WhenNear minHeight={460}>
        <Movers />
      </WhenNear>
      <WhenNear minHeight={370}>
        <HotStocks />
      </WhenNear>
      <NewsSlot pageSize={3} />

      <h2 className="section-title">{t('home.reachTitle')}</h2>
      <WhenNear minHeight={200}>
        <Figures />
      </WhenNear>

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
