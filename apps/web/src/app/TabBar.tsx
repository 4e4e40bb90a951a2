import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCountQuery } from '../api/inbox';
import { Icon, type IconName } from '../components/Icon';
import { TABS, type TabName } from './routes';

const tabIcons: Record<TabName, IconName> = {
  home: 'home',
  market: 'market',
  watchlist: 'star',
  trade: 'trade',
  profile: 'user',
};

/**
 * The bottom tab bar (SPEC §2): 50 px, dark, gold when selected. Switching tabs replaces the
 * history entry, so back never walks through earlier tabs and back on home leaves the app.
 */
export function TabBar({ active }: { active: TabName }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Unread messages show on the profile tab (docs/money.md "The inbox"); idle for guests.
  const unread = useUnreadCountQuery().data ?? 0;
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      {TABS.map((tab) => {
        const selected = tab.name === active;
        return (
          <button
            key={tab.name}
            type="button"
            className={`tab-bar__item${selected ? ' tab-bar__item--active' : ''}`}
            aria-current={selected ? 'page' : undefined}
            data-testid={`tab-${tab.name}`}
            onClick={() => {
              if (!selected) navigate(tab.path, { replace: true });
            }}
          >
            <span className="tab-bar__icon">
              <Icon name={tabIcons[tab.name]} size={22} strokeWidth={selected ? 2.1 : 1.7} />
              {tab.name === 'profile' && unread > 0 && (
                // The label says it in words (below); the figure is for the eye.
                <span className="tab-bar__badge" aria-hidden="true" data-testid="tab-profile-unread">
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </span>
            <span className="tab-bar__label">
              {t(`tabs.${tab.name}`)}
              {tab.name === 'profile' && unread > 0 && (
                <span className="sr-only"> ({t('notice.unreadCount', { count: unread })})</span>
              )}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
