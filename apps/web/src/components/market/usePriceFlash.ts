import { useEffect, useRef, useState } from 'react';

/**
 * Which way the price last moved, for a short highlight: `n` changes on every move so the element can be
 * re-keyed and the animation plays again.
 */
export function usePriceFlash(price: string): { direction: 'up' | 'down'; n: number } | null {
  const previous = useRef(price);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    if (previous.current === price) return;
    const direction = Number(price) >= Number(previous.current) ? 'up' : 'down';
    previous.current = price;
    setFlash((f) => ({ direction, n: (f?.n ?? 0) + 1 }));
  }, [price]);
  return flash;
}
