import { type RefObject, useLayoutEffect, useRef } from 'react';

/** How long a moved price stays tinted. */
export const FLASH_MS = 600;

const tinted = new Map<Element, number>();
let sweepScheduled = false;

function untint(element: Element) {
  element.classList.remove('flash--up', 'flash--down');
}

/** Clears the tints whose time is up, with one timer for the whole page (a second's ticks flash dozens of rows). */
function sweepTints() {
  sweepScheduled = false;
  const now = performance.now();
  let next = Number.POSITIVE_INFINITY;
  for (const [element, until] of tinted) {
    if (until <= now + 8 || !element.isConnected) {
      untint(element);
      tinted.delete(element);
    } else next = Math.min(next, until);
  }
  if (next !== Number.POSITIVE_INFINITY) schedule(next - now);
}

function schedule(ms: number) {
  sweepScheduled = true;
  setTimeout(sweepTints, ms);
}

function tint(element: Element, direction: 'up' | 'down') {
  untint(element);
  element.classList.add(`flash--${direction}`);
  tinted.set(element, performance.now() + FLASH_MS);
  if (!sweepScheduled) schedule(FLASH_MS);
}

/**
 * A short tint on the price's element when the price moves (green up, red down): put the returned ref on it.
 * The tint is a class set on the element and cleared by one shared timer: no animation, no layer, no re-render
 * and no remount. An animated fade gave every ticking row a compositor layer of its own and a frame-by-frame
 * animation: on a phone-sized home screen about two thirds of the main thread's time while prices ticked
 * (docs/performance.md).
 */
export function usePriceFlash<T extends HTMLElement>(price: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  const last = useRef(price);
  useLayoutEffect(() => {
    const before = last.current;
    if (before === price) return;
    last.current = price;
    if (ref.current) tint(ref.current, Number(price) >= Number(before) ? 'up' : 'down');
  }, [price]);
  return ref;
}
