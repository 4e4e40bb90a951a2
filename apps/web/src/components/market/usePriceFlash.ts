import { useState } from 'react';

type Flash = { direction: 'up' | 'down'; n: number };

/**
 * Which way the price last moved, for a short highlight: `n` changes on every move so the element can be
 * re-keyed and the animation plays again. Worked out while rendering (React's "adjusting state when a prop
 * changes"), so a tick costs one render, inside the tick's own transition, not a second one from an effect.
 */
export function usePriceFlash(price: string): Flash | null {
  const [seen, setSeen] = useState<{ price: string; flash: Flash | null }>({ price, flash: null });
  if (seen.price === price) return seen.flash;
  const direction = Number(price) >= Number(seen.price) ? 'up' : 'down';
  const flash: Flash = { direction, n: (seen.flash?.n ?? 0) + 1 };
  setSeen({ price, flash });
  return flash;
}
