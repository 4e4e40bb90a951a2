import { PAGE_LOAD_DELAY_MS } from '@beurs/contracts';
import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `ms` (SPEC §9 page load delay, 200 ms): fast loads
 * show no spinner at all instead of a flash of one.
 */
export function useDelayed(active: boolean, ms = PAGE_LOAD_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms]);
  return active && shown;
}
