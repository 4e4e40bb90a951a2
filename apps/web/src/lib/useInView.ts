import { type RefObject, useEffect, useState } from 'react';

/**
 * True while the element is on screen (or near it), so a long list follows only the rows a user
 * can see (api/live.ts) and a paged list loads its next page as its end comes near (LoadMore).
 * Without IntersectionObserver everything counts as visible. "Near" is measured in the screen's scrolling content
 * (the Page's main), so the margin reaches below its visible part: with the viewport as the root, the content's own
 * clipping would cut the margin off.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '120px'): boolean {
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setVisible(entry.isIntersecting);
      },
      { root: element.closest('.page__content'), rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return visible;
}
