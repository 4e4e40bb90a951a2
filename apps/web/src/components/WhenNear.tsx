import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useInView } from '../lib/useInView';

/**
 * Renders its children only once their place comes near the screen, and keeps them from then on. For a screen's
 * sections below the first screenful: their components, queries and DOM cost nothing until a user scrolls towards
 * them, so the first screen mounts and lays out sooner (issue 13, the first visit's blocking time). `minHeight`
 * holds the space meanwhile, so the page's height and scroll position barely move when they arrive.
 */
export function WhenNear({
  children,
  minHeight,
  margin = '400px',
  fallback,
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
  /** Shown in the held space meanwhile (a skeleton); nothing by default. */
  fallback?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, margin);
  const [shown, setShown] = useState(near);
  useEffect(() => {
    if (near) setShown(true);
  }, [near]);
  if (shown) return children;
  return (
    <div ref={ref} style={{ minHeight }} data-testid="when-near" aria-hidden="true">
      {fallback}
    </div>
  );
}
