import type { Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsLoggedIn } from '../../api/session';
import { useWatchToggleMutation } from '../../api/watchlist';
import { currentLocation, loginPathFor } from '../../app/navigation';
import { toastSuccess } from '../../lib/toast';
import { Icon } from '../Icon';
import './WatchStar.css';

/** The watchlist toggle of a quote screen; guests are sent to log in and come back here. */
export function WatchStar({ quote }: { quote: Pick<Quote, 'stock_code' | 'source' | 'selfSelectStatus'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const toggle = useWatchToggleMutation();
  const on = quote.selfSelectStatus === 1;
  const label = on ? t('watchlist.remove') : t('watchlist.add');
  return (
    <button
      type="button"
      className={`star-button${on ? ' star-button--on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      data-testid="watch-star"
      disabled={toggle.isPending}
      onClick={() => {
        if (!loggedIn) {
          navigate(loginPathFor(currentLocation()));
          return;
        }
        toggle.mutate(
          { quote, on: !on },
          { onSuccess: () => toastSuccess(on ? t('watchlist.removed') : t('watchlist.added')) },
        );
      }}
    >
      <Icon name="star" size={22} fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}
