import { startTransition, useEffect, useState } from 'react';

/**
 * False in the render that mounts the component, true once the browser has painted that render's frame (the task
 * after the next animation frame). For the parts of a screen that can come a moment after what the customer opened
 * it for, and for the requests they make: the quote's price is painted without waiting for the chart's code, the
 * order book and the instrument's hours, which on a slow network would otherwise share its bandwidth. The switch is
 * a transition, so the parts it adds render in slices that yield to the browser.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
