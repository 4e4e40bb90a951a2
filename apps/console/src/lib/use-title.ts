import { useEffect } from 'react';
import { strings } from '../strings';

export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${strings.appName}`;
  }, [title]);
}
