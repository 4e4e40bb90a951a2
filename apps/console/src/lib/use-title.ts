import { useEffect } from 'react';
import { t } from '../i18n';

export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title]);
}
