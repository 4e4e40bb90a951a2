import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './OfflineNotice.css';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * A bar above every screen while the device has no connection: the app itself opens from the service worker's
 * cache, but what it shows is not live until the connection is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      {t('common.offlineNotice')}
    </div>
  );
}
